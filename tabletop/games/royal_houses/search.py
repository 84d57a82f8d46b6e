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


# Royal Houses: the heuristic costs ~0.5 ms a decision; half the playout plies random
# keeps playouts cheap and varied. Short playouts judged by the heuristic's own expected
# margin beat long ones judged "as if the game ended now" (12 games each vs Easy at 150
# iterations: cut-off 12 + rules' scores 42%, cut-off 4 + heuristic judgement 50%, and
# with the progressive bias towards the heuristic's choice 75%).
# Inference (the rival's counters and hand read from where it builds and what it gives):
# Hard with it vs Hard without at 100 iterations each, 120 duplicate duels, 57.5% (95% CI
# 50.2-64.8%; 15 deals won both ways, 6 lost both ways, 39 split).
SEARCH = GameAI(
    heuristic=bot_policy(RoyalHousesBot, share=0.5),
    scores=_royal_scores,
    margin=6.0,
    cutoff=4,
    prior=bot_policy(RoyalHousesBot),
    bias=1.0,
    inference=inference.infer,
)
