"""What the table session says when the log changes: each ruling as it arises, read out
with the law's own words in full, and each game as it ends."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any, Iterable, Mapping

from arbiter.engine.ledger import Movement
from arbiter.findings import GameAccount
from arbiter.live.position import Position, next_to_act
from arbiter.rulebook.model import Rulebook
from arbiter.rulebook.vocabulary.effects import Pronouns, effect_words
from arbiter.seats import POOL
from arbiter.words import fold

WIDTH = 88  # a terminal's line


def ruling_lines(finding: Mapping[str, Any], line: int | None, rulebook: Rulebook, pronouns: Pronouns,
                 width: int | None = WIDTH) -> list[str]:
    """`[L13 irregularity] line 7: Bob lifted …`, what follows in the log's pronouns (as
    `check` words it), and the law's words (folded at `width` for a terminal; in one line
    for a page, which folds its own)."""
    where = f"line {line}" if line is not None else "at the end of the log"
    lines = [f"[{finding['id']} {finding['severity']}] {where}: {finding['summary']}"]
    lines += [f"   \u2192 {effect_words(effect, pronouns)}" for effect in finding["effects"]]
    rule = rulebook.rules.get(finding["id"])
    if rule is not None:
        who = f"Law {rule.number}" if rule.authority == "law" else f"{rule.id} ({rule.title})"
        words = f"{who}: \u201c{' '.join(rule.text.split())}\u201d"
        lines += fold(words, width, "   ") if width else [f"   {words}"]
    return lines


def game_lines(game: GameAccount, ledger: Iterable[Movement], then: str | None = None) -> list[str]:
    """`game 1 is over: Cat takes 3. Next: Bob deals.`; `then`: the engine's words where
    the next act is not the next deal (a jack-pot's opener left alone shows first)."""
    taken: Counter[str] = Counter()
    for entry in ledger:
        if entry.game == game.game and entry.payer == POOL and entry.what == "win":
            taken[entry.payee] += entry.amount
    if taken:
        outcome = " and ".join(f"{p} takes {n}" for p, n in taken.items())
    elif not game.pool:  # every stake given back (a club's no-jack-pots): nothing stays
        outcome = "no one opened; nothing is left in the pool" if game.opened_by is None else "the pool is empty"
    elif game.opened_by is None:
        outcome = "no one opened; the pool stays"
    else:
        outcome = "no one takes the pool; it stays"
    if then is not None:
        return [f"game {game.game} is over: {outcome}. Next: {then}."]
    nxt = game.next or {}
    jackpot = f", a jack-pot with {nxt['jackpot']['openers']} or better to open" if nxt.get("jackpot") else ""
    return [f"game {game.game} is over: {outcome}. Next: {nxt.get('dealer')} deals{jackpot}."]


def changes(before: Position | None, after: Position, rulebook: Rulebook, width: int | None = WIDTH) -> list[str]:
    """What a new line (or an undo) changed: new rulings, rulings withdrawn, games ended, and
    games an undo took the end from."""
    old = Counter(map(_key, before.findings if before else ()))
    new = Counter(map(_key, after.findings))
    # a ruling the log still makes is not withdrawn, though held to the end of a game still played (`held`)
    made = Counter(_key(finding.to_dict()) for finding in after.replay.findings)
    added, withdrawn = new - old, old - made
    # a ruling the new line moved to another event (one judged at the game's last event, as it stands) is the same
    # ruling, said already: neither new nor withdrawn
    moved = Counter(map(_unplaced, withdrawn.elements())) & Counter(map(_unplaced, added.elements()))
    added, withdrawn = _less(added, moved), _less(withdrawn, moved)
    lines: list[str] = []
    for finding in after.findings:
        if added[_key(finding)] > 0:
            added[_key(finding)] -= 1
            lines += ruling_lines(finding, after.line_of(finding["event"]), rulebook,
                                  after.log["table"].get("pronouns"), width)
    for finding in before.findings if before else ():
        if withdrawn[_key(finding)] > 0:
            withdrawn[_key(finding)] -= 1
            lines.append(f"withdrawn: [{finding['id']}]{_said_at(before, finding)} {finding['summary']}")
    ended_before = before.games_over if before else set()
    lines += [f"game {number} is no longer over" for number in sorted(ended_before - after.games_over)]
    answer = after.answer
    waited, waits = _waiting(before), _waiting(after)
    if waits is not None and waits != waited:  # the pool waiting for what the answer asks first (L33's show)
        lines.append(f"game {waits} is played out; the pool waits. Next: {next_to_act(after)}.")
    if waited is not None and waited != waits and waited not in after.games_over:  # an undo took it back
        lines.append(f"game {waited} is no longer played out")
    told = {game.game: _outcome(game) for game in before.games} if before else {}
    for game in after.games:
        # a game newly over, or one over whose end the new line changed (a jack-pot opener's show: L33)
        if game.game in after.games_over and (game.game not in ended_before or told.get(game.game) != _outcome(game)):
            # where the engine's answer for this game is an act before the next deal, it says it
            first = answer["game"] == game.game and not any(act["type"] == "deal" for act in answer["acts"])
            lines += game_lines(game, after.replay.board.ledger.movements(), next_to_act(after) if first else None)
    return lines


def _waiting(position: Position | None) -> int | None:
    """The game played out whose pool waits (a jack-pot opener's hand no line has shown, left
    alone or the winner at the show): not one a win recorded while hands are due held."""
    if position is None or not position.held or not any(
            ask["what"] == "opening hand" for ask in position.answer["asks"]):
        return None
    number: int = position.answer["game"]
    return number


def _outcome(game: GameAccount) -> str:
    """What a game's end says: who takes what of the pool, and what comes next."""
    return json.dumps([game.winners, game.pool, game.next], sort_keys=True)


def _said_at(before: Position | None, finding: Mapping[str, Any]) -> str:
    """` line 5:`, the line a ruling was said at: which of two alike an undo withdrew."""
    line = before.line_of(finding["event"]) if before is not None else None
    return f" line {line}:" if line is not None else ""


def _key(finding: Mapping[str, Any]) -> str:
    return json.dumps(finding, sort_keys=True)


def _unplaced(key: str) -> str:
    """A finding's key but for the event it stands at."""
    return json.dumps({k: v for k, v in json.loads(key).items() if k != "event"}, sort_keys=True)


def _less(keys: Counter[str], moved: Counter[str]) -> Counter[str]:
    """`keys` but for as many of each moved ruling as moved."""
    left, kept = moved.copy(), Counter[str]()
    for key in keys.elements():
        if left[_unplaced(key)] > 0:
            left[_unplaced(key)] -= 1
        else:
            kept[key] += 1
    return kept
