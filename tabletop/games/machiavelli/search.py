"""Machiavelli's search settings (see :mod:`tabletop.ai.policy`)."""

from __future__ import annotations

from dataclasses import replace

from tabletop.ai.policy import GameAI, first_play_policy, provisional

from . import inference
from .bots import LocalBot, MachiavelliBot

# Machiavelli: the smart heuristic asks the exact solver several times (~3 ms a decision
# on average, hundreds of ms at worst), too slow for playouts (37 and 8 iterations in
# 1.5 s with 2 and 4 players). Playouts lay the first listed play (the most the hand
# lays on its own, no solver) and are judged after one round or so by penalty points in
# hand; the root's bias goes to the smart player's choice (which may rebuild the whole
# table: the search adds it to the short list), and a slow widening makes any other move
# earn its place.
# Measured (arena, iteration caps matching the budgets, anchored choice of
# ismcts.overrules, after the fix that lets the root prior play when only "draw" is
# listed): against the smart player with noise (Easy until session 4) Hard won 47.5% of
# 40 duels and 30% of 40 four-player games (fair 25%). Hard plays the smart player's
# move (no overrule on 40 positions), and smart itself scores 48-54.5% of 200 duels
# against it: between solver players the game is mostly luck. Against today's Easy (the
# beginner, who never rebuilds the table) Hard won 100% of 40 duels and 92.5% of 40
# four-player games.
# Inference (an opened rival who drew holds no card that would have grown the table): Hard
# with it vs Hard without at 50 iterations, 120 duplicate duels, 50% with every deal split:
# the root's solver choice stands either way (it changed none of 20 decisions).
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
# The levels therefore differ by the player that guides the search, not by its budget:
# Normal's root bias goes to the local player (bots.LocalBot: it reworks one table meld at a
# time with hand cards, as a club player does), Hard's to the smart player and its
# whole-table solver. Both search the same way; Hard's strength over Normal is the solver.
# Measured (arena seed 2411, duplicate deals, caps hard=50/normal=10 at 2 players,
# 60/12 at 4): Hard vs Normal 86.7% of 120 duels (80.6-92.8%), Normal vs Easy 95.0% of 100
# (91.3-98.7%); four players, one seat against three of the level below (fair 25%): Hard
# 72.5% of 40 games (61.1-83.9%), Normal 71.2% of 40 (57.6-84.9%).
# At the real caps (hard=427, normal=80) Hard won 85.0% of 20 duels (70-100%).
# The guides alone (200 duplicate duels, seed 7): smart beats local 85.0% (79.9-90.1%),
# local beats the Easy beginner 93.5% (90.4-96.6%).
SEARCH = replace(_HARD, normal=replace(_HARD, root_bot=LocalBot))
