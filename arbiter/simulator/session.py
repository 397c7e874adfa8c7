"""A session: the players and the table, the draw for the first deal, the games in
rotation (L2, L18), the jack-pot chains (L29-L32), the pool carried; and the truth.
"""

from __future__ import annotations

import random
from typing import Any

from arbiter.resources import TRUTH_FORMAT
from arbiter.seats import Seating
from arbiter.simulator import betting, deal, draw, say, showdown
from arbiter.simulator.deck import Pack, names
from arbiter.simulator.game import Game
from arbiter.simulator.plant import Plant
from arbiter.simulator.plants import choose_plant
from arbiter.simulator.record import Record

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jay",
         "Kit", "Lou", "Max", "Ned", "Oto", "Pam")
#: (ante, limit): the ante never above one-half the limit (L19).
TABLES = ((1, 2), (1, 4), (1, 5), (1, 10), (1, 10), (1, 20), (1, 20), (2, 10), (2, 20),
          (3, 12), (5, 20), (5, 50), (10, 100))
MIN_GAMES, MAX_GAMES = 1, 200


class Session:
    """One sitting of several games at one table."""

    def __init__(self, seed: int, players: int | None, plant_rate: float,
                 kinds: list[type[Plant]] | None = None) -> None:
        self.rng = random.Random(seed)
        count = players if players is not None else self.rng.randint(2, 10)
        if not 2 <= count <= 10:
            raise ValueError(f"a table seats 2 to 10 players, not {count}")
        self.seats = Seating(self.rng.sample(NAMES, count))
        self.ante, self.limit = self.rng.choice(TABLES)
        self.plant_rate = plant_rate
        self.kinds = kinds
        #: most logs write every card; some only the number of face-down cards
        self.records_cards = self.rng.random() < 0.85
        self.record = Record()
        self.pool = 0
        self.net = {p: 0 for p in self.seats.players}

    def draw_for_deal(self) -> str:
        """L2: each draws a card; the lowest deals, ace lowest; the tied draw again."""
        pack = Pack(self.rng)
        drawing = list(self.seats.players)
        while True:
            drawn = {p: pack.draw()[0] for p in drawing}
            for player in drawing:
                self.record.emit("draw_for_deal", player=player, card=names([drawn[player]])[0])
            value = {p: ((c >> 2) + 1) % 13 for p, c in drawn.items()}
            low = min(value.values())
            drawing = [p for p in drawing if value[p] == low]
            if len(drawing) == 1:
                return drawing[0]

    def run(self, games: int) -> None:
        self.drew_for_deal = self.rng.random() < 0.5
        if self.drew_for_deal:
            due = self.draw_for_deal()
        else:
            due = self.rng.choice(self.seats.players)
        jackpot = None
        for number in range(1, games + 1):
            plant = Plant()
            if self.plant_rate > 0 and self.rng.random() < self.plant_rate:
                plant = choose_plant(self, number, jackpot)
            dealer = plant.dealer(self, due, number) or due
            game = Game(self, number, dealer, jackpot, plant)
            play_game(game)
            due = self.seats.left_of(game.dealer)
            jackpot = game.next_jackpot


def play_game(game: Game) -> None:
    """One game: the deal (again after a misdeal), the say, the draw, the betting, the show."""
    while deal.play_deal(game, redeal=game.deals > 0) == deal.MISDEAL:
        pass
    game.original = {p: list(cards) for p, cards in game.hands.items()}
    for stage in (say.play_say, draw.play_draw, betting.play_betting):
        stage(game)
        if game.resolved:
            break
    game.plant.game_over(game)
    showdown.claim_unshown(game)


def simulate_log(seed: int, players: int | None = None, games: int = 8,
                 plant_rate: float = 0.0) -> tuple[dict[str, Any], dict[str, Any]]:
    """A session's hand log and its truth: what arbiter must find in it.

    `players`: 2 to 10, or None for a number chosen by the seed; `games`: how many games
    the session plays; `plant_rate`: the chance that a game carries one planted
    irregularity. Pure: the same arguments give the same log and truth.
    """
    return simulate(seed, players, games, plant_rate)


def simulate(seed: int, players: int | None, games: int, plant_rate: float,
             kinds: list[type[Plant]] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    """`simulate_log`, the plants drawn from `kinds` only (all kinds when None)."""
    if not MIN_GAMES <= games <= MAX_GAMES:
        raise ValueError(f"games must be {MIN_GAMES} to {MAX_GAMES}, not {games}")
    if not 0.0 <= plant_rate <= 1.0:
        raise ValueError(f"the plant rate is a probability (0 to 1), not {plant_rate}")
    session = Session(seed, players, plant_rate, kinds)
    session.run(games)
    record = session.record
    log = {
        "format": "peel-draw-poker-log",
        "version": 1,
        "meta": {"title": f"Simulated session, seed {seed}", "generator": "arbiter simulate",
                 "seed": seed, "games": games, "plant_rate": plant_rate},
        "table": {"players": list(session.seats.players), "limit": session.limit, "ante": session.ante},
        "events": record.events,
    }
    irregular = any(f["severity"] == "irregularity" for f in record.findings)
    truth = {
        "format": TRUTH_FORMAT,
        "version": 1,
        "seed": seed,
        "games": games,
        "plant_rate": plant_rate,
        "expect_status": "irregular" if irregular else "ok",
        "planted": sorted(record.planted, key=lambda f: f["event"]),
        "findings": sorted(record.findings, key=lambda f: f["event"]),
        "net": dict(session.net),
        "pool_left": session.pool,
    }
    return log, truth


def log_seed(seed: int, number: int) -> int:
    """The seed of the `number`-th log (from 1) of a run seeded `seed` (`arbiter simulate`):
    distinct for every run seed and log number below a million."""
    return seed * 1_000_000 + number
