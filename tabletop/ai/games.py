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
from .policy import GameAI, bot_policy, register_game_ai, sampled_greedy_policy, teams_of


def _medici_value(game: Game, seat: int) -> float:
    return MediciBot.evaluate(game, seat)  # type: ignore[arg-type]


def _medici_scores(game: Game) -> tuple[float, ...]:
    """The heuristic's judgement of each team (influence in play, stacks open to a
    conspiracy, the Inner Circle in the duel), given to every seat of that team."""
    by_seat = [0.0] * game.players
    for team in teams_of(game):
        value = _medici_value(game, team[0])
        for s in team:
            by_seat[s] = value
    return tuple(by_seat)


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
    # Royal Houses: the heuristic costs ~0.5 ms a decision; half the playout plies random
    # keeps playouts cheap and varied. Short playouts judged by the heuristic's own expected
    # margin beat long ones judged "as if the game ended now" (12 games each vs Easy at 150
    # iterations: cut-off 12 + rules' scores 42%, cut-off 4 + heuristic judgement 50%, and
    # with the progressive bias towards the heuristic's choice 75%).
    register_game_ai(
        "royal_houses",
        GameAI(
            heuristic=bot_policy(RoyalHousesBot, share=0.5),
            scores=_royal_scores,
            margin=6.0,
            cutoff=4,
            prior=bot_policy(RoyalHousesBot),
            bias=1.0,
        ),
    )
    # Allegiance: the heuristic is nearly free (~0.04 ms). A deal is worth the backed card's
    # rank (1 to 9), so a 3-point lead decides a lot. Widening: 4 players vs Random, 614
    # iterations, 58% of 24 games with it against 46% of 40 without.
    register_game_ai(
        "allegiance",
        GameAI(
            heuristic=bot_policy(AllegianceBot),
            margin=3.0,
            prior=bot_policy(AllegianceBot),
            bias=1.0,
            widening=1.0,
        ),
    )
    # Medici: the full heuristic searches follow-ups (~9 ms) and even one rules step costs
    # ~0.4 ms, so playouts are short: each ply keeps the better of two random moves by the
    # heuristic's position judgement, which also judges the cut-off; the tree's bias goes to
    # the best of a larger sample, at the root the full heuristic's choice. Widening and the
    # root's full heuristic took Hard (80 iterations) vs Easy from 8% of 24 duels to 75% of 12.
    register_game_ai(
        "medici",
        GameAI(
            heuristic=sampled_greedy_policy(_medici_value, sample=2),
            scores=_medici_scores,
            margin=5.0,
            cutoff=4,
            prior=sampled_greedy_policy(_medici_value, sample=6),
            bias=1.0,
            root_prior=bot_policy(MediciBot),
            widening=1.0,
        ),
    )
