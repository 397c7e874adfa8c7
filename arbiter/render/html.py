"""One checked log as a self-contained HTML page (`arbiter check LOG --format html`).

For a reader who wants to see the game rather than read a list: each game's table drawn
with the seats round it, the dealer's button and the cards (face up where the log
records them, backs where it does not), then the game event by event with each ruling
beside the event it concerns, quoting its law; at the end the games, the ledger and
the nets. Everything the page needs is inside it: the style is inlined, there is no
script, no font, no image and no link to fetch, so it opens the same with no network.

The page is drawn from three things, none of which it changes: the report (what the
laws decide), the log (the cards and the events as recorded) and the trace of the
replay (the table after each event: who is in, the stakes, the pool). The events are
told in the words of `arbiter explain` (`arbiter.render.story`), so the page and the
story always read alike.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from html import escape
from typing import Any, Mapping, Sequence
from urllib.parse import quote

from arbiter import __version__
from arbiter.render.html_style import CSS
from arbiter.render.report import GAME_HEADERS, findings_line, games_rows, stacks_after, where
from arbiter.render.story import carried_words, house_line, money_words, of_another_game, tell
from arbiter.rulebook.model import Rulebook
from arbiter.seats import WON, pool_holding
from arbiter.words import listed

Hand = list[str | None]  # a card as written in the log, or None for one face down and unknown

SUIT_SIGNS = {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}
# the phases (`state.PHASES`) as the page heads the events that open them
PHASE_WORDS = {"before_deal": "before the deal", "dealing": "deal", "say": "say", "draw": "draw",
               "betting": "betting", "show": "show", "over": "over"}


def card_html(card: str | None) -> str:
    """A card face (rank over suit, red for hearts and diamonds), or a back if unknown."""
    if card is None:
        return '<span class="back" title="face down"></span>'
    if card == "Jo":
        return '<span class="card joker" title="Jo">J<small>\u2605</small></span>'
    rank, suit = card[:-1], card[-1]
    rank = "10" if rank == "T" else rank
    colour = " red" if suit in "dh" else ""
    return f'<span class="card{colour}" title="{escape(card)}">{escape(rank)}<small>{SUIT_SIGNS[suit]}</small></span>'


def hand_html(hand: Sequence[str | None]) -> str:
    return "".join(card_html(card) for card in hand)


def dealt_hands(events: Sequence[Mapping[str, Any]], trace: Sequence[Mapping[str, Any]]) -> dict[int, dict[str, Hand]]:
    """Each game's hands as last dealt (a misdeal's redeal replaces the first deal), every
    card of the deal, however the log sends them (a `dealt` after another adds to it: L7):
    the cards where the log names them, None for each card it only counts."""
    hands: dict[int, dict[str, Hand]] = defaultdict(dict)
    for event, table in zip(events, trace):
        game = table.get("game")
        if game is None:
            continue
        kind = event["type"]
        if kind == "deal":
            hands[game] = {}
        elif kind == "dealt":
            for player, hand in event["hands"].items():
                hands[game].setdefault(player, []).extend(hand if isinstance(hand, list) else [None] * hand)
            if not event["hands"]:  # the whole deal, named by no hand: each holds what the replay counts after it
                for player, count in table["cards"].items():
                    hands[game].setdefault(player, []).extend([None] * (count - len(hands[game].get(player, []))))
        elif kind == "card":
            hands[game].setdefault(event["to"], []).append(event.get("card"))
    return hands


def _seat_directions(count: int) -> list[tuple[float, float]]:
    """Where each seat lies from the centre of the drawing, in the order of
    `table.players`, as the cosine and sine of its angle. The first sits at the foot and
    each next one at his left, so the deal goes clockwise round the drawing, as it goes
    round a table seen from above. The style sheet gives the ring's radii, so that on a
    narrow screen it draws the ring narrower and the seats smaller, and the table still fits."""
    directions = []
    for seat in range(count):
        angle = math.pi / 2 + 2 * math.pi * seat / count
        directions.append((math.cos(angle), math.sin(angle)))
    return directions


def _table_html(players: Sequence[str], game: Mapping[str, Any], last: Mapping[str, Any],
                dealt: Mapping[str, Hand], won: Mapping[str, int], paid_in: Mapping[str, int]) -> str:
    seats = []
    for name, (across, down) in zip(players, _seat_directions(len(players))):
        classes = ["seat"]
        if name not in last.get("still_in", ()):
            classes.append("out")
        if name in won:
            classes.append("winner")
        button = '<span class="button" title="the dealer">D</span>' if name == game["dealer"] else ""
        stake, paid = last.get("stakes", {}).get(name, 0), paid_in.get(name, 0)
        # counters in the pool his stake does not count (a jack-pot's ante, a forfeit, a penalty) said beside it
        state = [f"stake <b>{stake}</b>" + (f" (<b>{paid}</b> in the pool)" if paid != stake else "")]
        if name in last.get("foul", ()):
            state.append('<span class="foul">foul hand</span>')
        elif name not in last.get("still_in", ()):
            state.append("out")
        if name in won:
            state.append(f"takes <b>{won[name]}</b>")
        hand = dealt.get(name) or [None] * last.get("cards", {}).get(name, 0)
        rows = [f'<div class="row"><span class="label">dealt</span>{hand_html(hand)}</div>'] if hand else []
        shown = last.get("shown", {}).get(name)
        if shown:
            rows.append(f'<div class="row"><span class="label">shown</span>{hand_html(shown)}</div>')
        seats.append(
            f'<div class="{" ".join(classes)}" style="--x:{across:.3f};--y:{down:.3f}">'
            f'<div class="name">{escape(name)}{button}</div><div class="state">{" · ".join(state)}</div>'
            f'{"".join(rows)}</div>')
    jackpot = game["jackpot"]
    kind = f"jack-pot no. {jackpot['number']}, {escape(jackpot['openers'])} to open" if jackpot else "ordinary game"
    nxt = game["next"]
    following = (f"next: {escape(nxt['dealer'])} deals" + (", a jack-pot" if nxt["jackpot"] else "")) if nxt \
        else "the log ends before the game does"
    centre = (f'<div class="centre"><div>Game {game["game"]} · {kind}</div>'
              f'<div class="pool">pool {game["pool"]}{carried_words(last)}</div><div>{following}</div></div>')
    return f'<div class="table-wrap"><div class="felt">{centre}</div>{"".join(seats)}</div>'


def _effects_html(ruling: Mapping[str, Any]) -> str:
    effects = "".join(f"<li>{escape(effect)}</li>" for effect in ruling["effects"])
    return f"<ul>{effects}</ul>" if effects else ""


def _law_html(law: Mapping[str, Any]) -> str:
    """The law's own words, and beside them what a house changed (SPEC §3.26)."""
    house = "".join(f'<p class="house">{escape(note)}</p>' for note in law["house_rules"])
    return (f'<blockquote>{escape(law["words"])}<br><span class="muted">— {escape(law["label"])}</span></blockquote>'
            f"{house}")


