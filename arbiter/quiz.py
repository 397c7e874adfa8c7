"""The quiz (`arbiter quiz`): learning the laws from the shipped cases.

Each question is one finding of one shipped case. The learner sees the game as it went,
up to the event where the law applies (for a finding judged only later as of its event,
up to where it is made), and is asked which law applies and then what
follows from it. The right answer to the first is the finding's law (any law ruled at
that same event is accepted too); the right answer to the second is the finding's
effects in words, set among consequences of other findings, so every choice is
something the laws really do order somewhere. The explanation quotes the law, the
arbiter's summary and the case's own reasoning (`meta.expect.why`).

The questions are data (`Question`), built the same for the same seed; the command
line asks them and keeps the score.
"""

from __future__ import annotations

import random
import re
from dataclasses import asdict, dataclass
from functools import cached_property
from typing import Any, Collection, Mapping, Sequence

from arbiter.checker import replay_log, replay_with_trace
from arbiter.errors import ArbiterError
from arbiter.reading import read_log_file
from arbiter.render.story import TELLERS, Storyteller, carried_words, paid_in_words
from arbiter.resources import cases_dir
from arbiter.rulebook.model import Rulebook, normalise_id, rule_sort_key
from arbiter.rulebook.vocabulary.effects import effect_words
from arbiter.state import Phase
from arbiter.words import fold

CHOICES = 4
#: No law is asked of more cases than this in one run of all the questions.
MAX_PER_LAW = 3
#: What to answer when a finding orders nothing of its own: the act stands (law 55) or
#: the play simply goes on as the law says.
NOTHING_FURTHER = "Nothing further is ordered (no redeal, foul hand, refund or penalty): the play goes on"


class NothingToAsk(ArbiterError):
    """The laws asked for are ones no shipped case rules on."""


@dataclass(frozen=True)
class Case:
    """A shipped case, replayed: its log, its report and the table after each event."""

    name: str
    log: Mapping[str, Any]
    report: Mapping[str, Any]
    trace: Sequence[Mapping[str, Any]]

    @property
    def players(self) -> list[str]:
        return list(self.log["table"]["players"])

    def dealer_at(self, event: int) -> str | None:
        return self.trace[event].get("dealer")

    @cached_property
    def findings(self) -> list[Mapping[str, Any]]:
        """The findings a question can show at a table: an act before a deal (the log's first,
        or the next game's: an ante put up, a say) is judged in the game that deal begins, but
        at its own event, where that game's table is not yet set."""
        return [f for f in self.report["findings"]
                if f["game"] is not None and self.trace[f["event"]].get("game") == f["game"]]


@dataclass(frozen=True)
class Question:
    """One question, with everything needed to ask it, check the answers and explain."""

    case: str
    title: str
    players: list[str]
    limit: int
    ante: int
    game: int
    event: int
    story: list[dict[str, Any]]
    table: str
    law: str
    also: list[str]
    law_title: str
    law_text: str
    summary: str
    choices: list[str]
    answer: int
    why: list[str]

    def accepts_law(self, text: str) -> bool:
        """`L13`, `l13`, `13`, `law 13` all name L13."""
        return read_law(text) in {self.law, *self.also}

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def read_law(text: str) -> str:
    words = re.sub(r"^\s*law\s*", "", text, flags=re.IGNORECASE).strip()
    return normalise_id(f"L{words}" if words.isdigit() else words)


def shipped_cases(rulebook: Rulebook) -> list[Case]:
    """Every case under `cases/` (not its sub-folders, whose cases need house rules),
    replayed under the book's laws, in name order."""
    cases = []
    for path in sorted(cases_dir().glob("*.json")):
        log = read_log_file(path)
        report, trace = replay_with_trace(log, rulebook, path.name)
        cases.append(Case(path.stem, log, report, trace))
    return cases


def consequence(effects: Sequence[Mapping[str, Any]], pronouns: Mapping[str, str] | None = None) -> str:
    """A finding's effects as one answer to "what follows?" (in the case's pronouns)."""
    if not effects:
        return NOTHING_FURTHER
    text = "; ".join(effect_words(effect, pronouns) for effect in effects)
    return text[0].upper() + text[1:]


# Effects that say the play goes on as it was ("the deal stands", "his stake stays as it
# was") answer as "nothing further is ordered" does; one that says what another implies
# (a foul hand retires) is no other answer: neither is offered as a wrong choice beside it.
SAYS_NOTHING_ORDERED = frozenset({"deal_stands", "keep_stake"})
IMPLIED = {"foul_hand": "retire"}
# Effects that take a player out of the game: for one already out, or going out at the
# event asked about, they say what is so, and are no wrong choice.
TAKES_OUT = frozenset({"foul_hand", "retire"})


