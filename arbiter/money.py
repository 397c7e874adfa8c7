"""Counters as money, for a club that plays for stakes: `--value 0.25 --currency GBP`.

A leaf. Money is Decimal, never float: 0.1 of a pound times three must be 0.3, and a
night's sums must come out to the penny they are paid in. The value is taken only as
plain decimal digits (no exponent, no NaN or infinity), and every product is exact: the
context is wide enough for the largest count of counters a log may hold times the
largest value accepted, so nothing is ever rounded.
"""

from __future__ import annotations

import re
from decimal import Context, Decimal

_VALUE = re.compile(r"[0-9]{1,12}(\.[0-9]{1,12})?")
_CURRENCY = re.compile(r"[A-Z]{3}")
_EXACT = Context(prec=64)  # 16 digits of counters (under 2^53) times 24 of value, with room


class Money:
    """What one counter is worth, and in what currency (an ISO 4217 code, or none)."""

    def __init__(self, value: str, currency: str | None = None) -> None:
        """Raises ValueError, saying what is accepted, for a value or currency that is not."""
        if not _VALUE.fullmatch(value) or Decimal(value) == 0:
            raise ValueError(f"{value!r} is not a value for a counter: give a positive number in digits, a point "
                             "between them, at most 12 each side, such as 0.25")
        if currency is not None and not _CURRENCY.fullmatch(currency):
            raise ValueError(f"{currency!r} is not a currency code: give three capital letters such as GBP")
        self.value = Decimal(value)
        self.currency = currency

    def of(self, counters: int) -> Decimal:
        """The money `counters` are worth, exactly, to as many places as the value has."""
        return _EXACT.multiply(self.value, Decimal(counters))

    def plain(self, counters: int) -> str:
        """The money as digits (`1.75`, never `1.75E+2`): a string, so JSON keeps it exact."""
        return format(self.of(counters), "f")

    def words(self, counters: int) -> str:
        """`GBP 1.75`, or `1.75` with no currency."""
        return f"{self.currency} {self.plain(counters)}" if self.currency else self.plain(counters)
