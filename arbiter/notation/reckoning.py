"""The game in play as the text notation reckons it from the events written so far, with
no engine behind it: what the parser needs to read the words players say (`calls`,
`raises 2`, `stands` …) into the events they stand for."""

from __future__ import annotations

from typing import Any, Callable, Protocol

from arbiter.events import DEALING_EVENTS

STAKES = ("open", "play", "demand_show")


class Reckoner(Protocol):
    """What the parser asks of the game in play to read the words players say: whether it
    is opened, whether every player antes (a jack-pot, or a house's every-ante game: the
    antes are then no one's stake), a player's stake, the stake a call makes, whether a
    check can be a play, and whether a stand is at the draw. `Reckoning` answers from the
    words alone; the live recorders answer from the engine (`arbiter.live.words`)."""

    @property
    def opened(self) -> bool: ...

    @property
    def every_ante(self) -> bool: ...

    def stake_of(self, player: str) -> int: ...

    def call_of(self, player: str) -> int | None: ...

    def may_check(self, player: str) -> bool: ...

    def highest(self) -> int | None: ...

    def at_draw(self, player: str) -> bool | None: ...


# How a parser gets the game in play after the events read so far: (events, players) -> it.
Reckon = Callable[[list[dict[str, Any]], list[str]], Reckoner]


def misdealt(deal: list[dict[str, Any]], players: list[str]) -> bool:
    """Did this deal (its events, from its `deal`) end in a misdeal, as far as the words show?
    A misdeal was pointed out (a wrong count, law 12; while the deal is not finished, a
    card face up in the pack, law 10, or, once the cards come, the pack uncut, law 8) and no
    one discarded or won in it. The deal is finished, as far as the words show, at a
    `dealt` that gives every player alike (a whole deal made: each the cards a hand holds),
    or at the first event after its cards that is none of the dealing's (SPEC 3.4); cards
    dealt one by one are not counted to the number a hand holds, which is the rule book's."""
    signs = begun = finished = False
    for event in deal[1:]:
        kind = event["type"]
        finished = finished or (begun and kind not in DEALING_EVENTS) or (kind == "dealt" and whole(event, players))
        begun = begun or kind in ("card", "dealt")
        if kind in ("discard", "win"):
            return False
        issue = event.get("issue") if kind == "point_out" else None
        signs = signs or issue == "wrong_count" or (not finished and (
            kind == "face_up_in_pack" or (issue == "uncut" and begun)))
    return signs


def whole(dealt: dict[str, Any], players: list[str]) -> bool:
    """Does this `dealt` give every player alike: none named (each the cards a hand holds),
    or each named with the same count?"""
    named = dealt["hands"]
    counts = {given if isinstance(given, int) else len(given) for given in named.values()}
    return not named or (len(counts) == 1 and all(player in named for player in players))


