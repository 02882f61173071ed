"""Gamenight's Textual app, in floors: each imports only the floors below it (tests/test_floors.py
holds it to that, and no module of tui, net or core is in an import cycle).

1. `base/` — plain data and words: the messages screens send the app (importing nothing of tui),
   names, seats in words, settings.
   `table/` — the app's link to a table (solo, hosted, joined), the set-up plans, the doors'
   servers, the kept replays: no widget, screen, app or program.
2. `widgets/` — they show things and post messages; they own no server and no table.
3. `screens/` — the game-screen frame and the shared screens; `games/<id>/` — each game's screen
   on the frame (never another game's), and the registry (`games/__init__.py`), which the shared
   screens never import: the app hands them what they need from it.
4. `app.py` — the one navigator between screens.
5. `programs/` — `gamenight`'s command line, the door programs and the headless arena command.

`tui` imports `net` and `core`; `net` never imports `tui`.
"""
