"""Alliances' search settings (see :mod:`tabletop.ai.policy`)."""

from __future__ import annotations

import math
from dataclasses import replace

from rules import Game
from rules.alliances import BID_MIN as _ALLIANCES_BID_MIN
from rules.alliances import Alliances
from rules.alliances.cards import SUITS
from tabletop.ai.policy import GameAI, bot_policy, judge_stopped
from tabletop.ai.rollouts import paired_guess

from . import inference
from .bots import CAPTURE_SHARE, AlliancesBot, ranked, trick_estimate
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


#: 2 players: countries the lead moves by per conflict a hand should win more than the
#: rival's (a capture adds to one count and often takes from the other).
HAND_SWING = 1.2 * CAPTURE_SHARE
#: How much wider (in squared countries) the judgement grows per conflict still to play.
SPREAD = 0.25
_PLAYING = ("target", "play", "choose")


def _chance(lead: float, left: int) -> float:
    """The chance a lead of ``lead`` countries holds with ``left`` conflicts to play."""
    scale = math.sqrt(ALLIANCES_COUNTRY_SCALE**2 + SPREAD * left)
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, lead / scale))))


def _duel_campaign(a: Alliances, champ: int) -> float:
    """2 players, before the call: the chance that ``champ`` (the Aggressor to be, calling
    its strongest suit) out-holds the rival with the hands as they stand."""
    hands = a.hands
    own = {x: trick_estimate(hands[champ], x, 2) for x in SUITS}
    suit = max(SUITS, key=own.__getitem__)
    lead = own[suit] - trick_estimate(hands[1 - champ], suit, 2)
    return _chance(HAND_SWING * lead - 0.5, len(hands[champ]))


def _duel_scores(a: Alliances) -> float:
    """2 players, drafting phase or call: seat 0's chance of the campaign, from who should
    win the drafting phase (the tricks so far and those left) and the hands either way."""
    if a.phase == "declare":
        first = 1.0 if a.current == 0 else 0.0
    else:
        lead = a.duel_tricks[0] - a.duel_tricks[1]
        first = 1.0 / (1.0 + math.exp(-lead / (1.0 + math.sqrt(len(a.reserve) / 2))))
    return first * _duel_campaign(a, 0) + (1.0 - first) * (1.0 - _duel_campaign(a, 1))


#: 3 and 4 players: the countries the Aggressor (3 players: the Empire) should end the
#: campaign with, beyond those it holds: (a constant, per conflict its side's hands should
#: win, per conflict the rival side's should win, per conflict left). Least squares over
#: the positions of heuristic self-play (40 three-player and 60 four-player games).
CAMPAIGN_FIT = {3: (-0.19, 0.83, -1.03, 0.21), 4: (-0.33, 0.70, -0.47, 0.21)}
#: The squared error of that guess: this much, and this much more per conflict left, up to
#: the cap (the same self-play: 0.6 countries with one conflict left, 1.4 to 1.8 at the start).
VARIANCE = (0.3, 0.2, 3.4)
#: 3 players: an Empire campaign's mean countries in that self-play (2.5 either way), for
#: the seats still to be the Empire.
EMPIRE_CAMPAIGN = 11.1
#: A normal spread's standard deviation over the logistic scale that fits it best.
LOGISTIC = 1.7
#: The search's margin (see :data:`SEARCH`): the 3-player judgement is scaled to it.
MARGIN = 0.35
_RISE = ("rise-set", "rise-call", "rise-give", "rise-pick")


def _campaign_sd(left: int) -> float:
    base, per, cap = VARIANCE
    return math.sqrt(min(cap, base + per * left))


def _side_hands(a: Alliances, side: int) -> list[list[str]]:
    """The hands that will play the campaign for ``side``; in the rise to power (3
    players), with the cards set aside for the Rebels and the tribute given to the Empire."""
    hands = [list(a.hands[s]) for s in a.side_seats(side)]
    if a.phase in _RISE:
        if side:
            hands[0] += [c for p in a.pairs for c in p]
        else:
            hands[0] += [c for s in range(a.players) for c in a.tribute[s]]
    return hands


def _expected_countries(a: Alliances, side: int, have: int) -> tuple[float, int]:
    """(The countries ``side``, the Aggressor or the Empire, should end the campaign with,
    the conflicts left), from those it holds and the conflicts each side's hands should win
    (before the call: in the suit its hands are strongest in)."""
    n = a.players
    own, rival = _side_hands(a, side), _side_hands(a, 1 - side)
    left = max(len(h) for h in a.hands)

    def tricks(hands: list[list[str]], suit: str) -> float:
        return sum(trick_estimate(h, suit, n) for h in hands)

    dominant = a.dominant
    if dominant is None:  # before the call: the suit the side's hands are strongest in
        by_suit = {x: tricks(own, x) for x in SUITS}
        dominant = max(SUITS, key=by_suit.__getitem__)
        own_won = by_suit[dominant]
    else:
        own_won = tricks(own, dominant)
    const, per_own, per_rival, per_left = CAMPAIGN_FIT[n]
    return (
        have + const + per_own * own_won + per_rival * tricks(rival, dominant) + per_left * left,
        left,
    )


