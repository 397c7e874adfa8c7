"""Reading a hand log (SPEC §2): its bytes and their limits (`limits`), the JSON document
(`document`, and a long log event by event, `long_log`), the schema (`schema`), the one pass
that vouches for a sound log (`sound`, by the checks read from the schema, `checks`), the
schema as `jsonschema` reads it for a log that is not (`exact`), and the one line that says
what is wrong and where (`messages`). The rest of arbiter imports from here.
"""

from arbiter.reading.document import read_built_log, read_log_bytes, read_log_file
from arbiter.reading.limits import (
    MAX_DEPTH,
    MAX_LOG_BYTES,
    STREAM_ABOVE_BYTES,
    not_regular,
    read_source,
    read_stream,
)
from arbiter.reading.long_log import LazyEvents, read_log_lazily
from arbiter.reading.messages import json_pointer
from arbiter.reading.schema import EVENT_TYPES, LOG_SCHEMA
from arbiter.reading.sound import sound_log

__all__ = [
    "LOG_SCHEMA", "EVENT_TYPES", "MAX_LOG_BYTES", "MAX_DEPTH", "STREAM_ABOVE_BYTES", "LazyEvents",
    "read_log_bytes", "read_built_log", "read_log_lazily", "read_log_file", "not_regular", "read_source", "read_stream",
    "sound_log", "json_pointer",
]
