"""A game told event by event in plain words, for a learner (`arbiter explain`), from what
the replay gives: the log's events, the table after each (`replay_with_trace`) and the
report. A step is one event (what was done, the counters moved, who is still in, each
ruling at it with the law's words), and after a game's last, who won and what comes next.
Nothing here decides anything, so the story cannot disagree with `check`."""

from __future__ import annotations

import json
from typing import Any, Callable, Mapping, Sequence

from arbiter.cards import parse_cards
from arbiter.escapes import printable
from arbiter.hands import HandRules, equal_but_for_the_joker, evaluate, hand_class
from arbiter.render.markdown import md
from arbiter.render.rulebook import rule_label
from arbiter.rulebook.in_force import house_notes
from arbiter.rulebook.model import Rulebook, hand_rules
from arbiter.rulebook.vocabulary.effects import Pronouns, effect_words
from arbiter.rulebook.vocabulary.grammar import setting_entries
from arbiter.seats import POOL, WON
from arbiter.state import Phase
from arbiter.words import fold, listed, plural, pronoun_of, value_text

Event = Mapping[str, Any]
State = Mapping[str, Any]

HAND_WORDS = {
    "sequence_flush": "a sequence flush",
    "fours": "fours",
    "full": "a full hand",
    "flush": "a flush",
    "sequence": "a sequence",
    "threes": "threes",
    "two_pairs": "two pairs",
    "pair": "a pair",
    "high_card": "no pair, valued by its highest card",
}
_RANK_PLURALS = dict(zip("23456789TJQKA", ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
                                           "nines", "tens", "knaves", "queens", "kings", "aces")))
_WHAT_WORDS = {"ante": "the ante", "straddle": "a straddle", "stake": "a stake", "penalty": "a penalty",
               "refund": "a refund", "win": "the pool won"}


def openers_words(openers: str) -> str:
    """`JJ` -> "two knaves": how Peel names the minimum of a jack-pot."""
    return f"two {_RANK_PLURALS.get(openers[0], openers)}"


def class_words(name: str, rules: HandRules) -> str:
    """A class of hand in words: Peel's as HAND_WORDS says, a declared one (a blaze, a
    house's big bobtail) as its data says."""
    return HAND_WORDS.get(name) or next(shape.words for shape in rules.shapes if shape.name == name)


def _hand_noun(value: Any, rules: HandRules) -> str:
    """A hand's class as a noun after a possessive: "Cat's flush", "Dan's hand of no pair"."""
    name = hand_class(value, rules)
    return "hand of no pair" if name == "high_card" else class_words(name, rules).removeprefix("a ")


def rule_ref(rule_id: str) -> str:
    """How a story cites a rule in passing: "law 20", "D2", "A4"."""
    return f"law {rule_id[1:]}" if rule_id.startswith("L") else rule_id


def carried_words(table: Mapping[str, Any]) -> str:
    """` (1 carried in)`: what of a table's pool no seat put in that game (from the games before)."""
    return f" ({table['carried']} carried in)" if table.get("carried") else ""


def paid_in_words(table: Mapping[str, Any]) -> str:
    """`; put in the pool this game: Cat 6`, where a table's stakes are not what each put in
    (a foul hand's stake, no stake to call; a forfeit; a jack-pot's antes)."""
    if all(table["paid_in"].get(p, 0) == s for p, s in table["stakes"].items()):
        return ""
    return "; put in the pool this game: " + ", ".join(
        f"{p} {table['paid_in'][p]}" for p in table["stakes"] if table["paid_in"].get(p))


def money_words(entry: Mapping[str, Any]) -> str:
    """A movement of the ledger in words: "Ann pays Bob 1 (a refund, law 14)"; the story
    tells it at its event, and a printed ruling says who pays whom with it."""
    ref = rule_ref(entry["rule"])
    if entry["to"] == POOL:
        return f"{entry['from']} puts {entry['amount']} into the pool ({_WHAT_WORDS[entry['what']]}, {ref})"
    if entry["from"] == POOL:
        return f"{entry['to']} takes {entry['amount']} from the pool ({ref})"
    return f"{entry['from']} pays {entry['to']} {entry['amount']} ({_WHAT_WORDS[entry['what']]}, {ref})"


def ruling_told(finding: Mapping[str, Any], rulebook: Rulebook, pronouns: Pronouns = None) -> dict[str, Any]:
    """A finding as a person is told it: the summary, what follows in words, and the law's own words with
    what a house changed beside them (SPEC §3.26). The story, the HTML pages and the page `arbiter serve`
    reads aloud all tell a ruling from this one record, so they cannot tell it differently."""
    rule = rulebook.get(finding["id"])
    return {
        "id": finding["id"],
        "game": finding["game"],
        "severity": finding["severity"],
        "player": finding["player"],
        "summary": finding["summary"],
        "effects": [effect_words(effect, pronouns) for effect in finding["effects"]],
        "law": {"id": rule.id, "label": rule_label(rule), "title": rule.title,
                "words": " ".join(rule.text.split()), "house_rules": house_notes(rule, rulebook)},
    }


