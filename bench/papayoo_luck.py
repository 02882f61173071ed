"""How much of a Papayoo game is luck: the spread of a player's total over a game, and the share
of games a player wins with a given mean score against a field (issue 38).

Not a test. Plays `--games` games of four easy bots through the contract (cheap: no search),
then asks of each game: had seat 0 scored `mean` on average and the others the rest of the
1000 points a four-deal game hands out (PY-6), each keeping this game's luck (its total's
distance from the easy bots' mean), would seat 0 have had the lowest total (PY-18)? That is
the win share a bot with that mean could expect if its luck were the easy bots' luck:

    nice -n 19 .venv/bin/python -m bench.papayoo_luck [--games 600] [--means 149,134,110,95]

Measured (600 games): a total's standard deviation is about 100 points, and a mean of 134
against the field's 289 wins about two games in three (hard's measured 66% against three
easy, before it read the easy habit), one of 95 about four in five. The model is pessimistic
for a player who steers its luck: hard reading the easy habit (`core.papayoo.habits`) took a
mean of 114 and won 85.0% of 80 duplicate games, where the model gives a mean of 114 about
three in four (74%).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys

import core

DEAL_POINTS = 250  # PY-6: the points of one deal
DEALS = 4  # PY-7: the default number of deals


def totals(games: int) -> list[list[int]]:
    """Each game's totals, four easy bots, seeded by the game's index."""
    game = core.get_game("papayoo")
    bots = [core.get_bot("papayoo", "easy") for _ in range(4)]
    out = []
    for index in range(games):
        state = game.new(4, index, {"first": index % 4})
        rng = random.Random(index)
        while not game.is_over(state):
            for seat in game.to_act(state):
                state = game.apply(state, seat, bots[seat].act(game.view(state, seat), rng))
        out.append(list(game.result(state)["scores"]))
    return out


def win_share(games: list[list[int]], mean: float) -> float:
    """The share of games seat 0 would win with `mean`, each seat keeping its luck."""
    fair = DEAL_POINTS * DEALS / 4
    field = (DEAL_POINTS * DEALS - mean) / 3
    wins = 0.0
    for scores in games:
        mine = scores[0] - fair + mean
        others = [s - fair + field for s in scores[1:]]
        wins += mine < min(others)
    return wins / len(games)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--means", default="149,134,110,95", help="seat 0's mean totals")
    args = parser.parse_args(argv)
    games = totals(args.games)
    first = [scores[0] for scores in games]
    print(
        f"{args.games} games of four easy bots: a total's mean {statistics.mean(first):.0f}, "
        f"standard deviation {statistics.stdev(first):.0f}"
    )
    for mean in (float(m) for m in args.means.split(",")):
        field = (DEAL_POINTS * DEALS - mean) / 3
        print(f"mean {mean:.0f} against the field's {field:.0f}: wins {win_share(games, mean):.0%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