def _empire_scores(a: Alliances) -> tuple[float, ...]:
    """3 players: each seat's countries ruled as Empire by the game's end as the hands
    stand: the current Empire's campaign from its hands and the Rebels', an average one
    for the seats still to rule. Scaled by the spread of what is still to play, so that the
    search's logistic margin reads a lead in countries as its chance of holding."""
    scores = [float(v) for v in a.empire_tiles]
    e = a.empire
    expected, left = _expected_countries(a, 0, len(a.controlled(0)))
    scores[e] += expected
    for k in range(1, 4 - a.campaign):
        scores[(e + k) % 3] += EMPIRE_CAMPAIGN
    # The spread of this campaign only: the later ones' would flatten the curve (about 2.3
    # times in the first campaign) and the search's few dozen playouts would barely tell
    # one country from another.
    spread = _campaign_sd(left) / LOGISTIC
    return tuple(v * MARGIN / spread for v in scores)


def _side_scores(a: Alliances) -> tuple[float, ...]:
    """4 players, a bid standing or the campaign under way: campaigns won plus the chance
    that the bid's side makes it, from its countries and both sides' hands."""
    assert a.bid is not None
    count = a.bid[0]
    agg = a.aggressor if a.phase in _PLAYING else a.side(a.bid[2])
    expected, left = _expected_countries(a, agg, len(a.controlled(agg)))
    lead = expected - count + (0.5 if count != _ALLIANCES_BID_MIN else 0.0)
    x = lead * LOGISTIC / _campaign_sd(left)
    chance = 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x))))
    wins = [float(v) for v in a.campaign_wins]
    wins[agg] += chance
    wins[1 - agg] += 1.0 - chance
    return tuple(wins[a.side(s)] for s in range(a.players))


def _hand_scores(game: Game) -> tuple[float, ...]:
    """As :func:`_alliances_scores`, and also the conflicts each hand should still win
    (partners' hands together), before the call or the bid's end as after it: the board
    alone says nothing while the drafting phase, the rise to power or the bidding is
    played, and little of the cards kept for later. The hands read are the search's guess
    (a playout's copy, see :mod:`tabletop.ai.policy`)."""
    assert isinstance(game, Alliances)
    a = game
    if game.players == 3 and a.phase in (*_RISE, *_PLAYING):
        return _empire_scores(a)
    if game.players == 4 and a.bid is not None and a.phase in ("bid", *_PLAYING):
        return _side_scores(a)
    if game.players != 2 or a.exact_bid or a.phase not in ("duel", "declare", *_PLAYING):
        return _alliances_scores(game)
    wins = [float(v) for v in a.campaign_wins]
    if a.phase in ("duel", "declare"):
        chance = _duel_scores(a)
        return (wins[0] + chance, wins[1] + 1.0 - chance)
    agg, dominant = a.aggressor, a.dominant
    assert dominant is not None
    hands = a.hands
    lead = len(a.controlled(agg)) - len(a.controlled(1 - agg)) - 0.5
    lead += HAND_SWING * (
        trick_estimate(hands[agg], dominant, 2) - trick_estimate(hands[1 - agg], dominant, 2)
    )
    chance = _chance(lead, max(len(h) for h in hands))
    wins[agg] += chance
    wins[1 - agg] += 1.0 - chance
    return (wins[0], wins[1])


# Short playouts judged by the campaign as the board stands, partners as one side, and by
# the conflicts each hand should still win: judged by the board alone every drafting trick
# looked alike and the search never departed from its heuristic. The measurements:
# tests/benchmarks/AI-FINDINGS.md, "Alliances: world domination".
_SETTINGS = GameAI(
    heuristic=bot_policy(AlliancesBot, share=0.75),
    scores=_hand_scores,
    margin=MARGIN,
    cutoff=6,
    prior=bot_policy(AlliancesBot),
    bias=1.0,
    wasteful=wasteful,
    inference=inference.infer,
)


def judged(game: Game) -> list[float]:
    """A playout's reward per seat where it stopped, as the search judges it (who won at the
    game's end, else :func:`_hand_scores` as win chances, partners as one side)."""
    result = judge_stopped(_SETTINGS, game)
    assert result is not None  # every Alliances position can be scored
    return result


# Hard at 3 and 4 players: the search alone kept its heuristic's move almost always, so its
# root guess compares the heuristic's favourites on shared guesses (:mod:`tabletop.ai.rollouts`).
_GUESS = paired_guess(_SETTINGS, AlliancesBot, ranked, judged)
#: 3 players, Hard: with the duel's bias toward the heuristic's move the search almost never
#: departed from it, so Hard played as Normal. Normal keeps the duel's settings.
TABLE_BIAS = 0.3
TABLE_CONFIDENCE = 0.5
_TABLE = replace(
    _SETTINGS,
    bias=TABLE_BIAS,
    confidence=TABLE_CONFIDENCE,
    root_bot=_GUESS,
    normal=_SETTINGS,
)
#: 4 players keep the duel's settings: with the table's, Hard's side won less (it bid high on
#: weak hands, every rival's untried answer looking like an overbid).
_SIDES = replace(_SETTINGS, root_bot=_GUESS, normal=_SETTINGS)
SEARCH = replace(_SETTINGS, players=((3, _TABLE), (4, _SIDES)))
