"""The table as the log so far leaves it: the replay's findings and state, and who acts next.

The log is read and replayed whole after every line (a few milliseconds for a night's
play), so the table shows exactly what `arbiter check` would say of the file: there is
no second engine to keep in step. Who acts next is read from the replay's own turn
orders (`turn_of`), which the rules define.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from arbiter.engine.compiled import CompiledRules
from arbiter.engine.next_acts import next_acts
from arbiter.engine.replay import Replay
from arbiter.errors import LogError
from arbiter.events import DEALERS_ACTS, MAX_STAKE
from arbiter.findings import GameAccount
from arbiter.notation import Parsed, parse_checked
from arbiter.notation.reading import placed
from arbiter.notation.reckoning import Reckon
from arbiter.render.story import paid_in_words
from arbiter.words import plural, pronoun_of

# the phases (`state.PHASES`) as the table tells where the game stands
PHASE_WORDS = {
    "before_deal": "before the deal", "dealing": "the deal", "say": "the say", "draw": "the draw",
    "betting": "the betting after the draw", "show": "the show", "over": "over",
}


@dataclass
class Position:
    """A log read and replayed: the document, where its events stand, the replay after it."""

    log: dict[str, Any]
    parsed: Parsed
    replay: Replay
    answer: dict[str, Any]  # what may come next: the engine's answer (`engine/next_acts.py`)
    before_end: frozenset[int]  # the findings made before the log's end settled the game in play (their ids)
    in_play: tuple[int, dict[str, int]]  # the pool and the nets before it: what a game still played stands at

    @property
    def held(self) -> bool:
        """Did the log's end settle a game the engine's answer still plays (a win recorded
        while hands are due at the show: reading 44), or one whose pool waits for the
        opener's hand, unknown (a jack-pot opener left alone, L33)? At the table its end is
        to come."""
        return any(self._held(game) for game in self.games)

    @property
    def findings(self) -> list[dict[str, Any]]:
        """The rulings said at the table: the report's, but for those the log's end made of
        a game still played (A3 as the hands shown so far stand): they are said at its end."""
        held = self.held
        return [finding.to_dict() for finding in self.replay.findings if not held or id(finding) in self.before_end]

    def pool(self) -> int:
        """The pool as the table has it: before the log's end pays out a game still played."""
        return self.in_play[0] if self.held else self.replay.board.ledger.pool

    def net(self) -> dict[str, int]:
        """The nets so far, as the table has them (`pool`)."""
        return dict(self.in_play[1]) if self.held else self.replay.board.ledger.net(self.log["table"]["players"])

    @property
    def games(self) -> list[GameAccount]:
        return self.replay.games

    @property
    def games_over(self) -> set[int]:
        """The games over at the table: those the report ends, but the one the engine's
        answer still plays. A win recorded while hands are due at the show ends the game
        only where the log ends there (reading 44): at the table the hands are shown next."""
        return {game.game for game in self.games if game.complete and not self._held(game)}

    def _held(self, game: GameAccount) -> bool:
        """Is the game ended by the log's end, as it stands, where the answer still plays it,
        or asks for a hand no line has shown before the pool is paid (a jack-pot opener's,
        L33: where the log knows it, the end is known, and said now)?"""
        answer = self.answer
        return game.complete and answer["game"] == game.game and (
            answer["phase"] != "over" or any(ask["what"] == "opening hand" for ask in answer["asks"]))

    def line_of(self, event: int | None) -> int | None:
        """The line of the text an event was written on."""
        lines = self.parsed.event_lines
        return lines[event] if event is not None and 0 <= event < len(lines) else None

    def current_dispute(self, player: str | None = None) -> dict[str, Any] | None:
        """The last `dispute` of the deal in play (PLAYER's, where one is named), if any: a
        question of law 46 about one player reads who was unable in his dispute, not another's."""
        events: list[dict[str, Any]] = self.log["events"]
        for event in events[::-1]:  # (mypy reads `reversed()` of a list as Any)
            if event["type"] == "dispute" and player in (None, event["player"]):
                return event
            if event["type"] == "deal":
                return None
        return None


