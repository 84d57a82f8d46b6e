"""Inference: the search's guesses at the hidden cards, weighed by what the play so far makes
likely.

A determinization (:meth:`SeatView.determinize`) deals the unseen cards uniformly among the
deals consistent with the seat's view. People read more into the play than that: a player who
keeps feeding Swords tricks probably backs Swords. A game says how in its search settings
(``GameAI.inference``): from the seat's view and the events that seat has seen (its log, as a
person in that seat saw it), a *weigher* giving each guess a likelihood (any positive number;
only ratios matter). The search then keeps, each iteration, one of a few guesses drawn in
proportion to its weight (sampling-importance-resampling: :func:`weighed_deal`).

Honest by construction: the weigher is built from the view and the seen events alone (both
the same for two games that differ only in cards the seat cannot see), and it only reads the
search's own guesses.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from copy import deepcopy
from typing import Any

from rules import Event, Game

#: A guess's likelihood under a game's model of how people play (only ratios matter).
Weigher = Callable[[Game], float]
#: Builds a weigher from one seat's view, the events it has seen and its index (``None``: the
#: play so far says nothing worth weighing).
Inference = Callable[[Mapping[str, Any], Sequence[Event], int], Weigher | None]


def seen_events(game: Game, seat: int) -> tuple[Event, ...]:
    """Every event ``seat`` has seen since ``game`` began, in order (what its log shows).

    The rules keep the moves, not the events, so the game is played again from its start
    (a few milliseconds) and each event kept only if the seat may see it. A position that
    was set up by hand, or a search's copy (no history), has no story to tell: none."""
    if game.determinized:
        return ()
    try:
        replay = game.spec.factory(game.players, game.seed, deepcopy(game.options))
        events = list(replay.opening_events)
        for move in game.history:
            events += replay.play(move)
    except Exception:  # a position built by hand may not replay; it then has no story
        return ()
    if replay.view(seat) != game.view(seat):
        return ()
    return tuple(e for e in events if e.visible_to(seat))


def weighed_deal(
    deal: Callable[[random.Random], Game], weigh: Weigher | None, draws: int, rng: random.Random
) -> Game:
    """One of ``draws`` guesses from ``deal``, chosen in proportion to ``weigh`` (with no
    weigher: one guess, every deal alike)."""
    if weigh is None:
        return deal(rng)
    guesses = [deal(rng) for _ in range(draws)]
    weights = [max(0.0, weigh(g)) for g in guesses]
    total = sum(weights)
    if total <= 0.0:
        return guesses[0]
    pick = rng.random() * total
    for guess, weight in zip(guesses, weights, strict=True):
        pick -= weight
        if pick < 0.0:
            return guess
    return guesses[-1]
