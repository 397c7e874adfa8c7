"""The text notation for hand logs: one event a line, in plain words close to Peel's.

    players Ann Bob Cat Dan; limit 20; ante 1
    Ann deals; Ann shuffles; Dan cuts; Bob antes 1
    dealt
    Cat opens 2; Dan plays 2; Ann passes; Bob plays 2

It says exactly what the JSON form says (SPEC §2): `write_text` and `read_text_log`
convert either way without loss, `meta` and every event's `note` included. The words
are in `grammar.py`; the README's "The text notation" writes the grammar down.
"""

from arbiter.notation.grammar import FORMS, form_lines
from arbiter.notation.parser import NotationError, Parsed, parse_text
from arbiter.notation.reading import TEXT_SUFFIX, is_text_log, parse_checked, read_any_log, read_text_log
from arbiter.notation.writer import event_line, name_text, table_line, write_text

__all__ = [
    "FORMS", "form_lines", "NotationError", "Parsed", "parse_text", "TEXT_SUFFIX", "is_text_log", "parse_checked",
    "read_any_log", "read_text_log", "event_line", "name_text", "table_line", "write_text",
]
