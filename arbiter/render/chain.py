"""The answer to `arbiter evidence` and `arbiter referee`: who, and who was passed over why."""

from __future__ import annotations

import json
from typing import Any, Mapping

REASONS = {
    "disputant": "a party to the dispute",
    "dealer": "the dealer",
    "unable": "unable to give evidence",
}


def deciding_rule(chain: Mapping[str, Any], defining: str, chosen: str | None, considered: list[dict[str, Any]]) -> str:
    """The rule that names the person chosen: the chain's `decided_by` entry for the
    place at which he was reached (law 78 for the dealer's neighbours), else the rule
    that defines the chain."""
    cited = chain.get("decided_by") or []
    places = [person["player"] for person in considered]
    if chosen is None or chosen not in places or not cited:
        return defining
    return str(cited[min(places.index(chosen), len(cited) - 1)])


def render_chain(result: dict[str, Any], fmt: str, role: str, none_found: str) -> str:
    if fmt == "json":
        return json.dumps(result, indent=2, ensure_ascii=False)
    lines = []
    for step, person in enumerate(result["considered"], 1):
        reason = person["passed_over_because"]
        if reason is None:
            lines.append(f"{step}. {person['player']}: the {role}.")
        else:
            lines.append(f"{step}. {person['player']}: passed over, {REASONS.get(reason, reason)}.")
    chosen = result.get(role)
    verdict = f"The {role} is {chosen} ({result['rule']})." if chosen else f"{none_found} ({result['rule']})."
    return "\n".join([verdict, "", *lines]) + "\n"
