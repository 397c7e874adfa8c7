"""The table as the log so far leaves it: the replay's findings and state, and who acts next.

The log is read and replayed whole after every line (a few milliseconds for a night's
play), so the table shows exactly what `arbiter check` would say of the file: there is
no second engine to keep in step. Who acts next is read from the replay's own turn
orders (`turn_of`), which the rules define.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from arbiter.engine import turns
from arbiter.engine.compiled import CompiledRules
from arbiter.engine.replay import Replay, lowest_drawers
from arbiter.notation import Parsed, parse_checked
from arbiter.words import pronoun_of

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
        return [finding.to_dict() for finding in self.replay.findings]

    @property
    def games(self) -> list[dict[str, Any]]:
        return self.replay.games_report

    def line_of(self, event: int | None) -> int | None:
        """The line of the text an event was written on."""
        lines = self.parsed.event_lines
        return lines[event] if event is not None and 0 <= event < len(lines) else None

    def current_dispute(self) -> dict[str, Any] | None:
        """The last `dispute` of the deal in play, if any."""
        events: list[dict[str, Any]] = self.log["events"]
        for event in events[::-1]:  # (mypy reads `reversed()` of a list as Any)
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
    if replay.table.game is None:
        return [head, f"next: {next_to_act(position)}"]
    now = replay.snapshot()
    jackpot = now["jackpot"]
    kind = (f"jack-pot no. {jackpot['number']}, {jackpot['openers']} or better to open" if jackpot
            else "an ordinary game")
    stakes = ", ".join(f"{p} {s}" for p, s in now["stakes"].items())
    out = [p for p in now["stakes"] if p not in now["still_in"]]
    net = ", ".join(f"{p} {v:+d}" for p, v in replay.table.ledger.net(table["players"]).items())
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
    return turn(position).words


class Act(NamedTuple):
    """One act the laws expect next, as the log's event holds it; `ask` names the fields
    whose value the person recording it gives (a stake raised, the cards shown): the
    event holds the usual value, or none."""

    event: dict[str, Any]
    ask: tuple[str, ...] = ()


class Turn(NamedTuple):
    """Who should act now, in words, and the acts that would be in order: what `table`
    says after `next:`, and the buttons of `arbiter serve`'s page."""

    words: str
    acts: tuple[Act, ...] = ()
    players: tuple[str, ...] = ()  # who may act in turn now, where several may (an early actor, then the next)


def turn(position: Position) -> Turn:
    """Who should act now and what they may do, by the replay's own turn orders."""
    replay = position.replay
    game = replay.table.game
    if game is None:
        return _first_deal(replay)
    deal = game.deal
    highest = game.highest_stake()
    pronouns = position.log["table"].get("pronouns")
    if game.pending_claim is not None:
        opener = pronoun_of(game.opener, pronouns)
        waits = replay.rules.rulebook.implementing("engine/replay.py:Replay.settle_pending_claim")
        law = f" ({waits.id})" if waits else ""
        return Turn(f"{game.opener} shows the hand {opener.subject} opened with{law} before the pool is paid",
                    (_act("show", game.opener, "cards", cards=[]),))
    if game.resolved:
        nxt = position.games[-1]["next"]
        jackpot = nxt["jackpot"]
        then = f", a jack-pot with {jackpot['openers']} or better to open" if jackpot else ""
        return Turn(f"the game is over: {nxt['dealer']} deals the next game{then}",
                    (_deal(nxt["dealer"]), *(_act("win", p) for p in game.winners)))
    if deal.misdealt:
        return Turn(f"a misdeal: {game.redeal_by} deals again", (_deal(game.redeal_by),))
    if game.phase == "before_deal":
        return _before_the_deal(replay)
    if game.phase == "dealing":
        player = replay.table.turns.of("deal")
        return Turn(f"{game.dealer} deals: the next card to {player}", (Act({"type": "card", "to": player}),))
    if game.phase == "say":
        due = turns.minimums(game, replay.table.turns.chain())
        acts = f"play (stake {due[-1][1]} or more) or pass" if game.opener and due else "open or pass"
        offered = tuple(act for player, least in due for act in (
            _bets(player, max(least, game.stakes[player])) if game.opener
            else (_act("open", player, "stake", stake=highest), _act("pass", player))))
        players = tuple(p for p, _ in due)
        return Turn(_chain_words(list(players), "{}'s say", "say", acts), offered, players)
    if game.phase == "draw" and game.draw is not None:  # the draw's order is set as the draw begins
        waiting = [p for p in game.draw.order if p in game.still_in
                   and deal.hands[p].discarded is not None and not deal.hands[p].supplied]
        if waiting:
            hand = deal.hands[waiting[0]]
            count = hand.discarded if hand.demanded is None else hand.demanded
            asks = () if hand.demanded is not None else (_act("demand", waiting[0], count=count),)
            asker = pronoun_of(waiting[0], pronouns)
            return Turn(f"{game.dealer} gives {waiting[0]} the cards {asker.subject} {asker.verb('asks')} for",
                        (Act({"type": "give", "to": waiting[0], "count": count}), *asks))
        player = replay.table.turns.of("draw")
        if player is None:
            bettor = replay.table.turns.first_bettor()
            return Turn(f"the draw is over: {bettor} bets first: play or pass", _bets(bettor, highest))
        if game.stakes[player] < highest:
            p = pronoun_of(player, pronouns)
            return Turn(f"{player} to draw: first {p.subject} {p.verb('makes')} {p.possessive} stake {highest} "
                        f"or {p.verb('passes')} (D4), then {p.verb('discards')}",
                        (_act("play", player, stake=highest), _act("pass", player)))
        discards = tuple(_act("discard", player, count=n) for n in range(replay.table.parameters["cards_per_hand"] + 1))
        p = pronoun_of(player, pronouns)
        return Turn(f"{player} to draw: {p.subject} {p.verb('discards')} (or {p.verb('stands')} pat) and "
                    f"{p.verb('asks')} for cards", discards)
    if game.phase == "betting":
        due = turns.minimums(game, replay.table.turns.chain())
        least = due[-1][1] if due else game.preceding
        players = tuple(p for p, _ in due)
        return Turn(_chain_words(list(players), "{} to bet", "bet", f"play (stake {least} or more) or pass"),
                    tuple(act for player, least in due for act in _bets(player, max(least, game.stakes[player]))),
                    players)
    if game.phase == "show":
        showing = replay.table.turns.show_due()
        if showing:
            return Turn(f"the hands are shown: {', '.join(showing)}", (_act("show", showing[0], "cards", cards=[]),))
        return Turn("the hands are shown: the winner takes the pool",
                    tuple(_act("win", p) for p in replay.table.seating.players if p in game.still_in))
    return Turn(PHASES.get(game.phase, game.phase))


