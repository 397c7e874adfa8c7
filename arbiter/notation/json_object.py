"""The JSON object a text log's `meta` line holds, read where it stands in the text: as
strict as the JSON reader of a log (a duplicate key and NaN are refused), and its error
given with the place it was found, for the parser to say at that line and column."""

from __future__ import annotations

import json
from typing import Any

from arbiter.errors import LogReadError
from arbiter.reading.limits import MAX_DEPTH, NotJSON, check_depth, no_constant, unique_pairs


class JSONObjectError(ValueError):
    """The object cannot be read: `detail` says why, `pos` where (None: where it begins)."""

    def __init__(self, detail: str, pos: int | None = None) -> None:
        super().__init__(detail)
        self.detail = detail
        self.pos = pos


_DECODER = json.JSONDecoder(object_pairs_hook=unique_pairs, parse_constant=no_constant)


def read_json_object(text: str, pos: int) -> tuple[dict[str, Any], int]:
    """The object that begins at `pos` ("{"), and where it ends."""
    value: dict[str, Any]  # it begins with "{", and `unique_pairs` makes every object a dict
    try:
        value, end = _DECODER.raw_decode(text, pos)
    except json.JSONDecodeError as exc:
        # "Unterminated string starting at": the place is the parser's to say, before the message
        said = exc.msg.removesuffix(" at") + " here" if exc.msg.endswith(" at") else exc.msg
        raise JSONObjectError(f"not valid JSON: {said}", exc.pos) from None
    except NotJSON as exc:
        raise JSONObjectError(f"the JSON object has {exc}") from None
    except ValueError as exc:
        raise JSONObjectError(f"not valid JSON: {exc}") from None
    except RecursionError:
        raise JSONObjectError(_TOO_DEEP) from None
    try:
        check_depth(value, 2)  # `meta`, one level into the log: said here, not at the log's first line
    except LogReadError:
        raise JSONObjectError(_TOO_DEEP) from None
    return value, end


_TOO_DEEP = f"the JSON object is nested too deeply (a log nests at most {MAX_DEPTH} levels)"
