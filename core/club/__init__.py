"""A club night's pure arithmetic: how people are seated at several tables round after round, and
who had the best evening. The club host, its protocol and its screens (net, tui) stand on it.

- `tables`: how many tables of which sizes N people make within a game's limits, with bot seats
  when the host lets bots fill them; a drawn round's `Table`s.
- `meetings`: who sat with whom in earlier rounds, how many pairs a round repeats, and the fewest
  repeats any schedule must have.
- `fields`, `designs`: perfect schedules, where every pair meets exactly once (the affine plane
  over GF(q) for q*q people at tables of q, as 16 at tables of 4; the circle method for pairs).
- `search`: the tabu search that seats people at tables of fixed sizes so that the pairs who meet
  cost the least; `rounds` turns meetings into its costs and its answer into a round.
- `mix`, `swiss`, `fixed`: the host's three seat draws; `draw` picks one by name.
- `places`: a finished game's places and each seat's share of them (ties share).
- `standings`: the evening's standings from its finished games, as plain rows and CSV.

Pure like the rest of `core`: no I/O, no clocks, no threads, and no randomness except a
`random.Random` passed in or one made by `core.api.chance(seed, ...)`, so a draw is fixed by the
club's seed and the rounds before it (a resumed club draws the same tables again).
"""
