"""The plain line mode (`gamenight --plain`, `GAMENIGHT_PLAIN=1`): the games as a conversation
of lines, for screen readers, braille displays, serial consoles and pipes.

Output is one plain sentence per event, appended: never a cursor move, a screen erase, the
alternate screen, box drawing, a spinner or colour. Input is one typed command per line after a
short prompt. Persian is written in logical order (`words`, never `t`'s visual layout): a
screen reader reads the characters as stored.

A sibling of the full-screen app on the same floor (tests/test_floors.py): it reads the same
state messages and sends the same actions through the same table link (`tui.table.link`,
`tui.table.solo`), and says things with the games' own wording functions (their log lines,
verdicts, refusals), so no sentence is written twice. `frame` is the conversation at a table
every game shares, `games/`... one presenter per game (`nothanks`, `papayoo`, `pasovec`,
`rummikub`) says that game's turn and reads its commands. It imports the floors below the app,
never the app or a program.
"""
