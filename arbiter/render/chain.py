"""The answer to `arbiter evidence` and `arbiter referee`: who, and who was passed over why."""

from __future__ import annotations

import json
from typing import Any

REASONS = {
    "disputant": "a party to the dispute",
    "dealer": "the dealer",
    "unable": "unable to give evidence",
}


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
