"""The end of a game: a claim it left pending settled, its account written (who dealt,
opened and won, what the pool held, the game that should follow) and the players'
stacks after it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from arbiter.engine.acts import betting, showing
from arbiter.findings import GameAccount
from arbiter.state import Phase

if TYPE_CHECKING:
    from arbiter.engine.judge import Judge

# The phases of a game no one can have opened yet but by a say: cut off there by the next deal, it was not opened.
UNOPENED_YET: Final = frozenset({Phase.BEFORE_DEAL, Phase.DEALING, Phase.SAY})


def end_game(r: Judge, last: int, next_deal: bool = False) -> None:
    """The game in play is over, at the log's end or at the `next_deal`; `last` is its last
    event's index, which a claim it left pending (law 33) is settled at, and where the
    next deal begins at the show with hands still due, the pool taken at (reading 44)."""
    game = r.board.playing
    session = r.board.session
    current, r.board.k = r.board.k, last  # what the game's end settles, it settles as of its last event
    if next_deal and not game.resolved and game.phase in UNOPENED_YET and not game.opener:
        betting.close_say_if_over(r, game, cut_off=True)  # the next deal ends the say: no one opened (L29, L31, L32)
    # a win naming a player out of the game ends nothing (reading 44)
    recorded = bool(game.named_by_wins_recorded())
    ends_at_show = not game.resolved and (recorded or (next_deal and game.phase == Phase.SHOW))
    if game.pending_claim is not None or ends_at_show:
        if not game.resolved:  # hands were still due at the show: those shown decide
            showing.take_at_the_end(r)
        showing.settle_pending_claim(r)
    if next_deal and not game.resolved:  # cut off, its pool not taken: a win recorded changes nothing (reading 25)
        r.fire("cut_off", None)
        if game.recorded_wins:
            showing.taken_by_no_one(r)
    elif not game.resolved and game.recorded_wins:  # the log ends, the game unfinished: only a win naming
        showing.judge_recorded_wins(r)               # a player out of it can be told wrong (A3's reading)
    r.board.k = current
    complete = game.resolved or next_deal  # `complete` false only where the log ends mid-game (SPEC §4)
    session.next_dealer, _ = r.board.setting_person("next_dealer")
    if session.next_dealer is None:  # a club's rule may name one who is not there (the last to stand, where none stood)
        raise r.board.refused("the rule in force for who deals the next game names no player")
    session.next_jackpot = game.next_jackpot if complete else None
    next_game = {"dealer": session.next_dealer, "jackpot": game.next_jackpot}
    session.carried = r.board.ledger.pool
    r.games.append(GameAccount(
        game=game.number, dealer=game.dealer, deals=len(game.deals), jackpot=game.jackpot,
        opened_by=game.opener, winners=list(game.winners), pool=game.pool_start + game.paid_in,
        complete=bool(complete), next=next_game if complete else None))
    stacks_after(r, r.games[-1])


def stacks_after(r: Judge, account: GameAccount) -> None:
    """Where the log gives the players' stacks: each one's after the game (the counters he
    added during it, held over under table stakes, joined), and what anyone borrowed in it."""
    ledger = r.board.ledger
    if ledger.stacks is None:
        return
    for player, amount in r.board.held_over.items():
        ledger.add(player, amount)
    r.board.held_over.clear()
    account.stacks = {p: ledger.stacks[p] for p in r.board.seating.players}
    if ledger.borrowed:
        account.borrowed = {p: ledger.borrowed[p] for p in r.board.seating.players if p in ledger.borrowed}
        ledger.borrowed = {}
