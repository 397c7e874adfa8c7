"""An evening settled (`arbiter settle`): for the table to read out, for a program, for a
spreadsheet (CSV: a text cell that would begin a formula is quoted, render/spreadsheet.py).

Money, where a counter's value is given, is written beside the counters as digits (a
string in JSON), never as a float. The shape of the JSON is `arbiter schema settle`.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

from arbiter.escapes import printable
from arbiter.evening import Evening
from arbiter.money import Money
from arbiter.nights import LEFT_OVER_WHY, Night
from arbiter.render.columns import draw_table
from arbiter.render.spreadsheet import csv_text
from arbiter.seats import POOL
from arbiter.words import plural


def render_settle(evening: Evening, fmt: str, money: Money | None = None) -> str:
    """The settlement as `table`, `json` or `csv`."""
    if fmt == "json":
        return json.dumps(settle_document(evening, money), ensure_ascii=False, indent=2) + "\n"
    if fmt == "csv":
        return _csv(evening, money)
    return _table(evening, money)


def settle_document(evening: Evening, money: Money | None = None) -> dict[str, Any]:
    def priced(item: dict[str, Any]) -> dict[str, Any]:
        return {**item, "money": money.plain(item["amount"])} if money else item

    document: dict[str, Any] = {
        "nets": evening.nets,
        "payments": [priced({"from": payer, "to": payee, "amount": amount})
                     for payer, payee, amount in evening.payments],
        "left_over": [priced({**pool.to_dict(), "paid_by": [priced({"from": line.payer, "amount": line.amount})
                                                            for line in evening.into_pools if line.pool is pool]})
                      for pool in evening.pools],
        "logs": [_log_item(night) for night in evening.nights],
    }
    if money:
        document["money"] = {"value": format(money.value, "f"), "currency": money.currency,
                             "nets": {person: money.plain(net) for person, net in evening.nets.items()}}
    return document


def _log_item(night: Night) -> dict[str, Any]:
    return {"file": night.file, "status": night.status, "games": night.games,
            "left_over": night.left_over.amount if night.left_over else 0, "error": night.error}


def _table(evening: Evening, money: Money | None) -> str:
    played = [night for night in evening.nights if not night.invalid]
    games = sum(night.games for night in played)
    lines = [f"{plural(len(played), 'log')}, {plural(games, 'game')}: the night's nets"]
    if evening.left_out:
        lines[0] += f" ({plural(len(evening.left_out), 'log')} left out, invalid)"
    if evening.nets:
        place = {person: n for n, person in enumerate(evening.nets)}
        people = sorted(evening.nets, key=lambda person: (-evening.nets[person], place[person]))
        headers = ["player", "net"]
        rows: list[list[Any]] = [[person, evening.nets[person]] for person in people]
        if money:
            headers.append(money.currency or "money")
            for row, value in zip(rows, right([money.plain(evening.nets[person]) for person in people], headers[-1])):
                row.append(value)
        lines += ["", *("  " + line for line in draw_table(rows, headers).splitlines())]
    lines.append("")
    for payer, payee, amount in evening.payments:
        lines.append(f"{payer} pays {payee} {amount}{_in_money(amount, money)}")
    if not evening.payments and evening.nets:
        lines.append("No player pays another.")
    if evening.pools:
        lines += ["", "Left in a pool, not shared out: its keeper holds what it is worth until it is played."]
    for pool in evening.pools:
        paid = ", ".join(f"{line.payer} pays {line.amount}{_in_money(line.amount, money)}"
                         for line in evening.into_pools if line.pool is pool)
        lines.append(f"  {printable(pool.file)}, game {pool.game}: {pool.amount}{_in_money(pool.amount, money)} left "
                     f"({LEFT_OVER_WHY[pool.why]}); {paid} to its keeper")
    return "\n".join(lines) + "\n"


def right(cells: list[str], header: str) -> list[str]:
    """Figures that are not whole numbers (money), set to the right of their column as
    `draw_table` sets whole numbers."""
    size = max([len(header) + 2, *map(len, cells)])
    return [cell.rjust(size) for cell in cells]


def _in_money(amount: int, money: Money | None) -> str:
    return f" ({money.words(amount)})" if money else ""


def error_words(night: Night) -> str:
    """Why a log was left out, with where in it (as `arbiter check` says it)."""
    error = night.error or {"message": "cannot be read", "path": ""}
    where = f" (at {error['path']})" if error["path"] else ""
    return f"{printable(night.file)}: {error['message']}{where}"


def _csv(evening: Evening, money: Money | None) -> str:
    """One row a payment, with the pools' keeping as payments `to` the pool, whose log and
    game are named (empty for a payment to a player)."""
    header = ["from", "to", "amount", *(["money"] if money else []), "log", "game"]
    payments = ([payer, payee, amount, *([money.plain(amount)] if money else []), "", ""]
                for payer, payee, amount in evening.payments)
    into_pools = ([line.payer, POOL, line.amount, *([money.plain(line.amount)] if money else []),
                   line.pool.file, line.pool.game] for line in evening.into_pools)
    return csv_text(header, itertools.chain(payments, into_pools))
