"""Each game's search settings (see :mod:`tabletop.ai.policy`): playout policy, cut-off and
judgement. Imported on first use by :func:`tabletop.ai.policy.game_ai`, so that a search in
a worker process finds them too.

A game with a heuristic bot in ``bots.HEURISTICS`` and no entry here is searched with that bot
as its playout policy and the defaults for the rest, so a new game plugs in by registering
its bot; it registers a :class:`GameAI` here (or by ``register_game_ai``) to tune the rest.
"""

from __future__ import annotations

from rules import Game

from .allegiance_bot import AllegianceBot
from .bots import RoyalHousesBot, RoyalWeights, _Judge
from .medici_bot import MediciBot
from .policy import GameAI, bot_policy, register_game_ai, sampled_greedy_policy


def _medici_value(game: Game, seat: int) -> float:
    return MediciBot.evaluate(game, seat)  # type: ignore[arg-type]


_ROYAL_WEIGHTS = RoyalWeights()


def _royal_scores(game: Game) -> tuple[float, ...] | None:
    """The heuristic's expected final margin, judged from each seat's side and averaged:
    it counts the cards still in hand and the majorities still open, which scoring "as if
    the game ended now" misses. Before the first card is played: the rules' scores."""
    if game.phase in ("order", "counters"):  # type: ignore[attr-defined]
        return game.provisional_scores()
    margin = 0.0
    for seat in (0, 1):
        view = game.view(seat)
        judged = _Judge(view, seat, _ROYAL_WEIGHTS).score(RoyalHousesBot._position(view, seat))
        margin += judged if seat == 0 else -judged
    return (margin / 2, -margin / 2)


def register_builtin() -> None:
    # Royal Houses: the heuristic costs ~0.5 ms a decision; half the plies random keeps
    # playouts cheap and varied. Scores run to ~40 points; a lead of 6 is a clear favourite.
    register_game_ai(
        "royal_houses",
        GameAI(heuristic=bot_policy(RoyalHousesBot, share=0.5), margin=6.0, cutoff=12),
    )
    # Allegiance: the heuristic is nearly free (~0.04 ms). A deal is worth the backed card's
    # rank (1 to 9), so a 3-point lead decides a lot.
    register_game_ai("allegiance", GameAI(heuristic=bot_policy(AllegianceBot), margin=3.0))
    # Medici: the full heuristic searches follow-ups (~9 ms), far too slow for playouts; the
    # playout keeps the best of a few random moves by the same position judgement.
    register_game_ai(
        "medici",
        GameAI(heuristic=sampled_greedy_policy(_medici_value, sample=3), margin=5.0, cutoff=10),
    )
