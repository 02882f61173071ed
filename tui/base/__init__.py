"""The ground floor of the TUI: plain data and words every floor may use.

`messages` are the plain Textual messages screens send the app (they import nothing of tui);
`names` cleans what people typed, `seats` tells seats in words, `settings` keeps the player's
choices between launches. Nothing here imports another floor of `tui`.
"""
