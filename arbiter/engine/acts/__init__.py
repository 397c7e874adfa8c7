"""The acts a log records, by the part of the game they belong to: each module holds the
`on_TYPE(judge, event)` of its event types and what they share; `ending` closes a game."""