def _ruling_html(ruling: Mapping[str, Any], step: Mapping[str, Any]) -> str:
    """A ruling as the story gives it: the law's ID, the summary, the effects in words,
    and the law's own words."""
    law = ruling["law"]
    severity = ruling["severity"]
    return (f'<div class="finding finding-{escape(severity)}"><span class="id">{escape(ruling["id"])}</span>'
            f'<span class="badge {escape(severity)}">{escape(severity)}</span> '
            f'<span class="muted">{escape(ruling["player"] or "")}{of_another_game(ruling, step)}</span>'
            f'<p>{escape(ruling["summary"])}</p>{_effects_html(ruling)}'
            f'<div class="title">{escape(law["title"])}</div>{_law_html(law)}</div>')


def _named_cards(event: Mapping[str, Any]) -> set[str]:
    cards = [event.get("card"), *event.get("cards", ()), *event.get("original", ())]
    cards += [card for hand in event.get("hands", {}).values() if isinstance(hand, list) for card in hand]
    return {card for card in cards if card}


def _with_card_faces(text: str, cards: set[str], players: Sequence[str]) -> str:
    """The escaped words with each card the event names drawn as a card. A player's name
    is words, though it read as a card (a player called "Jo", or "Kh-Lee"); where a name
    and a card are the same words, they are the card where the story puts a card: beside
    another card ("holds Qs Jo"), in brackets ("(Kh)"), after "draws " or ": "; else the
    name."""
    if not cards:
        return escape(text)
    words = sorted({*players, *cards}, key=len, reverse=True)
    found = list(re.finditer(r"(?<![\w])(" + "|".join(map(re.escape, words)) + r")(?![\w])", text))
    names = set(players)

    def beside_a_card(i: int) -> bool:  # the word before or after it, one space away, only a card
        for first, second in ((i - 1, i), (i, i + 1)):
            if 0 <= first and second < len(found) and text[found[first].end():found[second].start()] == " ":
                other = found[first + second - i][0]
                if other in cards and other not in names:
                    return True
        return False

    drawn, at = [], 0
    for i, match in enumerate(found):
        word = match[0]
        card = word in cards and (word not in names or beside_a_card(i) or text[match.end():match.end() + 1] == ")"
                                  or text[:match.start()].endswith(("(", "draws ", ": ")))
        drawn += [escape(text[at:match.start()]), card_html(word) if card else escape(word)]
        at = match.end()
    return "".join(drawn) + escape(text[at:])