class Storyteller:
    """Tells one replayed log. `before` is the table before the event (None at a game's
    start), `after` the table after it; both come from the trace."""

    def __init__(self, log: Mapping[str, Any], report: Mapping[str, Any], trace: Sequence[State],
                 rulebook: Rulebook) -> None:
        self.events = log["events"]
        self.pronouns, self.players = log["table"].get("pronouns"), log["table"]["players"]
        self.trace = trace
        self.rulebook = rulebook
        self.hand_rules = hand_rules(rulebook.parameters, rulebook.hands)
        self.cards_per_hand: int = rulebook.parameters["cards_per_hand"]
        self.money: dict[int, list[Mapping[str, Any]]] = {}
        self.won: dict[int, dict[str, int]] = {}  # each game's winnings, by player
        self.won_by: dict[int, set[str]] = {}  # the rules each game's winnings cite
        self.antes: dict[tuple[int, str], list[tuple[int, int]]] = {}  # each game's antes by player: (event, amount)
        for entry in report["ledger"]:
            self.money.setdefault(entry["event"], []).append(entry)
            if entry["what"] == "ante":
                self.antes.setdefault((entry["game"], entry["from"]), []).append((entry["event"], entry["amount"]))
            if entry["from"] == POOL and entry["what"] == WON:
                won = self.won.setdefault(entry["game"], {})
                won[entry["to"]] = won.get(entry["to"], 0) + entry["amount"]
                self.won_by.setdefault(entry["game"], set()).add(entry["rule"])
        # the rules a pool shared by equal hands cites (the laws say which: law 76's `ledger_rule`)
        self.sharing = {rule.id for rule in rulebook.in_order() for name, entry in setting_entries(rule.defines)
                        if name == "ledger_rule" and entry.get("if") == "pool_shared"}
        self.rulings: dict[int, list[Mapping[str, Any]]] = {}
        for finding in report["findings"]:
            self.rulings.setdefault(finding["event"], []).append(finding)
        self.games = {game["game"]: game for game in report["games"]}
        self.traced: dict[int, list[int]] = {}  # each game's events in the trace: looked up once a game, not walked
        for k, state in enumerate(trace):
            if state.get("game") is not None:
                self.traced.setdefault(state["game"], []).append(k)

    # --- the steps -----------------------------------------------------------------
    def games_told(self) -> list[int | None]:
        """The game each event is told in: the replay's game in play, or a later one where the
        ledger enters the event in it (an ante put up before its game's deal is that game's,
        as the report has it), and never an earlier game than the event before."""
        told: list[int | None] = []
        for after in self.trace:
            games = [after.get("game"), *(entry["game"] for entry in self.money.get(after["event"], ()))]
            if told and told[-1] is not None:
                games.append(told[-1])
            known = [game for game in games if game is not None]
            told.append(max(known) if known else None)
        return told

    def steps(self) -> list[dict[str, Any]]:
        """One step per event the replay reached, and one at the end of each game."""
        steps = []
        pool: int | None = None
        told = self.games_told()
        for k, (event, after) in enumerate(zip(self.events, self.trace)):
            same_game = k > 0 and told[k - 1] == told[k]
            before = self.trace[k - 1] if same_game and self.trace[k - 1].get("game") == after.get("game") else None
            pool = self._pool_after(after, told[k], pool if same_game else None)
            steps.append({
                "event": k,
                "game": told[k],
                "kind": "event",
                "text": " ".join(self._sentences(event, before, after, told[k], pool)),
                "pool": pool,
                "rulings": [ruling_told(f, self.rulebook, self.pronouns) for f in self.rulings.get(k, ())],
            })
            game = self.games.get(told[k])
            if game is not None and (k + 1 == len(self.trace) or told[k + 1] != told[k]):
                steps.append({"event": k, "game": game["game"], "kind": "game_end",
                              "text": self._game_end(game), "pool": pool, "rulings": []})
        return steps

    def _pool_after(self, after: State, game: int | None, running: int | None) -> int | None:
        """The pool of the game an event is told in, from the ledger's movements: the state
        the replay kept at an event misses what a game's end pays as of it (a pool taken when
        the log ends, or the next deal, a penalty then), which the ledger cites it for."""
        if game is None:
            return after.get("pool")
        moved = sum(entry["amount"] if entry["to"] == POOL else -entry["amount"] if entry["from"] == POOL else 0
                    for entry in self.money.get(after["event"], ()) if entry["game"] == game)
        if running is None:  # the game's first event: what the pool held as it came, the carried pool with it
            # (an event told ahead of its game's deal is not yet in the pool the replay kept)
            running = (after.get("pool") or 0) - (moved if after.get("game") == game else 0)
        return running + moved

    def _sentences(self, event: Event, before: State | None, after: State, game: int | None,
                   pool: int | None) -> list[str]:
        ahead = self.games.get(game) if game != after.get("game") else None
        if ahead is not None:  # told ahead in its own game: an ante put up for a jack-pot is its jack-pot ante
            after = {**after, "jackpot": ahead["jackpot"]}
        told = [TELLERS[event["type"]](self, event, before or {}, after)]
        opener = after.get("opener")
        if before and opener and _opens_now(event, before, after) \
                and (opener != event.get("player") or event["type"] not in ("open", "play")):
            told.append(f"{opener}'s stake, made out of turn, opens the game as {opener}'s turn comes.")
        moved = self.money.get(after["event"], ())
        told += [money_words(entry) + "." for entry in moved]
        if any(POOL in (entry["from"], entry["to"]) and entry["game"] == game for entry in moved):
            told.append(f"The pool now holds {pool}." if pool else "The pool is now empty.")
        # as sets: the lists run from the dealer's left, and a new dealer reorders them
        if before and set(after.get("still_in") or ()) != set(before.get("still_in") or ()):
            still_in = after.get("still_in") or []
            told.append("No one is still in." if not still_in else
                        f"Only {still_in[0]} is still in." if len(still_in) == 1 else
                        f"Still in: {listed(still_in)}.")
        return told

    def _game_end(self, game: Mapping[str, Any]) -> str:
        told = [f"End of game {game['game']}, dealt by {game['dealer']}"
                + (f" ({game['deals']} deals)." if game["deals"] > 1 else ".")]
        if game["opened_by"] or game["complete"]:  # a game the log leaves unfinished may be opened yet
            told.append(f"Opened by {game['opened_by']}." if game["opened_by"] else "No one opened it.")
        if not game["complete"]:
            told.append(f"The log ends before the game is over; the pool holds {game['pool']}.")
            return " ".join(told)
        if game["winners"]:
            told.append(self._taken(game))
        elif game["pool"]:
            told.append(f"No one takes the pool: its {plural(game['pool'], 'counter')} "
                        f"{'stays' if game['pool'] == 1 else 'stay'} for the next game.")
        else:  # every stake given back (a club's no-jack-pots)
            told.append("Nothing is left in the pool.")
        decided = self.show_decided(game["game"], game["winners"])
        if decided:
            told.append(decided)
        nxt = game["next"]
        jackpot = nxt["jackpot"]
        told.append(f"Next game: {nxt['dealer']} deals; " + (
            f"it is jack-pot no. {jackpot['number']}, and no one may open it without "
            f"{openers_words(jackpot['openers'])} or better." if jackpot else "an ordinary game."))
        return " ".join(told)

    def _taken(self, game: Mapping[str, Any]) -> str:
        """Who took the pool: one player, or several sharing it equally (law 76); where they
        took unequal parts (a show for a sum, law 60, and the rest), what each took."""
        winners = game["winners"]
        won = self.won.get(game["game"], {})
        taken = {winner: won.get(winner, 0) for winner in winners}
        if len(winners) == 1:
            return f"{winners[0]} takes the pool of {game['pool']}."
        first, *rest = winners
        parts = listed([f"{first} takes {taken[first]}", *(f"{winner} {taken[winner]}" for winner in rest)])
        if self.won_by.get(game["game"], set()) <= self.sharing:  # equal hands (law 76); an odd counter (A4)
            shared = f"{listed(winners)} share the pool of {game['pool']}"
            return f"{shared}." if len(set(taken.values())) == 1 else f"{shared}: {parts}."
        return f"Of the pool of {game['pool']}, {parts}."

    # --- hands ---------------------------------------------------------------------
    def _law_of_hands(self, classes: set[str]) -> Any:
        """The rule whose evaluator compares these classes of hand: the rule for all hands
        (the order of the hands) when they differ, else the first rule for their class."""
        for rule in self.rulebook.in_order():
            concerns = (rule.evaluator or {}).get("hands")
            if concerns == "all" and len(classes) > 1 or isinstance(concerns, list) and \
                    len(classes) == 1 and classes <= set(concerns):
                return rule
        return None

    def show_decided(self, game: int, winners: Sequence[str]) -> str | None:
        """Which law decided the show of a game: the best hand shown against the next best
        of another player still in at the end, e.g. "Cat's flush beats Dan's flush (law 69:
        …)"; of equal best hands, all paid, the rule they share by (law 76). None without two
        valued hands to compare, or when the best shown is not the winner (another law, such
        as an imperfect pack's, decided the game, and the order of the hands did not)."""
        indexes = self.traced[game]
        last = self.trace[indexes[-1]]  # a hand that cannot be valued (L1) competes with none
        still_in = set(last.get("still_in") or ()) - set(last.get("unvalued") or ())
        shown: dict[str, Any] = {}
        for player, cards in (last.get("shown") or {}).items():  # the hands the replay judged: a show each
            if player in still_in and len(cards) == self.cards_per_hand:
                try:
                    shown[player] = evaluate(parse_cards(cards), self.hand_rules)
                except ValueError:
                    continue
        if len(shown) < 2:
            return None
        best, runner = sorted(shown, key=lambda player: shown[player], reverse=True)[:2]
        equal = [player for player in shown if shown[player] == shown[best]]  # in the order shown
        if len(equal) > 1 and set(equal) <= set(winners) and self.sharing:  # equal: the rule they share by
            share = self.rulebook.get(min(self.sharing))
            first, *others = [f"{player}'s" for player in equal]
            return (f"At the show {listed([f'{first} {_hand_noun(shown[best], self.hand_rules)}', *others])} are "
                    f"equal ({rule_ref(share.id)}: {share.title[0].lower()}{share.title[1:]}).")
        if shown[best] == shown[runner] or best not in winners:
            return None
        noun = _hand_noun(shown[best], self.hand_rules)
        beats = "beat" if noun in ("threes", "fours", "two pairs") else "beats"
        if equal_but_for_the_joker(shown[best], shown[runner]):  # no law of the hands decides: the house's joker
            return (f"At the show {best}'s {noun} {beats} {runner}'s {_hand_noun(shown[runner], self.hand_rules)}, "
                    "equal to it but for the joker, whose edge decides (house rule: joker is true).")
        rule = self._law_of_hands({hand_class(shown[player], self.hand_rules) for player in (best, runner)})
        if rule is None:
            return None
        house = "".join(f"; {note[0].lower()}{note[1:]}" for note in house_notes(rule, self.rulebook))
        return (f"At the show {best}'s {noun} {beats} {runner}'s {_hand_noun(shown[runner], self.hand_rules)} "
                f"({rule_ref(rule.id)}: {rule.title[0].lower()}{rule.title[1:]}{house}).")

    def hand_words(self, cards: Sequence[str], judged: bool = True) -> str:
        """The hand shown in words; a number of cards not a hand's is a foul hand where a law
        found it so (`judged`), else only so many cards."""
        if len(cards) != self.cards_per_hand:
            return f"{plural(len(cards), 'card')}, a foul hand" if judged else plural(len(cards), "card")
        if judged:  # five shown of a hand the law found foul (six held, L48): not valued
            return "a foul hand"
        try:
            return class_words(hand_class(evaluate(parse_cards(cards), self.hand_rules), self.hand_rules),
                               self.hand_rules)
        except ValueError:
            return "a hand that cannot be valued"


