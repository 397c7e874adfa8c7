"""The persons a rule may name (`dealer`, `opener`, `actor` …): each a function of the board."""

from __future__ import annotations

from typing import Any, Callable, Final

from arbiter.rulebook.vocabulary.board import BoardView
from arbiter.rulebook.vocabulary.registry import Words

PERSONS: Final[Words[Callable[[BoardView], Any]]] = Words("person", value="person")
add = PERSONS.add

# The one person a decision names in turn (a `for_each` check is asked of each player).
EACH: Final = "each"
# The person a decision is made for, the board's own `actor`: the compiler reads him off the board (`Binding.actor`).
ACTOR: Final = "actor"

add(ACTOR, "the player", lambda t: t.actor,
    note="the event's `player` (`to` for `card` and `give`), or the moment's actor")
add("dealer", "the dealer", lambda t: t.game.dealer if t.game else None,
    note="of this game")
add("ante_player", "the ante", lambda t: t.game.ante_player if t.game else None,
    note="whom the `ante_by` setting names (the dealer's left)")
add("last_straddler", "the last straddler", lambda t: t.game.straddles[-1][0] if t.game and t.game.straddles else None)
add("opener", "the opener", lambda t: t.game.opener if t.game else None)
add("speaker", "the player who spoke to the dealer",
    lambda t: t.playing.deal.spoke[0] if t.game is not None and t.playing.deal.spoke else None,
    note="the first who spoke to the dealer in this deal")
add("expected_dealer", "the player whose deal it is", lambda t: t.expected_dealer,
    note="who should deal this deal by L2, L18 or the misdeal's law")
add("tied_for_deal", "those tied for the lowest card",
    lambda t: tied if len(tied := t.session.lowest_drawers()) > 1 else None, value="persons",
    note="a list, where the draw for the first deal leaves the lowest card unsettled (a tie, or a round not over); "
         "else none")
add("disputant", "the disputing player",
    lambda t: t.event.get("player") if t.event.get("type") == "dispute" else t.actor)
add("candidate", "that person", lambda t: t.candidate,
    note="in a chain (`find_witness`, `evidence`, `referee`)")
add("pool", "the pool", lambda t: "pool", value="payee",
    note="as a payee")
add("last_to_equal", "the player whose stake made the stakes equal", lambda t: t.game.last_to_equal if t.game else None)
add("subject", "the player the point is about", lambda t: t.event.get("about") or t.event.get("player"),
    note="the player a `point_out` is about, else the one who points it out")
add("ante_staker", "the player who staked the ante",
    lambda t: (t.game.ante_staker or t.game.ante_player) if t.game else None,
    note="who actually staked the ante")
add(EACH, "each player", lambda t: t.each,
    note="in a check with `for_each: players`")
add("last_to_stand", "the last player to stand", lambda t: t.game.last_stood if t.game else None)
add("asker", "the player who asked the dealer", lambda t: t.last_asker,
    note=("at the dealer's answer, whose question it is for: the first still waiting that he had to answer, "
          "else the first waiting"))
add("disputants", "the persons disputing", lambda t: [t.event.get("player"), t.game.dealer] if t.game else [],
    value="persons", note="a list: the disputing player and the dealer")
add("due_cutter", "the player whose cut it is", lambda t: t.setting_person("cut_by")[0],
    note="whom the `cut_by` setting in force names")
add("misdealer", "the dealer whose deal was declared void",
    lambda t: t.game.deals[-2].dealer if t.game and len(t.game.deals) > 1 and t.game.deals[-2].misdealt else None,
    note="at a new deal of the same game after a misdeal: who dealt the deal declared void (none in a first deal)")
