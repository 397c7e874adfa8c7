"""What the dealer may still give in the draw, and what a ruling on it waits for, read off
the replay for `next_acts`: the rest of a give in parts, the cards the pack holds before it
is made up, the witnesses law 46's rulings wait for. Each is a question of the state alone;
`next_acts` decides who acts on it and what is owed.
"""

from __future__ import annotations

from arbiter.engine.replay import Replay
from arbiter.findings import EvidenceRecord
from arbiter.rulebook.vocabulary.board import BoardView
from arbiter.rulebook.vocabulary.functions import demanded_by, owed_to, rest_asked
from arbiter.state import Game


def rests_of_gives(game: Game, owed: set[str]) -> list[tuple[str, int]]:
    """A give of fewer than he asked, not pointed out, owes nothing (L43 makes good only
    once it is pointed out); but until he raises his cards, and until the first bet, the
    dealer may still give the rest, as the second part of his draw (reading 10): the rest
    of his discard (given it, all is well, L44; the rest of a wrong number asked, short of
    the discard, would make it foul, L45), in the order of the draw, for each player not
    already `owed` cards; as many as the pack holds for him, 0 where it holds none: he is
    still short, and no act of his may come first (L48)."""
    rests: list[tuple[str, int]] = []
    for drawer in game.the_draw().order:
        hand = game.deal.hands[drawer]
        if drawer in owed or drawer not in game.still_in or not hand.supplied or owed_to(hand) \
                or not rest_asked(hand):
            continue
        # of what the pack holds for him: while discards remain, none exposed to him (L40), the rest after the make-up
        if (rest := (hand.discarded or 0) - hand.given) > 0:
            rests.append((drawer, min(rest, game.deal.pack_for(drawer))))
    return rests


def pack_holds_for(board: BoardView, game: Game, player: str) -> int:
    """The cards the pack holds that the dealer may give a player owed more, before it is
    made up (the rest to come from the discards, L41): none of the cards exposed to him,
    which went back to the pack and are not given him (L40), nor a wrong number he asked
    for, which would make his hand foul (L45)."""
    hand = game.deal.hands[player]
    held = game.deal.pack_for(player)
    demanded = demanded_by(board, player)
    return held if held > 0 and not (demanded != hand.discarded and hand.given + held == demanded) else 0


def first_from_the_pack(board: BoardView, game: Game, owing: list[tuple[str, int, str | None]]) \
        -> list[tuple[str, int]]:
    """Before the pack is made up the dealer may first give what it holds, the rest to come
    from the discards (L41): to the first owed (`owing`: to whom, how many, under which law,
    in the order of the draw) whom it may supply, the cards exposed to one not his (L40)."""
    if game.deal.remaking:
        return []
    for to, _, _ in owing:
        if held := pack_holds_for(board, game, to):
            return [(to, min(held, all_owed(owing, to)))]
    return []


def all_owed(owing: list[tuple[str, int, str | None]], player: str) -> int:
    """All the cards `owing` (to whom, how many, under which law) owes one player, whatever law owes each."""
    return sum(count for debtor, count, _ in owing if debtor == player)


def waiting_witnesses(replay: Replay, game: Game) -> list[tuple[str, str, str]]:
    """The rulings on disputes over the cards demanded that wait for their witness's
    number, the first made first (witness, law, disputant): of each player's disputes the
    last ruling of the deal, the number not recorded, while he is still in and has not
    raised his drawn cards (law 48 then judges the hand), nor been given his discard (law
    44: all is well, whatever number he asked: no correction can follow from it; cards
    given and taken back as an excess were given: law 45 may find the number). Other
    acts meanwhile do not answer them: the number comes with the dispute recorded again
    (`testimony`)."""
    ruled: set[str | None] = set()
    waiting: list[tuple[str, str, str]] = []
    for finding in reversed(replay.findings):
        if finding.game != game.number or finding.deal != game.deal.number:
            continue
        for effect in finding.effects:
            if not isinstance(effect, EvidenceRecord) or finding.player in ruled:
                continue
            ruled.add(finding.player)
            hand = game.deal.hands.get(finding.player) if finding.player else None
            if effect.witness and effect.demanded is None and finding.player in game.still_in \
                    and hand is not None and not hand.drawn_lifted and hand.given + hand.excess != hand.discarded:
                waiting.append((effect.witness, finding.id, finding.player))
    return waiting[::-1]
