"""Allegiance's search settings (see :mod:`tabletop.ai.policy`)."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import cast

from rules import Game
from rules.allegiance import HOUSE_OF, Allegiance
from tabletop.ai.policy import GameAI, bot_policy, final_rewards
from tabletop.ai.rollouts import paired_guess

from . import inference
from .bots import AllegianceBot, ranked

#: A playout's reward: this share for who won, the rest for how each seat's House stood in
#: Victories at the deal's end (see :func:`deal_reward`).
WIN_SHARE = 0.5
#: The width of the logistic curve that turns a House's lead in Victories into its standing
#: (level: 0.5; one Victory ahead: 0.73; one behind: 0.27).
VICTORY_MARGIN = 1.0


def house_standing(game: Game) -> list[float]:
    """Each seat's share of the table's standing: a logistic curve of its backed House's lead
    in Victories over the best other House, normalised to sum to 1 like a win."""
    deal = cast(Allegiance, game)
    won = [len(pile) for pile in deal.won]
    raw = []
    for card in deal.allegiance:
        if card is None:  # not yet pledged: the playout never ends there, but stay total
            raw.append(0.5)
            continue
        house = HOUSE_OF[card]
        lead = won[house] - max(v for h, v in enumerate(won) if h != house)
        raw.append(1.0 / (1.0 + math.exp(-lead / VICTORY_MARGIN)))
    total = sum(raw)
    return [r / total for r in raw]


def deal_reward(game: Game) -> list[float]:
    """Who won, blended with how near each seat's House came: a win is one playout in four to
    seven, so the win alone is mostly noise, while the House's standing is what play can
    steer once the Allegiance cards are down (the win keeps the pledge's rank in view)."""
    win, house = final_rewards(game), house_standing(game)
    return [WIN_SHARE * w + (1 - WIN_SHARE) * h for w, h in zip(win, house, strict=True)]


# The heuristic is nearly free, so playouts run to the deal's end (a deal is won or lost only
# there); with four or more players they are noisy, so the search overrules its heuristic only
# on clear evidence (confidence 2.5), and a playout is judged half by who won and half by how
# the seat's House stood. The measurements: tests/benchmarks/AI-FINDINGS.md, "Allegiance".
_SEARCH = GameAI(
    heuristic=bot_policy(AllegianceBot),
    margin=3.0,
    cutoff=80,  # a deal's plies (kills included) never reach this: to the deal's end
    prior=bot_policy(AllegianceBot),
    bias=1.0,
    inference=inference.infer,
    widening=1.0,
    confidence=2.5,
    reward=deal_reward,
)

# Hard's root guess compares the heuristic's favourites on shared deals
# (:mod:`tabletop.ai.rollouts`): the search alone seldom left its heuristic (one decision in
# twenty at 175 iterations, 4 players), so Hard and Normal played alike. Normal keeps the
# heuristic.
_HARD = replace(
    _SEARCH,
    root_bot=paired_guess(_SEARCH, AllegianceBot, ranked, deal_reward),
    normal=_SEARCH,
)
#: The player counts where Hard makes that guess (measured against Hard without it:
#: tests/benchmarks/AI-FINDINGS.md, "Allegiance").
HARD_GUESS_AT = (3, 4, 5, 6, 7, 8, 9)
SEARCH = replace(_SEARCH, players=tuple((n, _HARD) for n in HARD_GUESS_AT))