def _effect_kinds(effects: Sequence[Mapping[str, Any]]) -> frozenset[str]:
    """What a finding orders, for telling one answer from another."""
    kinds = {effect["type"] for effect in effects} - SAYS_NOTHING_ORDERED
    return frozenset(kinds | {IMPLIED[kind] for kind in kinds if kind in IMPLIED})


def _recast_names(source: Case, source_finding: Mapping[str, Any], target: Case,
                  target_finding: Mapping[str, Any]) -> dict[str, str]:
    """Another case's players given this question's names, so a wrong choice is not
    given away by a stranger's name: its player becomes this finding's player, and the
    others keep their seats counted from the dealer (the dealer stays the dealer)."""
    players = target.players
    source_players = source.players
    source_dealer = source.dealer_at(source_finding["event"]) or source_players[0]
    target_dealer = target.dealer_at(target_finding["event"]) or players[0]
    mapping: dict[str, str] = {source_dealer: target_dealer}
    if source_finding["player"] in source_players and target_finding["player"] in players \
            and source_finding["player"] not in mapping and target_finding["player"] != target_dealer:
        mapping[source_finding["player"]] = target_finding["player"]
    used = set(mapping.values())
    first = source_players.index(source_dealer)
    home = players.index(target_dealer)
    for offset in range(len(source_players)):
        name = source_players[(first + offset) % len(source_players)]
        if name in mapping:
            continue
        seat = (home + offset) % len(players)
        free = [players[(seat + step) % len(players)] for step in range(len(players))]
        mapping[name] = next((p for p in free if p not in used), players[seat])
        used.add(mapping[name])
    return mapping


def _renamed(value: Any, names: Mapping[str, str]) -> Any:
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [_renamed(item, names) for item in value]
    if isinstance(value, dict):
        return {key: item if key == "type" else _renamed(item, names) for key, item in value.items()}
    return value


def _named(value: Any, players: set[str]) -> set[str]:
    """The players a finding's effects name."""
    if isinstance(value, str):
        return {value} & players
    if isinstance(value, list):
        return set().union(*(_named(item, players) for item in value))
    if isinstance(value, dict):
        return set().union(*(_named(item, players) for key, item in value.items() if key != "type"))
    return set()


def _event_type(case: Case, finding: Mapping[str, Any]) -> str:
    return str(case.log["events"][finding["event"]]["type"])


def _choices(case: Case, finding: Mapping[str, Any], cases: Sequence[Case], rulebook: Rulebook,
             rng: random.Random) -> tuple[list[str], int]:
    """The right consequence among wrong ones that are plausible for the situation:
    consequences of other kinds (not the effects of a law ruled at this event, nor a part
    of this finding's), in this table's names, taken first from findings at the same kind
    of event, then from the same section of the laws, then from anywhere."""
    pronouns = case.log["table"].get("pronouns")
    right = consequence(finding["effects"], pronouns)
    kinds = _effect_kinds(finding["effects"])
    here = {_effect_kinds(f["effects"]) for f in case.findings if f["event"] == finding["event"]}
    event_type, section = _event_type(case, finding), rulebook.get(finding["id"]).section
    still_in = set(case.trace[finding["event"]]["still_in"])  # out before the event, or by it
    implied = {kind for kind, follows in IMPLIED.items() if follows in kinds}  # a foul hand, where he retires
    closeness: dict[frozenset[str], int] = {}
    wordings: dict[frozenset[str], list[str]] = {}
    if kinds:
        closeness[frozenset()], wordings[frozenset()] = 1, [NOTHING_FURTHER]
    for other in cases:
        for found in other.findings:
            other_kinds = _effect_kinds(found["effects"])
            if not other_kinds or other_kinds in here or other_kinds <= kinds | implied:
                continue
            names = _recast_names(other, found, case, finding)
            named = _named(found["effects"], set(other.players))
            if len({names[p] for p in named}) < len(named):  # a smaller table: two of its players would be one
                continue
            effects = _renamed(found["effects"], names)
            if any(e["type"] in TAKES_OUT and e.get("player") not in still_in for e in effects):
                continue
            near = 2 * (_event_type(other, found) == event_type) + (rulebook.get(found["id"]).section == section)
            words = consequence(effects, pronouns)
            closeness[other_kinds] = max(near, closeness.get(other_kinds, 0))
            wordings.setdefault(other_kinds, []).append(words)
    picked: list[str] = []
    for near in sorted(set(closeness.values()), reverse=True):
        tier = sorted((k for k, score in closeness.items() if score == near), key=sorted)
        for chosen in rng.sample(tier, min(CHOICES - 1 - len(picked), len(tier))):
            picked.append(rng.choice(sorted(set(wordings[chosen]) - {right})))
    choices = [right, *picked]
    rng.shuffle(choices)
    return choices, choices.index(right)


