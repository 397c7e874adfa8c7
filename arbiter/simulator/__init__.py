"""`arbiter simulate`: realistic hand logs of whole sessions, played by Peel's laws.

`simulate_log(seed, players, games, plant_rate) -> (log, truth)` is pure and seeded:
the same arguments give the same log. With `plant_rate` above 0 each game, with that
probability, carries one planted irregularity of a known law, and `truth` lists every
finding arbiter must report on the log (the planted ones, and the rulings the play
brings about, such as a jack-pot after an unopened game).

Modules: `deck` (the pack), `play` (the players' decisions), `record` (the log and
the expected findings), `game` (one game's state, as the laws keep it), `deal`, `say`,
`draw`, `betting` (the stages of a game), `session` (a session of games), `plant`
(the planted irregularities).
"""

from arbiter.simulator.session import simulate_log

__all__ = ["simulate_log"]