# --- one sentence per event type ---------------------------------------------------------
def _deal(t: Storyteller, e: Event, before: State, after: State) -> str:
    if before.get("deal") and after["deal"] > before["deal"]:
        again = "deals again" if e["dealer"] == before.get("dealer") else "makes the new deal"
        return f"{e['dealer']} {again}: deal {after['deal']} of game {after['game']}."
    told = f"Game {after['game']} begins: {e['dealer']} deals."
    jackpot = after.get("jackpot")
    if jackpot:
        told += (f" It is jack-pot no. {jackpot['number']}: every player pays the ante into the pool, and no"
                 f" one may open without {openers_words(jackpot['openers'])} or better.")
    return told


def _shuffle(t: Storyteller, e: Event, before: State, after: State) -> str:
    how = [w for w, flag in (("face up", e.get("face_up")), ("below the table", e.get("below_table"))) if flag]
    who = e["player"] if e["player"] == after.get("dealer") else f"{e['player']}, not the dealer,"
    return f"{who} shuffles the pack" + (f" {' and '.join(how)}" if how else "") + "."


def _ante(t: Storyteller, e: Event, before: State, after: State) -> str:
    """The game's ante, or one after it (L20, L30 judge it): more of his own, with what he put up in
    all, from the ledger (its entry names the ante's game); or an ante beside another's."""
    player, now = e["player"], after["event"]
    made = [entry for entry in t.money.get(now, ()) if entry["what"] == "ante" and entry["from"] == player]
    game: int | None = made[0]["game"] if made else after.get("game")
    paid: int = sum(amount for k, amount in t.antes.get((game, player), []) if k < now) if game else 0
    more: int = sum(entry["amount"] for entry in made)
    if paid and more:
        kind = "a jack-pot ante" if after.get("jackpot") else "an ante"
        return f"{player} puts up {more} more as {kind}: {paid + more} in all."
    if deal := _waits(t, before, after):
        return f"{player} puts up an ante before the {deal} deal: it waits for the game it is for."
    if not made and not paid:  # table stakes, nothing on the table (A5)
        return f"{player} antes with nothing on the table: no ante is staked."
    earlier = before.get("ante_staker") if _same_game(before, after) and after.get("game") == game else None
    if earlier and earlier != player:
        return f"{player} stakes an ante; {earlier} has staked this game's."
    return f"{player} pays the jack-pot ante." if after.get("jackpot") else f"{player} stakes the ante."


