"""Rummikub in the TUI: the table editor screen, its draft of a turn, widgets, CSS and rules."""
