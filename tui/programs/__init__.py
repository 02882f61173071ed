"""The top floor of the TUI: the programs a person runs.

`cli` is `gamenight`'s command line; `door` is the program a door (SSH, browser) runs for each
remote person; `arena` is the headless bot-vs-bot command (it draws nothing and needs no
Textual), with `arena_runner` and `arena_ratings` beside it. Programs may import every floor
below; nothing below imports a program (a door names its program by command line only).
"""
