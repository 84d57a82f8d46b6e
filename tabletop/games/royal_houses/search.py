"""Royal Houses' search settings (see :mod:`tabletop.ai.policy`)."""

from __future__ import annotations

from rules import Game
from rules.royal_houses import RoyalHouses
from tabletop.ai.policy import GameAI, bot_policy

from . import inference
from .bots import RoyalHousesBot, RoyalWeights, _Judge

_ROYAL_WEIGHTS = RoyalWeights()


def _royal_scores(game: Game) -> tuple[float, ...] | None:
    """The heuristic's expected final margin, judged from each seat's side and averaged:
    it counts the cards still in hand and the majorities still open, which scoring "as if
    the game ended now" misses. Before the first card is played: the rules' scores."""
    assert isinstance(game, RoyalHouses)
    if game.phase in ("order", "counters"):
        return game.provisional_scores()
    margin = 0.0
    for seat in (0, 1):
        view = game.view(seat)
        judged = _Judge(view, seat, _ROYAL_WEIGHTS).score(RoyalHousesBot._position(view, seat))
        margin += judged if seat == 0 else -judged
    return (margin / 2, -margin / 2)


# Half the playout's plies at random keep playouts cheap and varied; short playouts judged by
# the heuristic's expected margin beat long ones judged as if the game ended there, and the
# root's bias towards the heuristic's choice made the most of few iterations. The measurements:
# tests/benchmarks/AI-FINDINGS.md, "Royal Houses".
SEARCH = GameAI(
    heuristic=bot_policy(RoyalHousesBot, share=0.5),
    scores=_royal_scores,
    margin=6.0,
    cutoff=4,
    prior=bot_policy(RoyalHousesBot),
    bias=1.0,
    inference=inference.infer,
)