def _known_at(case: Case, finding: Mapping[str, Any], rulebook: Rulebook) -> int:
    """The event after which the finding is made: its own, mostly; one judged only later
    as of its event (a win recorded before the pool was taken, judged when it is, or when
    the next deal cuts the game off) needs the events up to that moment."""
    events = case.log["events"]
    made = (finding["id"], finding["event"], finding["player"])
    for k in range(finding["event"], len(events)):
        report = replay_log({**case.log, "events": events[:k + 1]}, rulebook, case.name)
        if any((f["id"], f["event"], f["player"]) == made for f in report["findings"]):
            return k
    return len(events) - 1


def _story(case: Case, event: int, upto: int, rulebook: Rulebook) -> tuple[int, list[dict[str, Any]]]:
    """The game the event belongs to, from its deal (the first game's from the draw for
    the deal) up to the event (or `upto`, the event after which the finding is known),
    each event in the words `arbiter explain` begins it with, and no more: the counters
    that moved cite their laws, and what followed from the event is what the learner is
    asked."""
    game = case.trace[event]["game"]
    teller = Storyteller(case.log, case.report, case.trace, rulebook)
    story = []
    for k in range(upto + 1):
        of = case.trace[k].get("game")
        if (of or 0) < game and not (of is None and game == 1):  # what came before the first deal is game 1's
            continue  # (the draw for the deal a law 2 question rests on)
        if (of or 0) > game:  # the next deal cut the game off: told as that, and no more of it
            story.append({"event": k, "words": f"The next game's deal begins: {case.trace[k]['dealer']} deals."})
            break
        told = case.log["events"][k]
        before = case.trace[k - 1] if k and case.trace[k - 1].get("game") == game else {}
        story.append({"event": k, "words": TELLERS[told["type"]](teller, told, before, case.trace[k])})
    return game, story


def _table_before(case: Case, event: int) -> str:
    """The table just before the event: what a player looking at it would know. Before a
    game's first deal, the last game's as it ended, or no game yet (the draw for the deal):
    the deal asked about is not yet made (it was told as made)."""
    table = case.trace[event - 1] if event else {}
    if table.get("game") is None:
        return "no game yet"
    over = table.get("phase") == Phase.OVER
    waits = over and table.get("winners") and not table.get("pool_taken")  # a jack-pot opener's claim (L33)
    parts = [f"{table['dealer']} deals" + (", the betting over, the opener's hand to show" if waits
                                            else ", the game over" if over else "")]
    if table.get("jackpot"):
        parts.append(f"a jack-pot (no. {table['jackpot']['number']}, {table['jackpot']['openers']} to open)")
    parts.append(f"pool {table['pool']}{carried_words(table)}")
    stakes = ", ".join(f"{p} {s}" for p, s in table["stakes"].items() if s)
    parts.append(f"stakes: {stakes or 'none'}{paid_in_words(table)}")
    parts.append(f"still in: {', '.join(table['still_in']) or 'no one'}")
    held = ", ".join(f"{p} {n}" for p, n in table["cards"].items())
    parts.append(f"cards held: {held}")
    return "; ".join(parts)


# "Event 5", "Events 12-15", "Events 3, 6-8": the events a line of a case's reasoning is about.
EVENTS_NAMED = re.compile(r"\b[Ee]vents? ((?:\d+(?:\s*[-\u2013]\s*\d+)?(?:,\s*|\s+and\s+)?)+)")
EVENT_OR_RANGE = re.compile(r"(\d+)(?:\s*[-\u2013]\s*(\d+))?")


def _why(case: Case, finding: Mapping[str, Any]) -> list[str]:
    """The case's reasoning about this finding: the lines about its event (named, or in a
    range named) and those naming its law about no event in particular; else those naming
    its law; else all of them. A case with two findings of one law explains each by its
    own event."""
    lines = list(case.log.get("meta", {}).get("expect", {}).get("why", ()))
    law = re.compile(rf"\b{re.escape(finding['id'])}\b")
    about = [line for line in lines if finding["event"] in (named := _events_named(line))
             or (not named and law.search(line))]
    return about or [line for line in lines if law.search(line)] or lines


