"""Gamenight's networking: the host (the only place a game's state lives), its wire protocol,
clients, discovery and the doors (SSH, browser).

Roughly bottom up: plain pieces (`protocol`, `paths`, `notices`, `door_access`, and `referee`,
the game in play, which needs nothing else of `net`); then what stands on them (`link`,
`session`, `names`, `limits`, `journal`, `records`, `clock`); the table's parts (`lobby`,
`roster`, `admission`, `seating`, `running`); `host` (a table), `discovery` and `host_cli` on
top; `client` and the doors (`ssh_door`, `web_door`) beside them. `net` imports `core` and never
`tui`. Where a lower module needs an upper one it names what it needs as a `typing.Protocol`
(`referee.Clock`, `admission.Table`), so no module imports back up (tests/test_floors.py).
"""