def _waits(t: Storyteller, before: State, after: State) -> str | None:
    """The deal a stake put up before its game's waits for, where no game has it: none moved, none ruled on."""
    k, game = after["event"], after.get("game")
    held = t.money.get(k) or t.rulings.get(k) or game is not None and before.get("phase") != Phase.OVER
    return None if held else "first" if game is None else "next"


def _card(t: Storyteller, e: Event, before: State, after: State) -> str:
    card = e.get("card")
    if e.get("exposed"):
        return f"{after['dealer']} deals a card to {e['to']} face up" + (f": {card}." if card else ".")
    return f"{after['dealer']} deals a card to {e['to']}" + (f" ({card})." if card else ".")


def _dealt(t: Storyteller, e: Event, before: State, after: State) -> str:
    counts = {p: cards if isinstance(cards, int) else len(cards) for p, cards in e["hands"].items()}
    counts.update({p: t.cards_per_hand for p in t.players if p not in counts})  # not named: the full hand (SPEC §2)
    if set(counts.values()) <= {t.cards_per_hand}:  # a bare `dealt` is a whole deal made in proper order
        told = f"{after['dealer']} deals {plural(t.cards_per_hand, 'card')} to each player."
    else:  # those dealt nothing in it are not named
        dealt = ", ".join(f"{plural(n, 'card')} to {p}" for p, n in counts.items() if n)
        told = f"{after['dealer']} deals: {dealt}." if dealt else f"{after['dealer']} deals no card."
    held: Mapping[str, int] = before.get("cards") or {}  # cards dealt him before it (L7): these join them
    known = [f"{p} {'gets' if held.get(p) else 'holds'} {' '.join(cards)}" for p, cards in e["hands"].items()
             if cards and not isinstance(cards, int)]
    return told + (" " + "; ".join(known) + "." if known else "")


