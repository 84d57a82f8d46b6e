"""Machiavelli's search settings (see :mod:`tabletop.ai.policy`)."""

from __future__ import annotations

from dataclasses import replace

from tabletop.ai.policy import GameAI, first_play_policy, provisional

from . import inference
from .bots import LocalBot, MachiavelliBot

# The smart heuristic asks the exact solver, too slow for playouts: playouts lay the first
# listed play and are judged after a round or so by the penalty points in hand, while the
# root's bias goes to the smart player's choice (which may rebuild the whole table) and a slow
# widening makes any other move earn its place. The measurements:
# tests/benchmarks/AI-FINDINGS.md, "Machiavelli".
_HARD = GameAI(
    heuristic=first_play_policy,
    scores=provisional,
    margin=10.0,
    cutoff=4,
    prior=first_play_policy,
    bias=2.0,
    inference=inference.infer,
    root_bot=MachiavelliBot,
    widening=0.5,
)
# The levels differ by the player that guides the search, not by its budget: Normal's root
# bias goes to the local player (bots.LocalBot: it reworks one table meld at a time, as a club
# player does), Hard's to the smart player and its whole-table solver.
SEARCH = replace(_HARD, normal=replace(_HARD, root_bot=LocalBot))
