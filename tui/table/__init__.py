"""Floor 1 of the TUI: the app's link to a table and the set-up plans — no widget, no screen.

`link` is the app's seat at one table (solo, hosted or joined) and the messages that carry it;
`hosting` opens a LAN table, `solo` a solo one, `doors` a hosted table's SSH and browser doors;
`plans` is the plain data a set-up produces; `replays` reads the kept finished games. This floor
imports `net`, `core` and `tui.base`, never a widget, a screen, the app or a program: where it
must call up it posts a message to the app (`link.ShowTable`).
"""