class Reckoning:
    """The game in play as the notation reckons it from the events recorded so far, with no
    engine behind it: for the words players say (`calls`, `raises 2`, `stands` …).

    The game began at the last `deal`, or at an earlier one when each deal after it
    followed a misdeal (`misdealt`): a new deal after a misdeal is of the same game, and
    the stakes stay. A player's stake is his highest `open`, `play`, `demand_show` or
    `straddle` (a stake cannot be lowered, law 55; not one made after he passed in the
    deal: law 27), else his `ante`s, in a jack-pot (`every_ante`) no one's;
    a show demanded raises no one, so the highest counts his stake before it; nor does a
    straddle that cannot be the last (by one who has passed, once the game is opened, in a
    jack-pot: L21's reading), until he stakes again.
    In the last deal the draw begins at the first `discard`; it goes from the dealer's
    left, and a player still in (who has not passed in this deal) whom a later player's
    discard passes over has lost his draw. The betting after the draw begins when a player
    who has drawn stakes other than to make good (to raise his stake to no more than the
    highest), or when no one still in is left to draw: as the engine has it (SPEC §3.10).
    """

    def __init__(self, events: list[dict[str, Any]], players: list[str]) -> None:
        deals: list[int] = []  # the game's deals, last first
        k = len(events) - 1
        while k >= 0:
            if events[k]["type"] == "deal":
                if deals and not misdealt(events[k:deals[-1]], players):
                    break
                deals.append(k)
            k -= 1
        self.players = players
        self.stakes: dict[str, int] = {}
        self.antes: dict[str, int] = {}
        self.game_ante = 0  # the first ante: a second raises no one (L20's reading)
        self.opened = False
        self.order = list(players)  # the turn to draw: from the dealer's left, ending with him
        self.said: set[str] = set()  # in the last deal: who has opened, played or passed
        self.staked = False  # in the last deal: has anyone opened, played or shown for a sum (no ante, no straddle)
        self.passed: set[str] = set()
        self.drawn: dict[str, int] = {}  # who has discarded, and how many
        self.given: set[str] = set()  # who has been given a card of the draw (before his discard too)
        self.done: set[str] = set()  # who has drawn or been passed over
        self.draw_begun = self.betting = False
        self.below_demand: dict[str, int] = {}  # a show demanded: the stake it counts as, the one before
        self.below_straddle: dict[str, int] = {}  # a straddle that raises no one: likewise, until he stakes again
        for event in events[deals[-1] if deals else 0:]:
            self.record(event)

    def record(self, event: dict[str, Any]) -> None:
        kind = event["type"]
        if kind == "deal":
            dealer = event["dealer"]
            at = self.players.index(dealer) + 1 if dealer in self.players else 0
            self.order = self.players[at:] + self.players[:at]
            self.said, self.passed, self.done, self.given = set(), set(), set(), set()
            self.drawn = {}
            self.draw_begun = self.betting = self.staked = False
            return
        if kind == "give":
            self.given.add(event["to"])
        player = event.get("player")
        if player is None:
            return
        if kind == "ante":  # a second ante is more of his stake, and raises no one (L20's reading)
            self.game_ante = self.game_ante or event["amount"]
            self.antes[player] = self.antes.get(player, 0) + event["amount"]
        elif kind == "straddle":
            if player in self.passed or self.opened or self.every_ante:
                self.below_straddle.setdefault(player, self.stake_of(player))
            self.stakes[player] = max(event["amount"], self.stake_of(player))
        elif kind in STAKES and player not in self.passed:  # a stake after passing is none (L27)
            # one given no card of his draw yet has none to raise: his stake begins no betting (L48's reading)
            drawing = self.drawn.get(player, 0) > 0 and player not in self.given
            if self.draw_begun and not self.betting and player in self.done and not drawing:
                top, own = self.highest() or 0, self.stake_of(player)
                making_good = own < top and event["stake"] <= top
                self.betting = not self.pending() or not making_good
            self.opened = self.opened or kind == "open"
            if kind == "demand_show":  # his sum raises no one (L61)
                self.below_demand.setdefault(player, self.stake_of(player))
            self.below_straddle.pop(player, None)
            self.stakes[player] = max(event["stake"], self.stake_of(player))  # never lowered (L55)
            self.said.add(player)
            self.staked = True
        elif kind == "pass":
            self.said.add(player)
            self.passed.add(player)
        elif kind == "discard":
            self.draw_begun = True
            pending = self.pending()
            if player in pending:
                self.done.update(pending[:pending.index(player)])  # passed over: they lose their draw
            self.done.add(player)
            self.drawn[player] = event.get("count", 0)

    @property
    def every_ante(self) -> bool:
        """Where every player antes (a jack-pot, a house's every-ante game), as far as the words show: every
        player, or three or more, ante; an ante beside the game's by one other player is a second ante (L20)."""
        return len(self.antes) > 1 and (len(self.antes) == len(self.players) or len(self.antes) >= 3)

    def stake_of(self, player: str) -> int:
        if player in self.stakes:
            return self.stakes[player]
        return 0 if self.every_ante else self.antes.get(player, 0)

    def call_of(self, player: str) -> int | None:
        """The stake a call makes: the highest so far, and never below his own (law 55: a straddle of his that
        raised no one is still his stake); None if no one has staked."""
        highest = self.highest()
        return None if highest is None else max(highest, self.stake_of(player))

    def may_check(self, player: str) -> bool:
        """Has anyone staked in this deal, an ante or a straddle apart? Before, a check is a
        play of his own stake (nothing, the ante, his straddle): an opening, and a false one."""
        return self.staked

    def highest(self) -> int | None:
        """The highest stake in the game so far; None if no one has staked (a straddle that raised no one in a
        jack-pot is no stake to meet), as the engine counts it."""
        staked = [self.below_demand.get(p, self.below_straddle.get(p, stake)) for p, stake in self.stakes.items()]
        staked += () if self.every_ante else (self.game_ante,)
        return max(staked, default=0) or None

    def pending(self) -> list[str]:
        """Those still in who are yet to draw, in turn."""
        return [p for p in self.order if p not in self.passed and p not in self.done]

    def at_draw(self, player: str) -> bool | None:
        """Is a player who says he stands at the draw (True: he stands pat), or in the
        betting after it (False: a stand, his stake unchanged)? None: in the say before
        the draw, which has no stand. In the betting when he has drawn, when the betting
        has begun or when no one is left to draw; at the draw when the draw has begun or
        his say is made (the say goes round once)."""
        if player in self.drawn or self.betting or (self.draw_begun and not self.pending()):
            return False
        if self.draw_begun or player in self.said:
            return True
        return None
