"""High Card's search settings (see :mod:`tabletop.ai.policy`).

Optional: without them the search would use the heuristic bot for its playouts with default
judgement. Games are six decisions long, so playouts run to the end (``cutoff`` covers it)
and a one-round lead is worth a lot (``margin``).
"""

from __future__ import annotations

from tabletop.ai.policy import GameAI, bot_policy

from .bots import HighCardBot

SEARCH = GameAI(
    heuristic=bot_policy(HighCardBot, share=0.5),
    margin=1.0,
    cutoff=6,
    prior=bot_policy(HighCardBot),
    bias=0.5,
)
