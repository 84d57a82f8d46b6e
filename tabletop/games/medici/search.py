"""Court of the Medici's search settings (see :mod:`tabletop.ai.policy`)."""

from __future__ import annotations

from dataclasses import replace

from rules import Game
from rules.medici import Medici
from tabletop.ai.policy import GameAI, sampled_greedy_policy, teams_of

from . import inference
from .bots import MediciBot, MediciDeepLookahead, MediciLookahead, MediciRoundLookahead
from .partner import wasteful


def _medici_value(game: Game, seat: int) -> float:
    assert isinstance(game, Medici)  # the judges read each game's state, typed
    return MediciBot.evaluate(game, seat)


def _medici_scores(game: Game) -> tuple[float, ...]:
    """The heuristic's judgement of each team (influence in play, stacks open to a
    conspiracy, the Inner Circle in the duel), given to every seat of that team."""
    by_seat = [0.0] * game.players
    for team in teams_of(game):
        value = _medici_value(game, team[0])
        for s in team:
            by_seat[s] = value
    return tuple(by_seat)


# The full heuristic searches its own follow-ups (~9 ms), so playouts are short (one ply
# cut-off, each ply the better of two random moves by the heuristic's judgement) and the
# root's first guess carries the skill: two plies ahead for Normal, three for Hard in the
# duel, where both anchored alike played alike. The measurements:
# tests/benchmarks/AI-FINDINGS.md, "Court of the Medici".
_NORMAL = GameAI(
    heuristic=sampled_greedy_policy(_medici_value, sample=2),
    scores=_medici_scores,
    margin=5.0,
    cutoff=1,
    prior=sampled_greedy_policy(_medici_value, sample=6),
    bias=1.0,
    root_bot=MediciLookahead,
    widening=1.0,
    wasteful=wasteful,
    inference=inference.infer,
)
# With 4 players the duel's lookaheads play the heuristic's move, which the search never
# left, so Hard's first guess there plays out a whole round.
_FOUR = replace(_NORMAL, root_bot=MediciRoundLookahead, normal=_NORMAL)
SEARCH = replace(_NORMAL, root_bot=MediciDeepLookahead, normal=_NORMAL, players=((4, _FOUR),))
