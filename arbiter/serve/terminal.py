"""What `arbiter serve` prints on its terminal while it serves, and how.

Two things come from outside and reach the terminal: names (the game file's, the address
given, a certificate's), and the lines that uvicorn and asyncio log about the traffic
(a request that is not HTTP, a connection refused). Either could drive the terminal: a
name may hold escape sequences (CSI, which moves the cursor or changes colours, and OSC,
which sets the window's title or writes a link), so every name printed goes through
`printable` (`arbiter/escapes.py`). The log lines could drown it, or, written to a pipe
that nobody reads, stop the server: `OneLine` writes each at most once a second, one line each, and never
waits for the terminal.

Nothing here needs the web stack.
"""

from __future__ import annotations

import logging
import os
import select
import time
from collections import Counter

from arbiter.escapes import printable

EVERY = 1.0  # seconds: the same message is written once in this time at most
LONGEST = 1000  # characters of a line written (a pipe takes up to 4,096 bytes in one piece)


class OneLine(logging.Handler):
    """Each record logged as one line on a file descriptor (standard error), for a server
    that must not be stopped by what it says:

    - one line: the message's first line and, for an exception, its type and words, never a
      traceback (an error about one connection repeated for a thousand is one error);
    - the same message (its first line, so that one naming each connection is still one)
      once a second at most, saying how many were left out since;
    - never waited for: a line the terminal or pipe cannot take at once is dropped. A
      server blocked on writing to a full pipe answers nothing, SIGTERM included.
    """

    def __init__(self, fd: int = 2) -> None:
        super().__init__(logging.WARNING)
        self.fd = fd
        self.written: dict[str, float] = {}
        self.left_out: Counter[str] = Counter()

    def emit(self, record: logging.LogRecord) -> None:
        said = record.getMessage().strip().split("\n", 1)[0]
        now = time.monotonic()
        if now - self.written.get(said, -EVERY) < EVERY:
            self.left_out[said] += 1
            return
        if len(self.written) > 100:  # messages that differ: forget the ones written over a second ago
            self.written = {key: at for key, at in self.written.items() if now - at < EVERY}
        self.written[said] = now
        error = record.exc_info[1] if record.exc_info else None
        line = f"arbiter serve: {said}" + (f": {type(error).__name__}: {error}" if error else "")
        if skipped := self.left_out.pop(said, 0):
            line += f" (and {skipped} more like it)"
        self.write(printable(line)[:LONGEST] + "\n")

    def write(self, line: str) -> None:
        try:
            if not select.select([], [self.fd], [], 0)[1]:
                return  # full: dropped, not waited for
            os.write(self.fd, line.encode("utf-8", "replace"))
        except OSError:  # closed, or a pipe whose reader has gone: nothing to tell
            pass