def _chain_words(chain: list[str], turn: str, verb: str, acts: str) -> str:
    """Who may act in turn now: one player, or early actors whose turn may pass first."""
    if not chain:
        return f"no one is left to {verb}"
    *early, last = chain
    whose = f"{turn.format(last)}: {acts}"
    if not early:
        return whose
    return f"{', '.join(early)} may {verb} again (the early act stands and the turn may pass), or {whose}"


def _act(kind: str, player: str | None, *ask: str, **fields: Any) -> Act:
    """An act by `player`; None where the rules in force name no one (a house file that
    switches off who cuts): the event then names no one, as the replay does."""
    return Act({"type": kind, "player": player, **fields}, ask)


def _deal(dealer: str | None) -> Act:
    return Act({"type": "deal", "dealer": dealer})


def _bets(player: str | None, highest: int) -> tuple[Act, ...]:
    """At a say or a bet: play the highest stake (make good, call, stand), raise it, or pass."""
    if player is None:
        return ()
    return (_act("play", player, stake=highest), _act("play", player, "stake", stake=highest + 1),
            _act("pass", player))


def _first_deal(replay: Replay) -> Turn:
    session = replay.table.session
    players = replay.table.seating.players
    if not (session.draw_round or session.draw_tied):
        return Turn("the draw for the deal (NAME draws for deal CARD), or the first deal (NAME deals)",
                    (*(_deal(p) for p in players), _act("draw_for_deal", players[0], "card")))
    drawing = session.draw_tied or players
    yet = [p for p in drawing if p not in session.draw_round]
    if yet:
        return Turn(f"the draw for the deal goes on: {', '.join(yet)} to draw",
                    (_act("draw_for_deal", yet[0], "card"),))
    lowest = lowest_drawers(session.draw_round)
    first = replay.table.setting("first_dealer")
    law = f" ({first.rule})" if first else ""
    if len(lowest) > 1:
        return Turn(f"{', '.join(lowest)} tie for the lowest card: they draw again{law}",
                    (_act("draw_for_deal", lowest[0], "card"),))
    return Turn(f"{lowest[0]} deals first: the lowest card{law}", (_deal(lowest[0]),))


def _before_the_deal(replay: Replay) -> Turn:
    game = replay.table.playing
    deal = game.deal
    seating = replay.table.seating
    todo: list[str] = []
    acts: list[Act] = []
    if not any(s["player"] == game.dealer for s in deal.shuffles):
        todo.append(f"{game.dealer} shuffles")
        acts.append(_act("shuffle", game.dealer))
    if deal.cut_by is None:
        cutter, _ = replay.table.setting_person("cut_by")
        todo.append(f"{cutter} cuts")
        acts.append(_act("cut", cutter))
    if game.jackpot:
        unpaid = [p for p in seating.round_from(seating.left_of(game.dealer)) if p not in game.antes_paid]
        if unpaid:
            who = f"{', '.join(unpaid)} each pay" if len(unpaid) > 1 else f"{unpaid[0]} pays"
            todo.append(f"{who} the jack-pot ante of {replay.table.table_ante}")
            acts.append(_act("ante", unpaid[0], amount=replay.table.table_ante))
    elif game.ante is None and not deal.redeal:
        todo.append(f"{game.ante_player} antes")
        acts.append(_act("ante", game.ante_player, amount=replay.table.table_ante))
    elif not deal.redeal and (straddler := replay.table.turns.of("straddle")):
        acts.append(_act("straddle", straddler, "amount", amount=game.highest_stake()))
    todo.append(f"{game.dealer} deals")
    each = replay.table.parameters["cards_per_hand"]
    acts.append(Act({"type": "dealt", "hands": {p: each for p in seating.round_from(seating.left_of(game.dealer))}}))
    acts.append(Act({"type": "card", "to": replay.table.turns.of("deal")}))  # or card by card
    return Turn("; ".join(todo), tuple(acts))
