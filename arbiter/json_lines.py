"""A log (or a simulation's truth) written as JSON that reads like the shipped cases: one
event, or finding, a line. What `arbiter convert --to json` and `arbiter simulate` write."""

from __future__ import annotations

import json
from typing import Any


def to_json(document: dict[str, Any]) -> str:
    """A log or a truth as JSON that reads like the shipped cases: one event (or finding)
    a line."""
    lines = ["{"]
    items = list(document.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            rows = [f"    {json.dumps(v, ensure_ascii=False)}" for v in value]
            lines.append(f'  {json.dumps(key)}: [\n' + ",\n".join(rows) + f"\n  ]{comma}")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"