def read_position(text: str, name: str, rules: CompiledRules, reckon: Reckon | None = None) -> Position:
    """Read, check and replay a text log; raises `LogError` (a `NotationError` with the
    line and column, or a `ReplayError`) for a log that cannot be replayed. `reckon` reads
    the words players say (`calls` …), by the words alone without it."""
    log, parsed = parse_checked(text, name, reckon)
    try:
        return position_of(log, parsed, rules)
    except LogError as error:  # an event the replay cannot take: said at its line and column, as `check` says it
        located = placed(error, lambda: parsed)
        if located is error:
            raise
        raise located from None


def position_of(log: dict[str, Any], parsed: Parsed, rules: CompiledRules) -> Position:
    """A log replayed: what may come next is asked of the table after its last event,
    before the log's end settles the game in play (as `check` reports it)."""
    replay = Replay(log, rules)
    for k, event in enumerate(log["events"]):
        replay.step(k, event)
    answer = next_acts(replay)
    before_end = frozenset(map(id, replay.findings))
    ledger = replay.board.ledger
    in_play = (ledger.pool, ledger.net(log["table"]["players"]))
    replay.finish(len(log["events"]))
    return Position(log, parsed, replay, answer, before_end, in_play)


def status_lines(position: Position) -> list[str]:
    """`status`: the game, the pool, the stakes, who is still in, whose turn it is."""
    replay = position.replay
    table = position.log["table"]
    head = f"players {', '.join(table['players'])}; limit {table['limit']}, ante {table['ante']}"
    if replay.board.game is None:
        return [head, f"next: {next_to_act(position)}"]
    now = replay.snapshot()
    jackpot = now["jackpot"]
    kind = (f"jack-pot no. {jackpot['number']}, {jackpot['openers']} or better to open" if jackpot
            else "an ordinary game")
    stakes = ", ".join(f"{p} {s}" for p, s in now["stakes"].items())
    out = [p for p in now["stakes"] if p not in now["still_in"]]
    net = ", ".join(f"{p} {v:+d}" for p, v in position.net().items())
    return [
        head,
        f"game {now['game']}, deal {now['deal']}: {now['dealer']} deals; {kind}; "
        f"{PHASE_WORDS[position.answer['phase']]}",  # the engine's answer says where the game stands (SPEC 28)
        f"pool {position.pool()}; stakes: {stakes}{paid_in_words(now)}",
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
    event holds the least value, or none; `least` and `most` bound the number asked;
    `other` says it is one of the answer's `others`, not an act of the turn's."""

    event: dict[str, Any]
    ask: tuple[str, ...] = ()
    least: int | None = None
    most: int | None = None
    other: bool = False


class Turn(NamedTuple):
    """Who should act now, in words, and the acts that would be in order: what `table`
    says after `next:`, and the buttons of `arbiter serve`'s page. Both are the engine's
    answer (`engine/next_acts.py`) said again, never a turn of their own."""

    words: str
    acts: tuple[Act, ...] = ()
    players: tuple[str, ...] = ()  # who may act in turn now, where several may (an early actor, then the next)


# The number an act's range bounds, by its type (the event's field).
NUMBER_FIELD = {"open": "stake", "play": "stake", "demand_show": "stake", "discard": "count"}
ACTOR_FIELD = {"deal": "dealer"}  # whose act it is, where the event names him otherwise than as `player`
ASKED = {"show": ("cards",), "draw_for_deal": ("card",)}


def turn(position: Position) -> Turn:
    """Who should act now and what they may do: the engine's answer, as words and buttons."""
    answer = position.answer
    players = position.log["table"]["players"]
    actor = answer["player"]
    acts = [_buttons(act, actor) for act in answer["acts"]]
    if actor is None:  # anyone: the first deal, or the draw for it (any player may draw first)
        acts = [_buttons({**act}, player) for act in answer["acts"] for player in players]
    others = [_buttons({k: v for k, v in act.items() if k not in ("player", "dealer")},
                       act.get("player") or act.get("dealer"), other=True) for act in answer["others"]]
    early = [a["player"] for a in answer["others"] if "minimum" in a]
    chain = tuple(dict.fromkeys([*early, *([actor] if actor else [])]))
    return Turn(words(answer, position.log["table"].get("pronouns")),
                tuple(button for group in [*acts, *others] for button in group), chain)


def _buttons(act: dict[str, Any], actor: str | None, other: bool = False) -> tuple[Act, ...]:
    """An act of the answer as the buttons a page offers: a range as its least (one tap)
    and the rest (the number asked), a fixed number as it is; `other` for one of the
    answer's `others`."""
    kind = act["type"]
    event: dict[str, Any] = {"type": kind}
    if kind not in DEALERS_ACTS:
        event[ACTOR_FIELD.get(kind, "player")] = actor
    event.update({k: v for k, v in act.items() if k not in ("type", "minimum", "maximum", "dealer")})
    if kind == "show":
        event["cards"] = []
    if "minimum" not in act:
        return (Act(event, ASKED.get(kind, ()), other=other),)
    field, least, most = NUMBER_FIELD[kind], act["minimum"], act["maximum"]
    first = Act({**event, field: least}, other=other)
    return (first,) if most <= least else (first, Act({**event, field: least + 1}, (field,), least + 1, most, other))


def words(answer: dict[str, Any], pronouns: dict[str, str] | None = None) -> str:
    """The engine's answer in one line of the players' words."""
    actor = answer["player"]
    main = _main(answer, actor, pronouns) if answer["acts"] or actor is None else None
    dealers = any(act["type"] in DEALERS_DEBTS for act in answer["acts"])  # the dealer acts: his other gives after
    if main is not None and dealers:
        main += "".join(f"; or {dealer} first gives {said}" for dealer, said, _ in _other_gives(answer, pronouns))
    bettor = _waiting_bettor(answer)
    if main is not None and bettor is not None:  # the dealer's debt first (L39): the bettor's turn waits
        waiting = {o["type"]: o for o in answer["others"] if o.get("player") == bettor}
        if answer["phase"] == "show" or not waiting.keys() & {"play", "demand_show"}:  # no bet is left: the show
            main += f"; then {_early_actors(answer, 'bet')}the hands are shown: {bettor} shows or passes"
        else:
            main += f"; then {bettor} to bet: {_bet_options(waiting)}"
    if main is not None:
        late = _making_good(answer, bettor) if answer["phase"] == "draw" else ""
        main = ("" if dealers else _gives_beside(answer, pronouns)) + late + main
    parts = [main] if main is not None else []
    parts.extend(_ask_words(ask) for ask in answer["asks"] if not (answer["phase"] == "over" and ask["of"] == actor))
    owed = [owed_words(item, pronouns) for item in answer["owed"] if not _is_act(item, answer)]
    if owed:
        parts.append("owed: " + ", ".join(owed))
    return "; ".join(parts) or "no one is to act"


def _ask_words(ask: dict[str, Any]) -> str:
    if ask["what"] == "number":
        return f"what number did {ask['of']} hear {ask['about']} ask for? ({ask['law']})"
    if ask["what"] == "cards drawn":
        return f"{ask['of']} answers {ask['about']} how many cards the dealer drew (dealer answers COUNT; {ask['law']})"
    return f"{ask['of']} shows the {ask['what']} before the pool is paid ({ask['law']})"


def _main(answer: dict[str, Any], actor: str | None, pronouns: dict[str, str] | None) -> str:
    acts = {act["type"]: act for act in answer["acts"]}
    phase = answer["phase"]
    jackpot = answer["jackpot"]
    if actor is None:
        return "the draw for the deal (NAME draws for deal CARD), or the first deal (NAME deals)" \
            if answer["game"] is None else "no one is to act"
    p = pronoun_of(actor, pronouns)
    if "open" in acts or (phase == "say" and ("play" in acts or "demand_show" in acts or "pass" in acts)):
        stake = acts.get("open") or acts.get("play")  # none where he has not the counters to meet it (A5)
        shown = f", or demand a show for {_range(acts['demand_show'])}" if "demand_show" in acts else ""
        said = f"{actor}'s say: {stake['type']} ({_range(stake)}) or pass{shown}" if stake else \
            f"{actor}'s say: pass{shown}"
        said = _early_actors(answer, "say") + said
        return said + (f"; a jack-pot: {jackpot['openers']} or better to open" if jackpot and "open" in acts else "")
    if phase in ("betting", "draw") and ("play" in acts or "demand_show" in acts) and "discard" not in acts:
        play = acts.get("play")
        if phase == "draw" and (play["minimum"] == play["maximum"] if play else "pass" in acts):
            # making good at the turn to draw, or a show for a sum short of the highest, then the draw; or a
            # pass, which ends his part (D4)
            first = [f"{p.verb('makes')} {p.possessive} stake {play['minimum']}"] if play else []
            if "demand_show" in acts:
                first.append(f"{p.verb('demands')} a show for {_range(acts['demand_show'])}")
            passes = f"{p.subject} {p.verb('passes')}"
            if not first:
                return f"{actor} to draw: {passes}"
            return f"{actor} to draw: first {p.subject} {' or '.join(first)}, then {p.verb('discards')}; or {passes}"
        return _early_actors(answer, "bet") + f"{actor} to bet: {_bet_options(acts)}"
    if "discard" in acts:
        least, most = acts["discard"]["minimum"], acts["discard"]["maximum"]
        if least == most:  # the number he asked for before he discarded (L44)
            return (f"{actor} to draw: {p.subject} {p.verb('discards')} {plural(most, 'card')}, the number "
                    f"{p.subject} asked for, or {p.verb('passes')}")
        if least:  # holding more than a hand (given cards before his discard): no standing pat
            return (f"{actor} to draw: {p.subject} {p.verb('discards')} {range_words(least, most)} cards, "
                    f"holding {most}, or {p.verb('passes')}")
        return (f"{actor} to draw: {p.subject} {p.verb('discards')} up to {plural(most, 'card')} and "
                f"{p.verb('asks')} for as many, {p.verb('stands')} pat, or {p.verb('passes')}")
    if "collect_discards" in acts:
        said = f"{actor} gathers the discards, shuffles them and has them cut, to make up the pack"
        if "give" in acts:  # or gives what the pack holds first, the rest to come from the discards
            give = acts["give"]
            to = _receiver(actor, give["to"], pronouns)
            said += f", or first gives {to} {plural(give['count'], 'card')} from the pack"
        return said
    if "give" in acts:
        give, *instead = [act for act in answer["acts"] if act["type"] == "give"]
        to = _receiver(actor, give["to"], pronouns)
        said = f"{actor} gives {to} {plural(give['count'], 'card')}"
        if give["to"] not in _owed_cards(answer):
            # owed to no one: the rest of a give in parts, which the draw waits for (reading 10)
            said = (f"{actor} gives {to} the rest of {pronoun_of(give['to'], pronouns).possessive} discard "
                    f"({plural(give['count'], 'card')})")
        # a wrong demand's deficiency offered beside the number that makes up the discard
        said += "".join(f", or {act['count']} to make up {act['to']}'s discard" for act in instead)
        return said
    then = f", a jack-pot with {jackpot['openers']} or better to open" if jackpot else ""
    if "show" in acts:
        if phase == "over":  # a jack-pot opener's openers, before the pool is paid (L33)
            dealer = next((o["dealer"] for o in answer["others"] if "dealer" in o), "the next dealer")
            asked = next((f" before the pool is paid ({ask['law']})" for ask in answer["asks"] if ask["of"] == actor),
                         "")
            return f"{actor} shows {p.possessive} opening hand{asked}, then {dealer} deals the next game{then}"
        if any(ask["what"] == "opening hand" for ask in answer["asks"]):
            return f"{actor} to show"
        said = f"{_early_actors(answer, 'bet')}the hands are shown: {actor} shows" + (
            " or passes" if "pass" in acts else "")
        dealer = next((o["dealer"] for o in answer["others"] if o["type"] == "deal"), None)  # a win recorded (r. 44)
        return said + (f"; or {dealer} deals the next game, which ends this one as it stands" if dealer else "")
    if "deal" in acts:
        if phase == "over":
            return f"the game is over: {actor} deals the next game{then}"
        return f"{actor} deals first: the lowest card" if answer["game"] is None else f"{actor} deals again (a misdeal)"
    if "draw_for_deal" in acts:
        return f"{actor} draws for the deal"
    if "straddle" in acts:
        dealer = next((o["dealer"] for o in answer["others"] if "dealer" in o), "the dealer")
        later = [o["player"] for o in answer["others"] if o["type"] == "straddle"]
        past = f" (if {p.subject} {p.verb('lets')} it go, {' or '.join(later)} may)" if later else ""
        return f"{actor} may straddle {acts['straddle']['amount']}{past}, or {dealer} deals the cards (dealt)"
    if "ante" in acts:
        return f"{actor} antes {acts['ante']['amount']}"
    if "shuffle" in acts:
        return f"{actor} shuffles"
    if "cut" in acts:
        return f"{actor} cuts"
    if "card" in acts:
        return f"{actor} deals the next card (card to {acts['card']['to']})"
    if "dealt" in acts:  # the cards, in the words the notation reads as them: `Ann deals` is a new deal
        return f"{actor} deals the cards (dealt)"
    return f"{actor} to act" + (f": {', '.join(acts)}" if acts else "")


def _early_actors(answer: dict[str, Any], round_word: str) -> str:
    """Those who acted early and may act again at their turn, each once, with the stakes
    offered them: `Dan may say again (play 4 to 12; the early act stands …)`, and the pass
    offered one whose early stake is short at his turn: `(play 4 to 14, pass or a show for
    2 to 3; …)`."""
    staking = {other["player"] for other in answer["others"] if "minimum" in other}
    offered: dict[str, list[str]] = {}
    for other in answer["others"]:
        if other.get("player") in staking and ("minimum" in other or other["type"] == "pass"):
            offered.setdefault(other["player"], []).append(_stake_words(other) if "minimum" in other else "pass")
    if not offered:
        return ""
    why = "the early act stands and the turn may pass"
    if len(offered) == 1:
        (player, stakes), = offered.items()
        return f"{player} may {round_word} again ({_either(stakes)}; {why}), or "
    named = " and ".join(f"{player} ({_either(stakes)})" for player, stakes in offered.items())
    return f"{named} may {round_word} again ({why}), or "


def _either(choices: list[str]) -> str:
    """`play 4 to 12`, `play 4 to 12 or pass`, `play 4 to 14, pass or a show for 2 to 3`."""
    return " or ".join(choices) if len(choices) < 3 else f"{', '.join(choices[:-1])} or {choices[-1]}"


def _making_good(answer: dict[str, Any], bettor: str | None) -> str:
    """In the draw, one who drew short may still make his stake good (D4, law 36): `Cat may
    still make good (4), or ` (his stake made the highest, no more); under table stakes one
    without the counters for it, show for what he has (A5, L60): `Cat may still demand a
    show for 3, or `; one whose early say comes again beside the draw, the say over, may
    still stake within its bounds (item 24: a raise, or a make-good and more): `Dan may
    still stake (7 to 26), or `. Not the `bettor` waiting behind the dealer's give, whose
    acts are said after it."""
    plays = [o for o in answer["others"] if o["type"] == "play" and o["player"] != bettor]
    said = [_together([(o["player"], _range(o)) for o in plays if (o["minimum"] == o["maximum"]) == good], verb)
            for good, verb in ((True, "make good"), (False, "stake"))]
    shows = "".join(f"{o['player']} may still demand a show for {_range(o)}, or " for o in answer["others"]
                    if o["type"] == "demand_show" and o["player"] != bettor)
    return "".join(said) + shows


def _gives_beside(answer: dict[str, Any], pronouns: dict[str, str] | None) -> str:
    """The dealer's gives among the others: of cards he owes that the pack cannot supply
    whole, what it holds for him (no more than he is owed), while others discard first
    (L41): `Ann may first give Bob 2 cards from the pack, or `; of a give of fewer than
    asked, not pointed out, the rest before he raises his cards (a give in parts): `Ann may
    still give Bob the rest of his discard (1 card), or `."""
    return "".join(f"{dealer} may {'first' if held else 'still'} give {said}, or "
                   for dealer, said, held in _other_gives(answer, pronouns))


def _other_gives(answer: dict[str, Any], pronouns: dict[str, str] | None) -> list[tuple[str, str, bool]]:
    """The dealer's gives among the others, in words, and whether it is of cards he owes:
    `Bob 2 cards from the pack` (L41) or `Bob the rest of his discard (1 card)` (a
    give in parts)."""
    owed = _owed_cards(answer)
    gives = []
    for o in answer["others"]:
        if o["type"] != "give":
            continue
        held = o["to"] in owed
        to = _receiver(o["dealer"], o["to"], pronouns)
        said = (f"{to} {plural(o['count'], 'card')} from the pack" if held else
                f"{to} the rest of {pronoun_of(o['to'], pronouns).possessive} discard "
                f"({plural(o['count'], 'card')})")
        gives.append((o["dealer"], said, held))
    return gives


def _receiver(dealer: str, to: str, pronouns: dict[str, str] | None) -> str:
    """Who is given cards, as the dealer's words name him: `Bob`, or of his own draw `himself`."""
    return pronoun_of(dealer, pronouns).reflexive if to == dealer else to


def _owed_cards(answer: dict[str, Any]) -> set[str]:
    """Those the dealer owes cards (a give owed, not one he may make)."""
    return {item["to"] for item in answer["owed"] if item["what"] == "give"}


def _together(late: list[tuple[str, str]], verb: str) -> str:
    """`Cat may still make good (4), or `; of several, `Cat (4) and Dan (4) may still make good, or `."""
    if len(late) == 1:
        return f"{late[0][0]} may still {verb} ({late[0][1]}), or "
    return " and ".join(f"{player} ({stake})" for player, stake in late) + f" may still {verb}, or " if late else ""


# The acts of the dealer's debt in the draw, the pack made up for it included (L39-L43, L41):
# while one of them is the act asked for, the bettor's turn waits among the others.
DEALERS_DEBTS: Final = frozenset({"give", "collect_discards", "shuffle", "cut"})


def _waiting_bettor(answer: dict[str, Any]) -> str | None:
    """The bettor whose turn waits among the others while the dealer gives what he owes (or
    makes up the pack to give it), the dealer himself too: offered a pass beside his stake,
    where one who may still make good in the draw is offered his stake alone; at the show,
    the hand due next, offered its show."""
    if answer["player"] is None or answer["phase"] not in ("draw", "betting", "show") or \
            not any(act["type"] in DEALERS_DEBTS for act in answer["acts"]):
        return None  # not the dealer's debt: a player's own acts (an early sayer's beside his draw are said apart)
    waits = "show" if answer["phase"] == "show" else "pass"
    return next((o["player"] for o in answer["others"] if o["type"] == waits), None)


def _stake_words(act: dict[str, Any]) -> str:
    return f"a show for {_range(act)}" if act["type"] == "demand_show" else f"{act['type']} {_range(act)}"


def _bet_options(acts: dict[str, dict[str, Any]]) -> str:
    """A bettor's acts: a play, a pass, a show for a sum (one who has not the counters to
    meet the stake, under table stakes, may only pass or show for what he has)."""
    play = acts.get("play")
    options = [f"play ({_range(play)})", "pass"] if play else ["pass"]
    if "demand_show" in acts:
        options.append(f"demand a show for {_range(acts['demand_show'])}")
    return f"{', '.join(options[:-1])} or {options[-1]}" if len(options) > 1 else options[0]


def _range(act: dict[str, Any]) -> str:
    return range_words(act["minimum"], act["maximum"])


def range_words(least: int, most: int) -> str:
    """A stake's bounds in words, as `next` and the page's buttons say them."""
    if least == most:
        return str(least)
    if most >= MAX_STAKE:  # no rule in force bounds it below the log's own bound (a house switched the limit off)
        return f"{least} or more"
    return f"{least} to {most}"


def _is_act(item: dict[str, Any], answer: dict[str, Any]) -> bool:
    """An owed item the act in order settles (the give the dealer makes now; the ante or the
    making up of the pack, owed by the one to act). Where the pack is to be made up, a give
    offered is of what the pack holds, and settles none of the cards owed."""
    if item["what"] == "give" and any(act["type"] == "collect_discards" for act in answer["acts"]):
        return False
    return any(act["type"] == item["what"] and act.get("to", answer["player"]) in (item.get("to"), item.get("by"))
               for act in answer["acts"])


def owed_words(item: dict[str, Any], pronouns: dict[str, str] | None = None) -> str:
    """One thing owed, in words (`Ann owes Cat 1 card (L43)`; of his own draw, `Ann owes
    herself 2 cards`): the `next:` line's, and the list under the page's Next."""
    law = f" ({item['law']})" if item.get("law") else ""
    if item["what"] == "give":
        return f"{item['by']} owes {_receiver(item['by'], item['to'], pronouns)} {plural(item['cards'], 'card')}{law}"
    if item["what"] == "return_excess":
        to = _receiver(item["by"], item["to"], pronouns)
        gone = "goes" if item["cards"] == 1 else "go"  # the dealer's, no act of a log's: not `Ann takes back` (L27)
        return f"the {plural(item['cards'], 'card')} given to {to} in excess {gone} back to {item['by']}{law}"
    if item["what"] == "collect_discards":
        return f"{item['by']} makes up the pack from the discards{law}"
    if item["what"] == "ante":
        return f"{item['by']} owes the ante of {item['amount']}{law}"
    verb = "refunds" if item["what"] == "refund" else "pays as penalty"
    to = "the pool" if item["to"] == "pool" else item["to"]
    return f"{item['by']} {verb} {item['amount']} to {to}{law}"