def _event_html(step: Mapping[str, Any], event: Mapping[str, Any], before: Mapping[str, Any] | None,
                after: Mapping[str, Any], players: Sequence[str]) -> str:
    rulings = "".join(_ruling_html(ruling, step) for ruling in step["rulings"])
    words = _with_card_faces(step["text"], _named_cards(event), players)
    note = f' <span class="note">({escape(event["note"])})</span>' if event.get("note") else ""
    phase = PHASE_WORDS.get(after.get("phase", ""), "") if after.get("phase") != (before or {}).get("phase") else ""
    pool = f"pool {step['pool']}" if step.get("pool") is not None else ""
    k = step["event"]
    return (f'<li class="event{" ruled" if rulings else ""}" id="event-{k}"><span class="k">{k}</span>'
            f'<span><span class="phase">{phase}</span> {words}{note}</span><span class="pool">{pool}</span>'
            f'<span>{rulings}</span></li>')


def _figures(head: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A table of figures in a box of its own that scrolls sideways, so that on a phone the
    table scrolls and the page does not."""
    heads = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f'<td{" class=num" if isinstance(v, int) else ""}>{escape(str(v))}</td>'
                                    for v in row) + "</tr>" for row in rows)
    return f'<div class="scroll"><table class="figures"><tr>{heads}</tr>{body}</table></div>'


def _games_html(report: Mapping[str, Any]) -> str:
    return _figures(GAME_HEADERS, games_rows(report))


def _ledger_html(report: Mapping[str, Any]) -> str:
    columns = ("game", "event", "from", "to", "amount", "rule", "what")
    if not report["ledger"]:
        return "<p>No counters moved.</p>"
    return _figures(["law" if c == "rule" else c for c in columns],
                    [[entry[c] for c in columns] for entry in report["ledger"]])


def _nets_html(report: Mapping[str, Any]) -> str:
    chips = []
    for player, value in report["net"].items():
        sign = "plus" if value > 0 else "minus" if value < 0 else ""
        chips.append(f'<span class="net">{escape(player)}<span class="v {sign}">{value:+d}</span></span>')
    return f'<div class="nets">{"".join(chips)}</div>'


def _page(title: str, body: str, foot: str = "", sheets: str = "") -> str:
    """A whole page. With `sheets` (the rulings, one a sheet) the page prints only them,
    one to an A4 page, for the notice board; without, it prints as it is shown."""
    printed = ' class="sheeted"' if sheets else ""
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<title>{escape(title)}</title><style>{CSS}</style></head>\n<body{printed}><main>\n{body}\n{sheets}'
            f'<footer>Checked by arbiter {escape(__version__)} against W. H. Peel\u2019s laws of Draw Poker '
            f'(<i>Round Games with Cards</i>, 1891).{foot}</footer>'
            f'</main></body></html>\n')


def _provenance_html(report: Mapping[str, Any]) -> str:
    """What ties the ruling to its log and laws, for `arbiter verify REPORT LOG` a week later:
    the command given the house rules and the filters the report was made with, as verify
    asks them again."""
    provenance = report.get("provenance")
    if not provenance:
        return ""
    house = provenance["house"]
    command = "arbiter verify REPORT LOG" + (" --house FILE" if house else "")
    filtered = report.get("filtered") or {}
    command += "".join(f" --{option} {','.join(filtered[option])}" for option in ("ignore", "select")
                       if filtered.get(option))
    rows = [("log SHA-256", provenance["log_sha256"] or "(nothing read)"), ("rule book", provenance["rules"]),
            ("house rules", f"{house['name']} (SHA-256 {house['sha256'] or 'of rules given as data'})" if house
             else "none")]
    cells = "".join(f"<dt>{name}</dt><dd><code>{escape(str(value))}</code></dd>" for name, value in rows)
    where = f" (FILE: the house rules {escape(house['name'])}’s file, unless the log’s table names them)" \
        if house else ""
    return (f'<dl class="provenance">{cells}</dl><p>To check this report again: keep it '
            f'(<code>--format json</code>) with its log, and run <code>{escape(command)}</code>{where}.</p>')


def _header(report: Mapping[str, Any], log: Mapping[str, Any] | None) -> str:
    name = report["file"] or "<log>"
    status = report["status"]
    lines = [f'<h1>{escape(name)} <span class="badge {escape(status)}">{escape(status)}</span></h1>']
    meta = (log or {}).get("meta") or {}
    if isinstance(meta.get("title"), str):
        lines.append(f"<p><b>{escape(meta['title'])}</b></p>")
    if isinstance(meta.get("description"), str):
        lines.append(f'<p class="muted">{escape(meta["description"])}</p>')
    return "\n".join(lines)


def _table_line(report: Mapping[str, Any], log: Mapping[str, Any]) -> list[str]:
    """Who plays, for how much, and the house rules in force."""
    table = log["table"]
    games = len(report["games"])
    lines = [f"<p>Players, in the order the deal passes to the left: {escape(', '.join(table['players']))}. "
             f"Limit {table['limit']}, ante {table['ante']}. {len(log['events'])} events, "
             f"{games} game{'s' if games != 1 else ''}.</p>"]
    house = house_line(report)
    if house:
        lines.append(f"<p>{escape(house)}</p>")
    return lines


def render_html(report: Mapping[str, Any], log: Mapping[str, Any] | None, trace: Sequence[Mapping[str, Any]],
                rulebook: Rulebook) -> str:
    """The page for one log. For an `invalid` report (`log` None, or a replay that
    stopped) the page says why the log cannot be read, and rules on nothing."""
    title = f"arbiter: {report['file'] or 'log'} ({report['status']})"
    foot = _provenance_html(report)
    if report["error"] or log is None:
        return _page(title, f"{_header(report, log)}{_error_html(report)}", foot)
    steps = tell(log, report, trace, rulebook)
    parts = [_header(report, log), *_table_line(report, log)]
    findings = report["findings"]
    parts.append(f"<h2>Rulings ({len(findings)})</h2>")
    if findings:
        items = "".join(f'<li><a href="#event-{f["event"]}"><b>{escape(f["id"])}</b></a> '
                        f'<span class="badge {escape(f["severity"])}">{escape(f["severity"])}</span> '
                        f'{where(f)}: {escape(f["summary"])}</li>' for f in findings)
        parts.append(f'<ol class="summary-list">{items}</ol>')
    parts += [f"<p>{escape(line)}</p>" for line in findings_line(report)]
    parts += _games_sections(report, log, trace, steps)
    nets = _nets_html(report)
    parts += ["<h2>The games</h2>", _games_html(report), "<h2>The ledger</h2>",
              "<p class=muted>Every movement of counters, with the law that moves it.</p>", _ledger_html(report),
              "<h2>The nets</h2>", nets]
    parts += [f"<p>Stacks {escape(stacked)}</p>"] if (stacked := stacks_after(report)) else []
    return _page(title, "\n".join(parts), foot, _sheets_html(report, steps, foot, nets))


def render_story_html(report: Mapping[str, Any], log: Mapping[str, Any], trace: Sequence[Mapping[str, Any]],
                      rulebook: Rulebook) -> str:
    """`arbiter explain LOG --format html`: the game told event by event with each ruling,
    as the report tells it, without the report's lists and figures; a log that breaks
    down is told as far as it goes, then why it stops."""
    title = f"arbiter explains {report['file'] or 'a log'}"
    steps = tell(log, report, trace, rulebook)
    parts = [_header(report, log), *_table_line(report, log), *_games_sections(report, log, trace, steps)]
    if report["error"]:
        parts.append(_error_html(report, "<b>The log breaks down here</b>, so it is told no further"))
    foot = _provenance_html(report)
    return _page(title, "\n".join(parts), foot, _sheets_html(report, steps, foot, _nets_html(report)))


def _error_html(report: Mapping[str, Any],
                lead: str = "<b>This log cannot be checked</b>, so no ruling is made") -> str:
    error = report["error"] or {"message": "the log could not be read"}
    located = f" (at <code>{escape(error['path'])}</code>)" if error.get("path") else ""
    return f'<div class="error">{lead}: {escape(error["message"])}{located}</div>'



def _sheets_html(report: Mapping[str, Any], steps: Sequence[Mapping[str, Any]], provenance: str, nets: str) -> str:
    """Each ruling on a sheet of its own, shown only in print, one to an A4 page, for the
    notice board and the club's book: where it was made, the ruling, what happened, what
    follows, the law's words, who pays whom, the nets and the provenance that lets anyone
    check it (both as the page's foot and table have them)."""
    rulings = [(step, ruling) for step in steps if step["kind"] == "event" for ruling in step["rulings"]]
    paid: dict[int, list[str]] = defaultdict(list)
    for entry in report["ledger"]:
        paid[entry["event"]].append(money_words(entry))
    name = escape(report["file"] or "<log>")
    sheets = []
    for number, (step, ruling) in enumerate(rulings, 1):
        law, severity = ruling["law"], escape(ruling["severity"])
        at = where({"game": ruling["game"], "event": step["event"]})
        payments = "".join(f"<li>{escape(words)}</li>" for words in paid[step["event"]])
        sheets.append(
            f'<article class="sheet"><p class="muted">{name} \u00b7 {at} \u00b7 ruling {number} of {len(rulings)}'
            f'</p><h2><span class="id">{escape(ruling["id"])}</span> <span class="badge {severity}">{severity}</span> '
            f'{escape(ruling["summary"])}</h2><p><b>What happened.</b> {escape(step["text"])}</p>'
            + (f"<h3>What follows</h3>{_effects_html(ruling)}" if ruling["effects"] else "")
            + f'<h3>{escape(law["label"])}: {escape(law["title"])}</h3>{_law_html(law)}'
            f'<h3>Who pays whom</h3>{f"<ul>{payments}</ul>" if payments else "<p>No counters move at this event.</p>"}'
            f'<p>Over the whole log:</p>{nets}<h3>Provenance</h3>{provenance}</article>')
    if not sheets:
        return ""
    return f'<section class="sheets" aria-label="the rulings, one a page, for printing">{"".join(sheets)}</section>'


def render_index(pages: Sequence[tuple[Mapping[str, Any], str | None]], summary: str) -> str:
    """`index.html` of a folder of pages (`check DIR --format html --out OUT`): every log
    with its status, its findings (how many, and the laws: L25 ×2) and a link to its page,
    or why it has none (`unwritten`)."""
    rows = []
    for report, page in pages:
        status = escape(report["status"])
        counts = Counter(finding["id"] for finding in report["findings"])
        laws = ", ".join(rule if n == 1 else f"{rule} \u00d7{n}" for rule, n in counts.items())
        if report["error"]:
            laws = f"not checked: {report['error']['message']}"  # unread, or read under rules that refuse it
        name = escape(report["file"] or "<log>")
        if page is None:  # its page could not be written: said in its place
            laws = "; ".join(part for part in (laws, f"no page: {report['unwritten']}") if part)
        log = f'<a href="{escape(quote(page))}">{name}</a>' if page is not None else name
        rows.append(f'<tr><td class="log">{log}</td>'
                    f'<td><span class="badge {status}">{status}</span></td>'
                    f'<td class="num">{sum(counts.values())}</td><td class="laws">{escape(laws)}</td></tr>')
    table = (f'<div class="scroll"><table class="figures index"><tr><th>log</th><th>status</th><th>findings</th>'
             f'<th>laws</th></tr>{"".join(rows)}</table></div>')
    return _page(f"arbiter: {summary}", f"<h1>The logs checked</h1><p>{escape(summary)}.</p>{table}")


def _games_sections(report: Mapping[str, Any], log: Mapping[str, Any], trace: Sequence[Mapping[str, Any]],
                    steps: Sequence[Mapping[str, Any]]) -> list[str]:
    """Each game's table and its events, ending with how the game ended; events before
    the first deal (the draw for the deal) come first, on their own. A game the report
    does not list (the log broke down in it) is told without its table."""
    events = log["events"]
    players = log["table"]["players"]
    games = {game["game"]: game for game in report["games"]}
    hands = dealt_hands(events, trace)
    rows: dict[int | None, list[str]] = defaultdict(list)
    last: dict[int, Mapping[str, Any]] = {}
    for step in steps:
        k, game = step["event"], step["game"]
        if step["kind"] == "game_end":
            rows[game].append(f'<li class="event end"><span class="k"></span><span>{escape(step["text"])}</span>'
                              f'<span></span><span></span></li>')
            continue
        rows[game].append(_event_html(step, events[k], trace[k - 1] if k else None, trace[k], players))
        if game is not None:
            last[game] = trace[k]
    won: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    paid: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))  # in the pool, the game's end's too
    for entry in report["ledger"]:
        if entry["what"] == WON:
            won[entry["game"]][entry["to"]] += entry["amount"]
        if holding := pool_holding(entry["from"], entry["to"], entry["what"]):
            paid[entry["game"]][holding[0]] += holding[1] * entry["amount"]
    head = ('<li class="event head"><span class="k">event</span><span>what happens</span>'
            '<span class="pool">after</span><span>rulings</span></li>')
    parts = []
    for number, told in rows.items():
        game = games.get(number) if number is not None else None
        if number is None:
            parts.append("<h2>Before the first deal</h2>")
        elif game is None:
            parts.append(f'<h2 id="game-{number}">Game {number}</h2>')
        else:
            # a game the log leaves unfinished may be opened and won yet, as the story says it
            opened = f", opened by {escape(game['opened_by'])}" if game["opened_by"] else \
                ", not opened" if game["complete"] else ""
            ending = f"won by {escape(listed(game['winners']) or 'no one')}" if game["complete"] else \
                "the log ends before the game is over"
            deals = f'{game["deals"]} deal{"s" if game["deals"] != 1 else ""}'
            parts += [f'<h2 id="game-{number}">Game {number}: {escape(game["dealer"])} deals</h2>',
                      f'<p class="muted">{deals}{opened}; {ending}.</p>',
                      _table_html(players, game, last.get(number, {}), hands.get(number, {}), won[number],
                                  paid[number]),
                      f'<h3>Game {number}, event by event</h3>']
        parts.append(f'<ol class="timeline">{head}{"".join(told)}</ol>')
    return parts
