"""Alliances' search settings (see :mod:`tabletop.ai.policy`)."""

from __future__ import annotations

import math

from rules import Game
from rules.alliances import BID_MIN as _ALLIANCES_BID_MIN
from rules.alliances import Alliances
from tabletop.ai.policy import GameAI, bot_policy

from . import inference
from .bots import AlliancesBot
from .partner import wasteful

#: Alliances: how many countries either way make the current campaign about three times as
#: likely won as lost (logistic scale), with conflicts still to come.
ALLIANCES_COUNTRY_SCALE = 1.5


def _alliances_scores(game: Game) -> tuple[float, ...]:
    """Campaigns won plus the chance of winning the one under way, per seat (2 and 4
    players); countries ruled as Empire so far plus the current Empire's countries (3).

    The rules' provisional scores count finished campaigns only, so they barely move within
    one; this reads the board the way the campaign will be judged (countries held against
    the rival or the bid), which is all public: the map, the bid and the sides."""
    assert isinstance(game, Alliances)
    a = game
    if game.players == 3:
        scores = [float(v) for v in a.empire_tiles]
        if a.phase in ("target", "play", "choose"):
            scores[a.empire] += len(a.controlled(0))
        return tuple(scores)
    wins = [float(v) for v in a.campaign_wins]
    under_way = a.phase in ("target", "play", "choose") and (a.bid is not None or game.players == 2)
    if under_way:
        agg = a.aggressor
        have = len(a.controlled(agg))
        declared = a.bid
        if game.players == 2 and not a.exact_bid:
            # Ties go to the Defender: the Aggressor needs one country more.
            lead = have - len(a.controlled(1 - agg)) - 0.5
        elif declared is None:
            raise ValueError("A campaign under way with a bid to meet has no bid.")
        elif game.players == 2:
            lead = 0.5 - abs(have - declared[0])  # exactly the count declared
        else:
            bid = declared[0]
            lead = have - bid + (0.5 if bid != _ALLIANCES_BID_MIN else 0.0)
        chance = 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, lead / ALLIANCES_COUNTRY_SCALE))))
        wins[agg] += chance
        wins[1 - agg] += 1.0 - chance
    return tuple(wins[a.side(s)] for s in range(game.players))


# Alliances: the heuristic costs ~1.5 ms a ply. Short playouts judged by the campaign as
# the board stands (countries held against the rival or the bid), partners as a side.
# Measured with the anchored choice (ismcts.overrules): Normal vs Easy 45.8% of 60
# three-player games (31% of 24 before it) and 67% of 12 four-player games (side against
# side); Hard vs Easy 80% of 10 duels. The heuristic alone: 65% of 200 duels vs Easy.
# Inference (a rival who bid or called a suit is strong in it): not measured in games (four
# players' games are too long for this machine); it changed 2 of 16 four-player decisions
# at 100 iterations, where a change of seed changed 3.
SEARCH = GameAI(
    heuristic=bot_policy(AlliancesBot, share=0.75),
    scores=_alliances_scores,
    margin=0.35,
    cutoff=6,
    prior=bot_policy(AlliancesBot),
    bias=1.0,
    wasteful=wasteful,
    inference=inference.infer,
)
