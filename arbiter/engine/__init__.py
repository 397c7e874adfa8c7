"""The rule engine: replays a hand log against the rule book. Knows nothing of output formats."""