_ISSUES: dict[str, str] = {
    "wrong_count": "dealt the wrong number of cards",
    "excess": "given more cards than asked for",
    "short": "given fewer cards than asked for",
}


def _point_out(t: Storyteller, e: Event, before: State, after: State) -> str:
    """What is pointed out, as his word, not a fact (it may not be so): about another by name."""
    issue, about = e["issue"], e.get("about") or e["player"]
    if issue == "uncut":
        return f"{e['player']} says that the pack was not cut."
    if about != e["player"]:
        return f"{e['player']} says that {about} was {_ISSUES[issue]}."
    said = pronoun_of(about, t.pronouns)
    return f"{e['player']} says that {said.subject} {said.verb('was')} {_ISSUES[issue]}."


def _made(e: Event, before: State, after: State) -> int:
    """The stake an event made: under table stakes (A5) what he could, maybe less than recorded."""
    now: Mapping[str, int] = after.get("stakes") or {}
    if after.get("game") != before.get("game") or e["player"] not in (after.get("still_in") or ()):
        return int(e["stake"])  # before the deal, or retired by it (a foul hand it raised): the stake as recorded
    return now.get(e["player"], e["stake"])


def _all_he_has(e: Event, before: State, after: State) -> bool:
    """Did this stake put in all he has (table stakes, A5)?"""
    old = (before.get("stakes") or {}).get(e["player"], 0)
    newly = e["player"] in (after.get("all_in") or ()) and e["player"] not in (before.get("all_in") or ())
    return newly and _made(e, before, after) > old


def _same_game(before: State, after: State) -> bool:
    """Is the event of the game in play before it? Not before the first deal, nor a game's first."""
    return before.get("game") is not None and before.get("game") == after.get("game")


def _opens_now(e: Event, before: State, after: State) -> bool:
    """Did this event make the game's first opening (the first to open, in turn or not,
    whatever word recorded it: reading 24)?"""
    return _same_game(before, after) and not before.get("opener") and bool(after.get("opener"))


def _changes_nothing(e: Event, before: State, after: State) -> str | None:
    """Where a stake can change nothing but the counters in the pool (SPEC 25: by one out,
    after the betting has closed, after the pool is taken), what the story says of it."""
    if not _same_game(before, after):
        return None
    if before.get("phase") == Phase.OVER and after.get("pool_taken"):  # no counters move
        return f"{e['player']} names a stake of {e['stake']} once the pool is taken."
    if e["player"] not in (before.get("still_in") or ()) or before.get("phase") in (Phase.SHOW, Phase.OVER):
        counters = " but the counters it puts in the pool" if after.get("pool", 0) > before.get("pool", 0) else ""
        return f"{e['player']} names a stake of {e['stake']}, which changes nothing in the game{counters}."
    return None


