"""Renderers: turn reports and rules into tables, JSON, Markdown and HTML. Nothing here decides anything."""