def _events_named(line: str) -> set[int]:
    named: set[int] = set()
    for listed in EVENTS_NAMED.findall(line):
        for first, last in EVENT_OR_RANGE.findall(listed):
            named.update(range(int(first), int(last or first) + 1))
    return named


def question_for(case: Case, finding: Mapping[str, Any], cases: Sequence[Case], rulebook: Rulebook,
                 rng: random.Random) -> Question:
    event = finding["event"]
    game, story = _story(case, event, _known_at(case, finding, rulebook), rulebook)
    rule = rulebook.get(finding["id"])
    choices, answer = _choices(case, finding, cases, rulebook, rng)
    also = sorted({f["id"] for f in case.findings if f["event"] == event} - {finding["id"]})
    table = case.log["table"]
    return Question(
        case=case.name, title=str(case.log.get("meta", {}).get("title", case.name)),
        players=case.players, limit=table["limit"], ante=table["ante"], game=game, event=event,
        story=story, table=_table_before(case, event), law=finding["id"], also=also,
        law_title=rule.title, law_text=" ".join(rule.text.split()), summary=finding["summary"],
        choices=choices, answer=answer, why=_why(case, finding))


def named_law(case: Case) -> str:
    """The law a case is named after: `l07-…` shows L7, `d1-…` D1."""
    return re.sub(r"(?<=[A-Z])0+(?=\d)", "", case.name.split("-", 1)[0].upper())


def _laws_by_preference(case: Case) -> list[str]:
    """The laws ruled in a case: the one it is named after first, then the others it is
    meant to show, then the rest."""
    ruled = list(dict.fromkeys(f["id"] for f in case.findings))
    shown = set(case.log.get("meta", {}).get("laws", ()))
    named = named_law(case)
    return sorted(ruled, key=lambda law: (law != named, law not in shown))


def _orders_something(case: Case, law: str) -> bool:
    return any(f["effects"] for f in case.findings if f["id"] == law)


def spread_over_laws(cases: Sequence[Case], laws: Collection[str] | None = None) -> dict[str, str]:
    """Which law to ask of each case: every law some case rules on is asked of at least
    one case (a matching of laws to cases, preferring the laws a case is meant to show),
    and no law of more than MAX_PER_LAW cases, so that a run of them all is not mostly
    one law; a case left with only laws asked often enough is not asked at all. `laws`,
    when given, are the only laws asked, and every case that rules on one of them may be
    (a class on a few laws wants all their cases). Case name -> law."""
    cap = MAX_PER_LAW if laws is None else len(cases)
    preference = {case.name: [law for law in _laws_by_preference(case) if laws is None or law in laws]
                  for case in cases}
    preference = {name: ruled for name, ruled in preference.items() if ruled}
    cases_by_name = {case.name: case for case in cases}
    cases_of: dict[str, list[tuple[int, str]]] = {}  # law -> (its rank in the case's preference, case)
    for name, ruled in preference.items():
        for rank, law in enumerate(ruled):
            cases_of.setdefault(law, []).append((rank, name))
    ordered = {law: [name for _, name in sorted(ranked)] for law, ranked in cases_of.items()}
    chosen: dict[str, str] = {}

    def place(law: str, seen: set[str]) -> bool:
        for name in ordered[law]:
            if name not in seen:
                seen.add(name)
                if name not in chosen or place(chosen[name], seen):
                    chosen[name] = law
                    return True
        return False

    for law in sorted(ordered, key=lambda law: (len(ordered[law]), law)):
        place(law, set())
    asked = {law: sum(1 for chosen_law in chosen.values() if chosen_law == law) for law in ordered}
    for name, ruled in preference.items():
        if name in chosen:
            continue
        case, named = cases_by_name[name], named_law(cases_by_name[name])
        ordering = [law for law in ruled if law == named or _orders_something(case, law)] + ruled
        spare = next((law for law in ordering if asked[law] < cap), None)
        if spare is not None:
            chosen[name] = spare
            asked[spare] += 1
    return chosen


