"""A club night on one host: several tables at once, seats drawn again each round, standings
across the evening.

The club stands on what a table already is: each table of a round is a plain `net.host.Host`
with its own referee, journal, clock, talk and away bots, serving on a port of its own, so a
player at a club table meets exactly what they meet at any table (rejoin by token included).
The club adds a door of its own where members gather between rounds (the club layer of the
protocol, net/PROTOCOL.md "Clubs"), the evening's plan, the seat draws of `core.club`, the
standings, its journal (a crashed club resumes) and its record.

- `plan`: what the host sets for the evening (games by round, table size, seat draw, bots,
  clocks), checked and kept as plain data.
- `members`: who belongs to the club, with their tokens: what the club's door checks a
  `hello` against (it meets `net.admission.Places`, as a table's lobby does).
- `tables`: one table of a round, a `Host` the club made with its seats already named.
- `journal`: the club's own journal, so `--resume` loses nothing.
- `club`: the club host itself; `cli`: a headless club (`python -m net.club.cli`).
"""
