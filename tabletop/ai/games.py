"""Each game's search settings (see :mod:`tabletop.ai.policy`): playout policy, cut-off and
judgement. Imported on first use by :func:`tabletop.ai.policy.game_ai`, so that a search in
a worker process finds them too.

A game with a heuristic bot in ``bots.HEURISTICS`` and no entry here is searched with that bot
as its playout policy and the defaults for the rest, so a new game plugs in by registering
its bot; it registers a :class:`GameAI` here (or by ``register_game_ai``) to tune the rest.
"""

from __future__ import annotations

import math

from rules import Game
from rules.alliances import BID_MIN as _ALLIANCES_BID_MIN
from rules.alliances import Alliances
from rules.medici import Medici
from rules.royal_houses import RoyalHouses

from .allegiance_bot import AllegianceBot
from .alliances_bot import AlliancesBot
from .bots import RoyalHousesBot, RoyalWeights, _Judge
from .machiavelli_bot import MachiavelliBot
from .medici_bot import MediciBot, MediciLookahead
from .policy import (
    GameAI,
    bot_policy,
    first_play_policy,
    provisional,
    register_game_ai,
    sampled_greedy_policy,
    teams_of,
)


def _medici_value(game: Game, seat: int) -> float:
    assert isinstance(game, Medici)  # the judges read each game's state, typed (issue #18)
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


_ROYAL_WEIGHTS = RoyalWeights()


def _royal_scores(game: Game) -> tuple[float, ...] | None:
    """The heuristic's expected final margin, judged from each seat's side and averaged:
    it counts the cards still in hand and the majorities still open, which scoring "as if
    the game ended now" misses. Before the first card is played: the rules' scores."""
    assert isinstance(game, RoyalHouses)
    if game.phase in ("order", "counters"):
        return game.provisional_scores()
    margin = 0.0
    for seat in (0, 1):
        view = game.view(seat)
        judged = _Judge(view, seat, _ROYAL_WEIGHTS).score(RoyalHousesBot._position(view, seat))
        margin += judged if seat == 0 else -judged
    return (margin / 2, -margin / 2)


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
    register_game_ai(
        "medici",
        GameAI(
            heuristic=sampled_greedy_policy(_medici_value, sample=2),
            scores=_medici_scores,
            margin=5.0,
            cutoff=1,
            prior=sampled_greedy_policy(_medici_value, sample=6),
            bias=1.0,
            root_bot=MediciLookahead,
            widening=1.0,
        ),
    )
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
    register_game_ai(
        "machiavelli",
        GameAI(
            heuristic=first_play_policy,
            scores=provisional,
            margin=10.0,
            cutoff=4,
            prior=first_play_policy,
            bias=2.0,
            root_bot=MachiavelliBot,
            widening=0.5,
        ),
    )
    # Alliances: the heuristic costs ~1.5 ms a ply. Short playouts judged by the campaign as
    # the board stands (countries held against the rival or the bid), partners as a side.
    # Measured with the anchored choice (ismcts.overrules): Normal vs Easy 45.8% of 60
    # three-player games (31% of 24 before it) and 67% of 12 four-player games (side against
    # side); Hard vs Easy 80% of 10 duels. The heuristic alone: 65% of 200 duels vs Easy.
    register_game_ai(
        "alliances",
        GameAI(
            heuristic=bot_policy(AlliancesBot, share=0.75),
            scores=_alliances_scores,
            margin=0.35,
            cutoff=6,
            prior=bot_policy(AlliancesBot),
            bias=1.0,
        ),
    )