def in_rounds(chosen: Mapping[str, str], rng: random.Random) -> list[tuple[str, str]]:
    """The (case, law) pairs in rounds: each law asked once, in an order drawn by `rng`,
    before any is asked again, so that a short quiz asks as many laws as it has
    questions rather than the laws with the most cases."""
    by_law: dict[str, list[str]] = {}
    for name, law in sorted(chosen.items()):
        by_law.setdefault(law, []).append(name)
    for names in by_law.values():
        rng.shuffle(names)
    order: list[tuple[str, str]] = []
    for depth in range(max(map(len, by_law.values()), default=0)):
        round_ = [(names[depth], law) for law, names in sorted(by_law.items()) if depth < len(names)]
        rng.shuffle(round_)
        order += round_
    return order


def laws_to_ask(rulebook: Rulebook, cases: Sequence[Case], named: Sequence[str] = (),
                section: str | None = None) -> set[str] | None:
    """The laws a class asked for (`--law`, `--section`: either, or both together), or
    None for every law. A law no case rules on cannot be asked, and saying so beats a
    quiz that quietly leaves it out (`NothingToAsk`)."""
    if not named and section is None:
        return None
    ruled = {finding["id"] for case in cases for finding in case.findings}
    wanted = {rulebook.get(read_law(law)).id for law in named}
    missing = sorted(wanted - ruled, key=rule_sort_key)
    if missing:
        raise NothingToAsk(f"no case rules on {', '.join(missing)}: the quiz asks only the laws the cases rule on")
    if section is not None:
        of_section = {rule.id for rule in rulebook.in_order() if rule.section == section} & ruled
        if not of_section:
            raise NothingToAsk(f"no case rules on a law of the section {section!r}: the quiz asks only the laws "
                               "the cases rule on")
        wanted |= of_section
    return wanted


def build_quiz(rulebook: Rulebook, seed: int, count: int, laws: Collection[str] | None = None,
               cases: Sequence[Case] | None = None) -> list[Question]:
    """`count` questions from as many different cases, in an order fixed by `seed`: the
    laws asked spread over the whole code (`spread_over_laws`), or over `laws`, and
    asked in rounds (`in_rounds`). `cases`: the shipped cases already replayed, where
    the caller has them (replaying them all is most of the work)."""
    rng = random.Random(seed)
    cases = shipped_cases(rulebook) if cases is None else cases
    by_name = {case.name: case for case in cases}
    questions = []
    for name, law in in_rounds(spread_over_laws(cases, laws), rng)[:count]:
        case = by_name[name]
        of_law = [f for f in case.findings if f["id"] == law]
        finding = rng.choice([f for f in of_law if f["effects"]] or of_law)
        questions.append(question_for(case, finding, cases, rulebook, rng))
    return questions


def seating_words(question: Question) -> str:
    return (f"Players, in the order the deal passes to the left: {', '.join(question.players)}; "
            f"limit {question.limit}, ante {question.ante}.")


def moment_words(question: Question) -> tuple[str, str]:
    """The table just before the event, and the question asked of it."""
    return (f"Just before event {question.event}: {question.table}.",
            f"What does the arbiter make of event {question.event}?")


def question_lines(question: Question, number: int, total: int) -> list[str]:
    """The question as the learner reads it: the table, the game so far, the moment. It
    names neither the case nor the law: a case is named after the law it shows, so its
    name would give the answer away (or, asked of another law, mislead)."""
    before, ask = moment_words(question)
    return [
        f"Question {number} of {total}",
        seating_words(question),
        f"Game {question.game}, as it went:",
        *(line for told in question.story
          for line in fold(told["words"], 88, f"{told['event']:>3}. ", "     ")),
        *fold(before, 88, "", "  "),
        ask,
    ]


def ruling_words(question: Question) -> list[str]:
    """The ruling made at the event, and the other laws ruled there."""
    also = [f"Also ruled at this event: {', '.join(question.also)}."] if question.also else []
    return [f"Ruling: {question.summary}.", *also]


def case_words(question: Question) -> str:
    """The case, named once the question is answered, to be read in full."""
    return f"The case: cases/{question.case}.json, {question.title}."


def explanation_lines(question: Question) -> list[str]:
    """Why: the law's words, the ruling, the case's reasoning."""
    lines = [f"{question.law}: {question.law_title}"]
    lines += fold(f"\u201c{question.law_text}\u201d", 88, "  ")
    lines += ruling_words(question)
    lines += [wrapped for line in question.why
              for wrapped in fold(line, 88, "  - ", "    ")]
    lines.append(case_words(question))
    return lines


__all__ = ["Case", "NothingToAsk", "Question", "build_quiz", "case_words", "consequence", "explanation_lines",
           "in_rounds", "laws_to_ask", "moment_words", "question_for", "question_lines", "read_law", "ruling_words",
           "seating_words", "shipped_cases", "spread_over_laws"]
