"""The text notation for hand logs: one event a line, in plain words close to Peel's.

    players Ann Bob Cat Dan; limit 20; ante 1
    Ann deals; Ann shuffles; Dan cuts; Bob antes 1
    dealt
    Cat opens 2; Dan plays 2; Ann passes; Bob plays 2

It says exactly what the JSON form says (SPEC §2): `write_text` and `read_text_log`
convert either way without loss, `meta` and every event's `note` included. The words
are in `grammar.py`; the README's "The text notation" writes the grammar down.
"""

from importlib import import_module
from typing import Any

# Where each name lives. They are imported when first asked for, so that checking a JSON
# log (which only asks `reading` whether a log is text) never loads the parser.
_HOMES = {
    "FORMS": "grammar", "form_lines": "grammar",
    "NotationError": "parser", "Parsed": "parser", "parse_names": "parser", "parse_text": "parser",
    "TEXT_SUFFIX": "reading", "is_text_log": "reading", "parse_checked": "reading", "read_any_log": "reading",
    "read_text_log": "reading",
    "event_line": "writer", "name_text": "writer", "table_line": "writer", "write_text": "writer",
}
__all__ = list(_HOMES)


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{_HOMES[name]}"), name)
