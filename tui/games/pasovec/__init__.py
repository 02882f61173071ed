"""Pásovec in the TUI: its screen, widgets, words for the log and final table, CSS and rules."""