def _play(t: Storyteller, e: Event, before: State, after: State) -> str:
    late = _changes_nothing(e, before, after)
    if late:
        return late
    stakes = before.get("stakes") or {}
    old = stakes.get(e["player"], 0)
    highest = before.get("highest", 0)
    stake, more = e["stake"], e["stake"] - old
    mark = "the highest"
    if before.get("early") and before.get("preceding", highest) <= stake < highest:
        # a stake out of turn binds one it jumped only from its turn; a jumped first speaker meets the opening
        # least (SPEC 24)
        highest = max(before["preceding"], before.get("least_to_open") or 0)
        mark = "the stake to meet"  # not the highest, which counts the early stake (D1)
    made = _made(e, before, after)
    if _all_he_has(e, before, after):  # table stakes: all he has, the stake he could make (A5)
        said = pronoun_of(e["player"], t.pronouns)
        told = f"{e['player']} stakes all {said.subject} {said.verb('has')}: a stake of {made} " \
               f"({made - old} more)"
        return told + (f", short of {mark}, {highest}." if made < highest else
                       f", equal to {mark}." if made == highest else f", {made - highest} over {mark}.")
    if more > 0 and e["player"] not in (after.get("still_in") or ()) \
            and e["player"] in (before.get("still_in") or ()):  # a foul hand (L13, L48), short (L54)
        return f"{e['player']} stakes {stake} ({more} more) and retires from the game: the stake raises no one."
    if after.get("opener") == e["player"] and _opens_now(e, before, after):  # the first stake in turn (L25)
        return f"{e['player']} opens the game, with a stake recorded as a play: a stake of {stake} ({more} more)."
    if not after.get("opener") and more > 0 and after.get("game") == before.get("game"):  # it raises no one yet
        return f"{e['player']} stakes {stake} ({more} more), before the game is opened."
    if more < 0:
        return f"{e['player']} names a stake of {stake}, lower than the {old} already staked."
    if more == 0 and stake < highest:  # no stand: a stand meets no bet (D5)
        return f"{e['player']} keeps the stake at {stake}, short of {mark}, {highest}."
    if more == 0 and after.get("phase") in (Phase.SAY, Phase.DRAW):  # one stands once he has drawn (D5)
        return f"{e['player']} keeps the stake at {stake}."
    if more == 0:
        return f"{e['player']} stands, keeping the stake at {stake}."
    if stake > highest:
        return f"{e['player']} raises: a stake of {stake} ({more} more), {stake - highest} over {mark}."
    if stake == highest:
        return f"{e['player']} plays: a stake of {stake} ({more} more), equal to {mark}."
    return f"{e['player']} plays: a stake of {stake} ({more} more), short of {mark}, {highest}."


def _open(t: Storyteller, e: Event, before: State, after: State) -> str:
    """An `open` once the game is opened is a play (the opener is the first to open), told
    as one: the cards it names are no opening hand."""
    if before.get("opener") and _same_game(before, after):
        return _play(t, e, before, after)
    late = _changes_nothing(e, before, after)  # by one out, or once the game is over
    if late:
        return late
    if after.get("opener") != e["player"] and _same_game(before, after):
        # a foul hand (L13), all he has short of the stake to meet (A5): it opens nothing
        if _all_he_has(e, before, after):
            return _play(t, e, before, after) + " It opens nothing."
        more = e["stake"] - (before.get("stakes") or {}).get(e["player"], 0)
        return f"{e['player']} opens with a stake of {e['stake']} ({more} more), but it opens nothing."
    if _all_he_has(e, before, after):
        said = pronoun_of(e["player"], t.pronouns)
        return f"{e['player']} opens the game with all {said.subject} {said.verb('has')}: a stake of " \
               f"{_made(e, before, after)}."
    return f"{e['player']} opens the game: a stake of {e['stake']}." + (
        f" The hand, as stated: {' '.join(e['cards'])}." if e.get("cards") else "")


def _give(t: Storyteller, e: Event, before: State, after: State) -> str:
    dealer = after["dealer"]
    told = (f"{dealer}, the dealer, takes {plural(e['count'], 'card')}" if e["to"] == dealer
            else f"{dealer} gives {e['to']} {plural(e['count'], 'card')}")
    if e.get("cards"):
        told += f" ({' '.join(e['cards'])})"
    if e.get("exposed"):
        told += ", face up" if e["count"] == 1 else f", {e['exposed']} of them face up"
    return told + "."


def _dispute(t: Storyteller, e: Event, before: State, after: State) -> str:
    if e["player"] == after.get("dealer"):  # law 46's dispute is between a player and the dealer: this is none
        own = pronoun_of(e["player"], t.pronouns).possessive
        return (f"{e['player']}, the dealer, records a dispute over {own} own draw ({e['claims']} against "
                f"{e['dealer_says']}): law 46's dispute is between a player and the dealer, so none is made and no "
                "evidence is taken.")
    told = (f"{e['player']} and the dealer dispute the number of cards asked for: {e['player']} says "
            f"{e['claims']}, the dealer {e['dealer_says']}.")
    if e.get("unable"):
        told += f" {listed(e['unable'])} cannot give evidence."
    if e.get("testimony"):
        told += " Evidence: " + ", ".join(f"{p} says {n}" for p, n in e["testimony"].items()) + "."
    return told


