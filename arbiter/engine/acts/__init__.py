"""The acts a log records, by the part of the game they belong to: each module holds the
`on_TYPE(replay, event)` of its event types and what they share."""
