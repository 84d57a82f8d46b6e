"""Why a hint is the move to make: what the search weighed, in one sentence.

The hint bot's search judges a move by playing on from it in deals of the hidden cards that
fit the seat's view, with the game's own playout policy. :func:`advise_seeded` asks the bot
for its move, then replays that judgement where a player can follow it: in a dozen such deals
it plays the move and the policy's answers until the seat is to move again, and keeps what
happened that a player cares about (a trick or a conflict won, a stack struck, points gained),
worded by the game's own ``advice`` hook (its package's ``advice.py``) from the events the seat
would see. What happens in most of those deals, and the search's own figures for the move and
the next best one, make the sentence: "Play the 7 of Swords: it wins the trick for Swords."

Everything here runs in the AI worker on a :class:`~tabletop.ai.base.SeatView`: the deals are
guesses consistent with the seat's view, and a game's words name no card the seat cannot see.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rules import Game, Move, visible_events

from .. import games
from .base import Bot, SeatView
from .policy import game_ai
from .worker import decide_seeded

#: How many deals of the hidden cards the reason is drawn from.
DEALS = 12
#: A consequence is told when it happens in at least this share of those deals …
MOST = 0.6
#: … and told without "most likely" from this share up.
SURE = 0.9
#: How far past the move a deal is followed: to the seat's next decision, at most this many
#: plies (a trick of nine seats and the next lead).
HORIZON = 24


@dataclass(frozen=True)
class Advice:
    """The hinted ``move`` and why: ``facts`` (clauses such as "it wins the trick for Swords",
    each with the share of deals it happened in), the search's win chance for the move
    (``share``, None where the hint bot does not search) over the ``tried`` playouts that
    began with it, and the next best move with its own.
    """

    move: Move
    facts: tuple[tuple[str, float], ...] = ()
    share: float | None = None
    tried: int = 0
    runner_up: Move | None = None
    runner_share: float | None = None

    def reason(self, describe: Callable[[Move], str]) -> str:
        """The clause after the move ("it wins the trick"), or "" when there is nothing to say."""
        told = [f if p >= SURE else f"most likely {f}" for f, p in self.facts[:2]]
        if told:
            return " and ".join(told)
        if self.share is None:
            return ""
        played = f"{self.tried} game{'' if self.tried == 1 else 's'}"
        chance = f"it won {self.share:.0%} of the {played} the search played out with it"
        if self.runner_up is None or self.runner_share is None:
            return chance
        if self.runner_share >= self.share:  # kept: a figure as good is within the noise
            return f"{chance}, and no other move did clearly better"
        return f"{chance}, against {self.runner_share:.0%} for {describe(self.runner_up)}"

    def sentence(self, describe: Callable[[Move], str]) -> str:
        """The whole hint: the move, then why ("Play the 7 of Swords: it wins the trick.")."""
        said = describe(self.move)
        why = self.reason(describe)
        return f"{said}: {why}." if why else f"{said}."


#: A game's words for what a move led to: (the events the seat saw from the move to its next
#: decision, the seat, its partners, its view at the decision) -> clauses, each starting with
#: "it" or naming who ("your side takes Estravia"), naming no card the seat cannot see.
Facts = Callable[[Sequence[Any], int, frozenset[int], Any], list[str]]


def consequences(
    seat_view: SeatView, move: Move, rng: random.Random, deals: int = DEALS
) -> list[tuple[str, float]]:
    """What ``move`` led to in ``deals`` guessed deals, each clause with the share of deals it
    happened in (most frequent first, only those of at least :data:`MOST`)."""
    facts = games.advice_for(seat_view.game_id)
    ai, seat, seen = game_ai(seat_view.game_id), seat_view.seat, Counter[str]()
    gains: list[float] = []
    for _ in range(deals):
        game = seat_view.determinize(rng)
        partners = next((frozenset(t) for t in game.sides() if seat in t), frozenset({seat}))
        before = lead(game, partners)
        events = list(game.play(move))
        plies = 0
        while not game.over and game.to_move != seat and plies < HORIZON:
            events.extend(game.play(ai.heuristic(game, rng)))
            plies += 1
        if facts is not None:
            seen.update(set(facts(visible_events(events, seat), seat, partners, seat_view.view)))
        after = lead(game, partners)
        if before is not None and after is not None and after - before >= 1:
            gains.append(after - before)
    if gains:
        rival = "your rival" if seat_view.players == 2 else "your rivals"
        seen[f"it gains you about {round(statistics.median(gains))} points on {rival}"] = len(gains)
    ranked = sorted(seen.items(), key=lambda kv: (-kv[1], kv[0]))
    return [(fact, count / deals) for fact, count in ranked if count / deals >= MOST]


def lead(game: Game, partners: frozenset[int]) -> float | None:
    """The points by which the seat's side leads the best other side if the game ended now
    (negative: trails), as the rules count them; None where they count none mid-game."""
    scores = None if game.over else game.provisional_scores()
    if scores is None:
        return None
    others = [scores[s] for s in range(len(scores)) if s not in partners]
    return max(scores[s] for s in partners) - max(others, default=0.0)


def advise_seeded(bot: Bot, seat_view: SeatView, seed: int) -> Advice:
    """Runs in the worker: the bot's move for ``seat_view`` and why (see the module)."""
    move = decide_seeded(bot, seat_view, seed)
    facts = tuple(consequences(seat_view, move, random.Random(seed ^ 0xAD71CE)))
    stats: dict[Move, tuple[int, float]] = getattr(bot, "last_stats", None) or {}
    tried, share = stats.get(move, (0, None))
    others = sorted(
        ((visits, mean, m) for m, (visits, mean) in stats.items() if m != move),
        key=lambda t: (-t[0], -t[1], str(t[2])),
    )
    runner, runner_share = (others[0][2], others[0][1]) if others else (None, None)
    return Advice(move, facts, share, tried, runner, runner_share)
