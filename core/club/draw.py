"""A round's seat draw by the host's method: *fixed*, *mix* or *Swiss*.

Everything a draw depends on is an argument: the people playing this round, the table rule (the
round's game, the preferred size, whether bots fill seats), the rounds drawn before, the club's
seed and, for Swiss, the standings. So the same evening draws the same tables, and a host that
resumes after a crash draws what it would have drawn. The first round of a fixed evening is
drawn as a mixed one's first round is (at random, having no history); the later ones keep it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from core.club.fixed import fixed_round
from core.club.mix import mix_round
from core.club.swiss import Standing, swiss_round
from core.club.tables import Round, TableRule, split

METHODS = ("fixed", "mix", "swiss")


def draw_round(
    method: str,
    players: Sequence[str],
    rule: TableRule,
    earlier: Sequence[Round],
    seed: int,
    standing: Mapping[str, Standing] | None = None,
) -> Round:
    """Round `len(earlier)` of the evening (0 is the first); ValueError with the reason when
    the method is unknown or the players cannot be seated under the rule."""
    if method not in METHODS:
        raise ValueError(f"no seat draw {method!r}; the draws are {', '.join(METHODS)}")
    if method == "fixed" and earlier:
        return fixed_round(earlier[0], players, rule)
    sizes = split(len(players), rule)
    if method == "swiss":
        return swiss_round(players, sizes, earlier, seed, standing or {})
    return mix_round(players, sizes, earlier, seed)
