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


# Medici: the full heuristic searches follow-ups (~9 ms), so playouts are short: each
# ply keeps the better of two random moves by the heuristic's position judgement, which
# also judges the cut-off; the tree's bias goes to the best of a larger sample, at the
# root the full heuristic's choice. Widening and the root's full heuristic took Hard (80
# iterations) vs Easy from 8% of 24 duels to 75% of 12. A cut-off after one ply instead
# of four halves an iteration's cost (130 iterations: 116 against 255 ms a decision)
# and judges nearer the tree, with no loss seen (Normal vs Easy 55% of 60 duels against
# 47% with four; the heuristic itself 48% on the same deals). With the anchored choice:
# Normal vs Easy 58.5% of 200 duels; Hard vs Easy 60% of 40 and 56.7% of 60 (two
# seeds), about the heuristic's own 60.5% of 200: not yet clearly stronger than it. So
# the root's first guess in the duel looks two plies ahead (MediciLookahead, ~0.1 s of
# the budget): alone it won 70.8% of 200 duels vs Easy where the heuristic won 62.0% on
# the same deals, and Hard with it 69.5% of 200 duplicate duels (95% CI 64-75%).
# Inference (what a player keeps, the strikes it left untaken) against uniform guesses, equal
# caps, seed 2411 (bench_inference.py --blocks): duel, 128 iterations, 80 duplicate games,
# 52.5% (95% CI 44.7-60.3%), nearly every deal split: no gain shown, no loss; 4 players,
# 140 iterations, one seat with it beside three without, 40 games, 55% (CI 37-73%, an even
# team share is 50%). Four guesses dealt per iteration cost ~10-20% more time a decision.
# Levels: with both anchored on the lookahead, Hard and Normal played alike (Hard vs Normal
# 50.0% of 60 duplicate duels, seed 2411, caps 128/8), and Normal on the one-ply heuristic
# instead fell to 53.3% of 60 against Easy. So Hard's first guess looks a ply further (its
# own answer to the rival's reply, MediciDeepLookahead, about twice the lookahead's time):
# alone it beat the two-ply guess 65.0% of 60 duplicate duels (51.6-78.4%); Hard with it
# vs Normal 65.0% of 60 (54.3-75.7%) at seed 2411, 55.0% at seed 7, 51.7% at seed 99: 57.2%
# of the 180 (Wilson 49.9-64.2%), ahead but not yet clearly. Normal keeps the rest (75.0%
# of 60 duels vs Easy at seed 2411).
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
# With 4 players the duel's lookaheads play the heuristic's move, which the search never left,
# so Hard's first guess there plays out a whole round (Hard vs Normal 71.7% of 120 duplicate games).
_FOUR = replace(_NORMAL, root_bot=MediciRoundLookahead, normal=_NORMAL)
SEARCH = replace(_NORMAL, root_bot=MediciDeepLookahead, normal=_NORMAL, players=((4, _FOUR),))
