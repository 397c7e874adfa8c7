"""The table as the log so far leaves it: the replay's findings and state, and who acts next.

The log is read and replayed whole after every line (a few milliseconds for a night's
play), so the table shows exactly what `arbiter check` would say of the file: there is
no second engine to keep in step. Who acts next is read from the replay's own turn
orders (`turn_of`), which the rules define.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from arbiter.engine.compiled import CompiledRules
from arbiter.engine.replay import Replay, lowest_drawers
from arbiter.notation import Parsed, parse_checked

PHASES = {
    "before_deal": "before the deal", "dealing": "the deal", "say": "the say", "draw": "the draw",
    "betting": "the betting after the draw", "show": "the show", "over": "over",
}


@dataclass
class Position:
    """A log read and replayed: the document, where its events stand, the replay after it."""

    log: dict[str, Any]
    parsed: Parsed
    replay: Replay

    @property
    def findings(self) -> list[dict[str, Any]]:
        return self.replay.findings

    @property
    def games(self) -> list[dict[str, Any]]:
        return self.replay.games_report

    def line_of(self, event: int | None) -> int | None:
        """The line of the text an event was written on."""
        lines = self.parsed.event_lines
        return lines[event] if event is not None and 0 <= event < len(lines) else None

    def current_dispute(self) -> dict[str, Any] | None:
        """The last `dispute` of the deal in play, if any."""
        for event in reversed(self.log["events"]):
            if event["type"] == "dispute":
                return event
            if event["type"] == "deal":
                return None
        return None


def read_position(text: str, name: str, rules: CompiledRules) -> Position:
    """Read, check and replay a text log; raises `LogError` (a `NotationError` with the
    line and column, or a `ReplayError`) for a log that cannot be replayed."""
    log, parsed = parse_checked(text, name)
    replay = Replay(log, rules)
    replay.run()
    return Position(log, parsed, replay)


def status_lines(position: Position) -> list[str]:
    """`status`: the game, the pool, the stakes, who is still in, whose turn it is."""
    replay = position.replay
    table = position.log["table"]
    head = f"players {', '.join(table['players'])}; limit {table['limit']}, ante {table['ante']}"
    if replay.game is None:
        return [head, f"next: {next_to_act(position)}"]
    now = replay.snapshot()
    jackpot = now["jackpot"]
    kind = (f"jack-pot no. {jackpot['number']}, {jackpot['openers']} or better to open" if jackpot
            else "an ordinary game")
    stakes = ", ".join(f"{p} {s}" for p, s in now["stakes"].items())
    out = [p for p in now["stakes"] if p not in now["still_in"]]
    net = ", ".join(f"{p} {v:+d}" for p, v in replay.ledger.net(table["players"]).items())
    return [
        head,
        f"game {now['game']}, deal {now['deal']}: {now['dealer']} deals; {kind}; {PHASES[now['phase']]}",
        f"pool {now['pool']}; stakes: {stakes}",
        f"still in: {', '.join(now['still_in']) or 'no one'}"
        + (f"; out: {', '.join(out)}" if out else "") + (f" (foul: {', '.join(now['foul'])})" if now["foul"] else ""),
        f"net so far: {net}",
        f"next: {next_to_act(position)}",
    ]


def next_to_act(position: Position) -> str:
    """Who should act now, by the orders of the laws, in words."""
    replay = position.replay
    game = replay.game
    if game is None:
        return _first_deal(replay)
    deal = game.deal
    highest = game.highest_stake()
    if game.pending_claim is not None:
        return f"{game.opener} shows the hand he opened with (L33) before the pool is paid"
    if game.resolved:
        nxt = position.games[-1]["next"]
        jackpot = nxt["jackpot"]
        then = f", a jack-pot with {jackpot['openers']} or better to open" if jackpot else ""
        return f"the game is over: {nxt['dealer']} deals the next game{then}"
    if deal.misdealt:
        return f"a misdeal: {game.redeal_by} deals again"
    if game.phase == "before_deal":
        return _before_the_deal(replay)
    if game.phase == "dealing":
        return f"{game.dealer} deals: the next card to {replay.turn_of('deal')}"
    if game.phase == "say":
        chain = replay.turn_chain()
        acts = f"play (stake {game.preceding} or more) or pass" if game.opener else "open or pass"
        return _chain_words(chain, "{}'s say", "say", acts)
    if game.phase == "draw":
        waiting = [p for p in game.draw.order if p in game.still_in
                   and deal.hands[p].discarded is not None and not deal.hands[p].supplied]
        if waiting:
            return f"{game.dealer} gives {waiting[0]} the cards he asks for"
        player = replay.turn_of("draw")
        if player is None:
            return f"the draw is over: {replay.first_bettor()} bets first: play or pass"
        if game.stakes[player] < highest:
            return f"{player} to draw: first he makes his stake {highest} or passes (D4), then discards"
        return f"{player} to draw: he discards (or stands pat) and asks for cards"
    if game.phase == "betting":
        return _chain_words(replay.turn_chain(), "{} to bet", "bet", f"play (stake {game.preceding} or more) or pass")
    if game.phase == "show":
        return f"the hands are shown: {', '.join(replay.show_due())}"
    return PHASES.get(game.phase, game.phase)


def _chain_words(chain: list[str], turn: str, verb: str, acts: str) -> str:
    """Who may act in turn now: one player, or early actors whose turn may pass first."""
    if not chain:
        return f"no one is left to {verb}"
    *early, last = chain
    whose = f"{turn.format(last)}: {acts}"
    if not early:
        return whose
    return f"{', '.join(early)} may {verb} again (the early act stands and the turn may pass), or {whose}"


def _first_deal(replay: Replay) -> str:
    session = replay.session
    if not (session.draw_round or session.draw_tied):
        return "the draw for the deal (NAME draws for deal CARD), or the first deal (NAME deals)"
    drawing = session.draw_tied or replay.seating.players
    yet = [p for p in drawing if p not in session.draw_round]
    if yet:
        return f"the draw for the deal goes on: {', '.join(yet)} to draw"
    lowest = lowest_drawers(session.draw_round)
    if len(lowest) > 1:
        return f"{', '.join(lowest)} tie for the lowest card: they draw again (L2)"
    return f"{lowest[0]} deals first: the lowest card (L2)"


def _before_the_deal(replay: Replay) -> str:
    game = replay.game
    deal = game.deal
    todo = []
    if not any(s["player"] == game.dealer for s in deal.shuffles):
        todo.append(f"{game.dealer} shuffles")
    if deal.cut_by is None:
        todo.append(f"{replay.seating.right_of(game.dealer)} cuts")
    if game.jackpot:
        unpaid = [p for p in replay.seating.round_from(replay.seating.left_of(game.dealer))
                  if p not in game.antes_paid]
        if unpaid:
            who = f"{', '.join(unpaid)} each pay" if len(unpaid) > 1 else f"{unpaid[0]} pays"
            todo.append(f"{who} the jack-pot ante of {replay.table_ante}")
    elif game.ante is None and not deal.redeal:
        todo.append(f"{game.ante_player} antes")
    todo.append(f"{game.dealer} deals")
    return "; ".join(todo)