def _show(t: Storyteller, e: Event, before: State, after: State) -> str:
    out = _same_game(before, after) and e["player"] not in (before.get("still_in") or ())  # his hand is in no show
    who = f"{e['player']}, out of the game," if out else e["player"]
    again = not out and _same_game(before, after) and e["player"] in (before.get("shown") or {})
    # cards the show lists are a foul hand only where a law found it so (L48, L64), whatever else they hold: not a
    # show before the betting closed (L59), nor a jack-pot opener's left alone (L33), nor one who passed (L28)
    judged = e["player"] in (after.get("foul") or ())
    if not judged and not out and not again and e["player"] in (after.get("unvalued") or ()):  # L1: no contest
        told = f"{who} shows {' '.join(e['cards'])}: a hand that cannot be valued, with a card seen twice."
    else:
        told = f"{who} shows {' '.join(e['cards'])}: {t.hand_words(e['cards'], judged)}."
    if again:
        told += f" {e['player']} has shown a hand already: the hand shown first stands, and this changes nothing."
    if e.get("original"):
        told += f" The original hand, as stated: {' '.join(e['original'])}."
    return told


def _pass(t: Storyteller, e: Event, b: State, a: State) -> str:
    """A pass out of the game, or one that leaves him in it: made before the cards (before the first deal too, for the
    game it begins), it is a statement of intent, and his say comes in his turn (law 57; the finding says so)."""
    if _same_game(b, a) and e["player"] not in (b.get("still_in") or ()):
        return f"{e['player']}, already out of the game, passes."
    if _same_game(b, a) and b.get("phase") == Phase.OVER:
        return f"{e['player']} passes once the game is over."
    if a.get("game") is None or (_same_game(b, a) and e["player"] in (a.get("still_in") or ())):
        return f"{e['player']} passes, and is still in the game."
    return f"{e['player']} passes and gives up the game."


def _demand_show(t: Storyteller, e: Event, b: State, a: State) -> str:
    """A show for a sum: "everything left" only where A5 cut it to all he has; by one whose stake
    is a show for a sum already, a stake like any other of his, the sum as it was (law 61)."""
    late = _changes_nothing(e, b, a)
    if late:
        return late
    made = _made(e, b, a)
    if _same_game(b, a) and e["player"] in (b.get("all_in") or ()):
        return (f"{e['player']} demands a show, the stake already a show for a sum: {made} in all; the sum "
                f"stays as it was (law 61).")
    return f"{e['player']} demands a show for a sum: a stake of {made} in all" + (
        ", everything left." if made < e["stake"] else ".")


TELLERS: dict[str, Callable[[Storyteller, Event, State, State], str]] = {
    "draw_for_deal": lambda t, e, b, a: f"{e['player']} draws {e['card']} for the deal.",
    "deal": _deal,
    "shuffle": _shuffle,
    "cut": lambda t, e, b, a: f"{e['player']} cuts the pack.",
    "ante": _ante,
    "straddle": lambda t, e, b, a: f"{e['player']} puts up a straddle before the {deal} deal: it waits for the game "
    "it is for." if (deal := _waits(t, b, a)) else f"{e['player']} straddles.",
    "card": _card,
    "dealt": _dealt,
    "face_up_in_pack": lambda t, e, b, a: "A card is found face up in the pack"
    + (f": {e['card']}." if e.get("card") else "."),
    "speak": lambda t, e, b, a: f"{e['player']} speaks to the dealer.",  # during the deal or not: the finding says
    "point_out": _point_out,
    "lift": lambda t, e, b, a: f"{e['player']} lifts the cards from the table.",
    "open": _open,
    "play": _play,
    "pass": _pass,
    "divulge": lambda t, e, b, a: f"{e['player']}, still in, shows or tells cards of the hand."
    if e["player"] in (b.get("still_in") or ()) else f"{e['player']}, having retired, tells what the cards were.",
    "take_back": lambda t, e, b, a: f"{e['player']} takes back cards already thrown down.",
    "discard": lambda t, e, b, a: f"{e['player']} stands pat: no cards discarded." if e["count"] == 0
    else f"{e['player']} discards {plural(e['count'], 'card')}"
    + (f" ({' '.join(e['cards'])})." if e.get("cards") else "."),
    "demand": lambda t, e, b, a: f"{e['player']} asks for {plural(e['count'], 'card')}.",
    "give": _give,
    "collect_discards": lambda t, e, b, a: "The discards are gathered up, to be shuffled and cut as a pack."
    if "shuffle" in (a.get("remaking") or ()) and "shuffle" not in (b.get("remaking") or ())
    else "The discards are gathered up; the pack is not made up of them.",
    "dispute": _dispute,
    "ask_dealer": lambda t, e, b, a: f"{e['player']} asks the dealer how many cards the dealer drew.",
    "dealer_answer": lambda t, e, b, a: f"The dealer, {a['dealer']}, answers: {e['count']}.",
    "dealer_tells": lambda t, e, b, a: f"The dealer, {a['dealer']}, tells how many cards {e['about']} drew.",
    "demand_show": _demand_show,
    "show": _show,
    "win": lambda t, e, b, a: f"The log records {e['player']} as taking the pool"
    + (f" ({e['amount']})." if e.get("amount") is not None else "."),
    "add_counters": lambda t, e, b, a: f"{e['player']} adds {plural(e['amount'], 'counter')} to those on the table.",
}


