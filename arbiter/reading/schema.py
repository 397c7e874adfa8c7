"""The log schema (`log.schema.json`), loaded once, and the parts of it that its two
readers ask: the checks of the sound pass (`checks.py`), which only vouch for a log, and
`jsonschema` (`exact.py`), whose errors say where and why.
"""

from __future__ import annotations

import json
import re
from typing import Any, Final

from arbiter.resources import schema_file

# Not importlib.resources, which one log would pay to import (docs/speed.md).
with open(schema_file("log"), encoding="utf-8") as _schema:
    LOG_SCHEMA: dict[str, Any] = json.load(_schema)
DEFS: dict[str, Any] = LOG_SCHEMA["$defs"]
# The log schema without its definitions, which each reader resolves itself.
DOCUMENT: dict[str, Any] = {k: v for k, v in LOG_SCHEMA.items() if k != "$defs"}
# The log without its events' contents (`events`: a list): each event is asked against its
# own type's subschema (the published schema tries 28 if/then branches on each).
HEAD_SCHEMA: dict[str, Any] = {**DOCUMENT, "properties": {**LOG_SCHEMA["properties"], "events": {"type": "array"}}}
EVENT_TYPES: tuple[str, ...] = tuple(DEFS["event"]["properties"]["type"]["enum"])
# Event fields that name a player (win's player is a `player` too).
NAME_FIELDS: Final = ("player", "to", "dealer", "about")
# A player's name as the schema has it (`$defs/name`): the names given on a command line are
# held to the same rule as a log's.
_NAME = re.compile(DEFS["name"]["pattern"])


def is_name(text: str) -> bool:
    return _NAME.search(text) is not None
