"""Papayoo in the TUI: its screen, widgets, CSS and rules text for players."""