def tell(log: Mapping[str, Any], report: Mapping[str, Any], trace: Sequence[State],
         rulebook: Rulebook) -> list[dict[str, Any]]:
    """The story of a replayed log: a list of steps, `{event, game, kind, text, pool, rulings}`."""
    return Storyteller(log, report, trace, rulebook).steps()


# --- output formats ----------------------------------------------------------------------
def _heading(game: int | None) -> str:
    return f"Game {game}" if game is not None else "Before the first deal"


def house_line(report: Mapping[str, Any]) -> str | None:
    house = report.get("house_rules")
    if not house:
        return None
    changes = [f"{name} = {value_text(value)}" for name, value in house["parameters"].items()]
    changes += [f"{rule_id} switched off" for rule_id in house["disable"]]
    changes += [f"{rule_id}, the club's own rule" for rule_id in house.get("rules", ())]
    return f"House rules in force: {house['name']} ({'; '.join(changes) or 'no change'})."


def _wrap(text: str, indent: str, follow: str | None = None) -> str:
    return "\n".join(fold(text, 92, indent, follow if follow is not None else " " * len(indent)))


def render_story(steps: Sequence[Mapping[str, Any]], report: Mapping[str, Any], fmt: str) -> str:
    """The story as `text` (a terminal), `markdown` (a page) or `json` (the steps)."""
    if fmt == "json":
        return json.dumps(list(steps), indent=2, ensure_ascii=False)
    markdown = fmt == "markdown"
    name = report["file"] or "<log>"
    lines = [f"# {md(name)}" if markdown else printable(name)]
    house = house_line(report)
    if house:
        lines.append(md(house) if markdown else house)
    game: object = object()
    for step in steps:
        if step["game"] != game:
            game = step["game"]
            heading = _heading(step["game"])
            lines += ["", f"## {heading}" if markdown else heading, ""]
        lines += _markdown_step(step) if markdown else _text_step(step)
    return "\n".join(lines).rstrip() + "\n"


def of_another_game(ruling: Mapping[str, Any], step: Mapping[str, Any]) -> str:
    """", game 1" where a ruling told at a step of one game is of another: the deal of a game
    cut off by the next game's deal is judged at that deal (law 9's cut), in the game it was."""
    game = ruling["game"]
    return f", game {game}" if game is not None and game != step["game"] else ""


def _text_step(step: Mapping[str, Any]) -> list[str]:
    if step["kind"] == "game_end":
        return ["", _wrap(step["text"], "  "), ""]
    lines = [_wrap(step["text"], f"  {step['event']:>3}  ", " " * 7)]
    for ruling in step["rulings"]:
        lines.append(_wrap(f"{ruling['id']} ({ruling['severity']}{of_another_game(ruling, step)}): "
                           f"{ruling['summary']}", " " * 7 + "* ", " " * 9))
        lines += [_wrap(f"-> {effect}", " " * 9, " " * 12) for effect in ruling["effects"]]
        law = ruling["law"]
        lines.append(_wrap(f"{law['label']}: \u201c{law['words']}\u201d", " " * 9))
        lines += [_wrap(note, " " * 9) for note in law["house_rules"]]
    return lines


def _markdown_step(step: Mapping[str, Any]) -> list[str]:
    """One step in Markdown: every text escaped, since names and notes come from the log."""
    if step["kind"] == "game_end":
        return ["", f"**{md(step['text'])}**", ""]
    lines = [f"- **{step['event']}.** {md(step['text'])}"]
    for ruling in step["rulings"]:
        lines.append(f"  - **{ruling['id']}** ({ruling['severity']}{of_another_game(ruling, step)}): "
                     f"{md(ruling['summary'])}")
        lines += [f"    - {md(effect)}" for effect in ruling["effects"]]
        law = ruling["law"]
        lines.append(f"\n    > {md(law['label'])}, *{md(law['title'])}*: \u201c{md(law['words'])}\u201d\n")
        lines += [f"    **{md(note)}**\n" for note in law["house_rules"]]
    return lines
