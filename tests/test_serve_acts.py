"""The acts the page offers as buttons come from the table's own turn (`turn`, whose
words are `next_to_act`'s). Played through every shipped game, event by event: each act
offered is one the log's schema admits and the replay takes, written in the notation as
`arbiter table` writes it; and nearly every event the games record next is among those
offered (the rest are the irregular acts of the "something went wrong" menu)."""

from __future__ import annotations

import json
from typing import Any

from arbiter.engine.replay import Replay
from arbiter.errors import LogError
from arbiter.live.position import Act, Position, next_to_act, position_of, turn
from arbiter.notation import event_line, write_text
from arbiter.notation.reading import parse_checked, read_any_log
from arbiter.reading import read_log_bytes
from arbiter.resources import cases_dir
from arbiter.rulebook.loader import load_rulebook

RULES = Replay.compile(load_rulebook())
GAMES = sorted(cases_dir().glob("game-*.json")) + sorted((cases_dir() / "text").glob("l*.hand"))


def position_at(log: dict[str, Any], events: list[dict[str, Any]]) -> Position:
    _, parsed = parse_checked(write_text({"table": log["table"], "events": events}), "x")
    return position_of({**log, "events": events}, parsed, RULES)


def offered_is_taken(log: dict[str, Any], events: list[dict[str, Any]], act: Act) -> None:
    """The act checked as the page's events are (a one-event log), then replayed after the rest."""
    doc = {"format": log["format"], "version": log["version"], "table": log["table"], "events": [act.event]}
    event = read_log_bytes(json.dumps(doc).encode(), "the act")["events"][0]
    parse_checked(write_text({"table": log["table"], "events": [*events, event]}), "x")
    Replay({**log, "events": [*events, event]}, RULES).run()


def shape(event: dict[str, Any], asked: tuple[str, ...] = ()) -> dict[str, Any]:
    """An event less what the person gives: the cards, a note, a value asked for."""
    dropped = {"cards", "original", "note", *asked} | ({"hands"} if event["type"] == "dealt" else set())
    return {k: v for k, v in event.items() if k not in dropped}


def test_every_act_offered_is_taken_and_the_games_next_events_are_offered():
    recorded = offered = 0
    missed = []
    for game in GAMES:
        log = read_any_log(game.read_bytes(), str(game))
        for k, event in enumerate(log["events"]):
            position = position_at(log, log["events"][:k])
            now = turn(position)
            assert now.acts and now.words == next_to_act(position)
            for act in now.acts:
                if not {"card", "cards"} & set(act.ask):  # the cards shown are the person's to give
                    try:
                        offered_is_taken(log, log["events"][:k], act)
                    except LogError as error:
                        raise AssertionError(f"{game.name}, event {k}: {event_line(act.event)!r}: {error}") from None
            recorded += 1
            if any(shape(a.event, a.ask) == shape(event, a.ask) for a in now.acts):
                offered += 1
            else:
                missed.append(f"{game.name}, event {k}: {event_line(event)} (next: {now.words})")
    assert recorded > 400 and offered / recorded > 0.95, "\n".join(missed)


def test_before_the_first_deal_any_player_may_draw_for_it_or_deal():
    """SPEC 28, L2: the answer names no one (anyone may draw first, or deal); the page
    offered the draw to the first seat alone, as if only Ann might begin it."""
    log = {"format": "peel-draw-poker-log", "version": 1,
           "table": {"players": ["Ann", "Bob", "Cat"], "limit": 10, "ante": 1}}
    offered = [(act.event["type"], act.event.get("player") or act.event.get("dealer"))
               for act in turn(position_at(log, [])).acts]
    assert offered == [("draw_for_deal", p) for p in ("Ann", "Bob", "Cat")] + [("deal", p) for p in ("Ann", "Bob", "Cat")]


def test_the_rest_of_a_give_in_parts_is_a_button_under_or():
    """Reading 10 and item 28: Bob given 1 of his 3, not pointed out, the page offers Cat's
    draw and, under "Or:", the dealer's give of the rest: the button records `Bob gets 2`,
    and the replay takes it as Bob's draw."""
    log = {"format": "peel-draw-poker-log", "version": 1,
           "table": {"players": ["Ann", "Bob", "Cat"], "limit": 10, "ante": 1}}
    text = ("players Ann Bob Cat; limit 10; ante 1\nAnn deals; Ann shuffles; Cat cuts; Bob antes 1\ndealt\n"
            "Cat opens 2; Ann plays 2; Bob plays 2\nBob discards 3; Bob gets 1\n")
    events = parse_checked(text, "x")[0]["events"]
    gives = [act for act in turn(position_at(log, events)).acts if act.event["type"] == "give"]
    assert [(act.event, act.other) for act in gives] == [({"type": "give", "to": "Bob", "count": 2}, True)]
    assert event_line(gives[0].event) == "Bob gets 2"
    offered_is_taken(log, events, gives[0])
