"""What the search needs to know about each game: its settings, and where they come from.

A game gives the search three things (:class:`GameAI`): a cheap *playout policy* that picks
moves after the tree (usually its heuristic bot, see :func:`bot_policy`), how to *judge* a
position when a playout is cut off (points as if the game ended now, turned into win
chances), and how many plies a playout may run before that cut-off. A game declares them in
its package (:mod:`tabletop.games`, as ``search``); one that declares nothing is searched with
its heuristic bot's playouts, or random ones, judged by ``Game.provisional_scores()`` (or
played to the end where it has none).

Playouts run on a determinized copy: the search's own guess at the hidden cards. Reading that
copy is not cheating (it never holds the true hidden state), so a policy may look at it whole.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules import Game, Move

from .. import games
from .base import Bot
from .heuristics import heuristic_for
from .inference import Inference
from .partner import Judge

#: Picks one of ``game.legal_moves()`` for ``game.to_move`` (the game is a search copy).
PlayoutPolicy = Callable[[Game, random.Random], Move]
#: Points per seat as if the game ended now (``None``: no meaningful answer yet).
Scorer = Callable[[Game], Sequence[float] | None]


def random_policy(game: Game, rng: random.Random) -> Move:
    return rng.choice(game.legal_moves())


class _TableSeat:
    """The :class:`~tabletop.ai.base.SeatView` interface over a search copy, without the copy
    and scrub a real seat view pays for (the copy is already a guess, see the module text)."""

    __slots__ = ("_game", "game_id", "players", "seat", "view")

    def __init__(self, game: Game, seat: int) -> None:
        self._game = game
        self.seat = seat
        self.game_id = game.spec.id
        self.players = game.players
        self.view: Mapping[str, Any] = game.view(seat)

    def legal_moves(self) -> list[Move]:
        return self._game.legal_moves()

    def determinize(self, rng: random.Random) -> Game:
        return self._game.clone()

    def parse_move(self, text: str) -> Move:
        return self._game.parse_move(text)


def bot_policy(factory: Callable[[int], Bot], share: float = 1.0) -> PlayoutPolicy:
    """A playout policy that asks a heuristic bot (built once by ``factory(seed)``) for a
    ``share`` of the decisions and plays uniformly at random for the rest: a little
    randomness keeps playouts from repeating one line, and random plies are nearly free."""
    bot = factory(0)
    has_rng = isinstance(getattr(bot, "rng", None), random.Random)

    def policy(game: Game, rng: random.Random) -> Move:
        forced = game.forced_move()
        if forced is not None:
            return forced
        moves = game.legal_moves()
        if share < 1.0 and rng.random() >= share:
            return rng.choice(moves)
        if has_rng:
            bot.rng = rng  # type: ignore[attr-defined]  # the search's generator: deterministic
        return bot.choose(_TableSeat(game, game.to_move))  # type: ignore[arg-type]

    return policy


def sampled_greedy_policy(evaluate: Callable[[Game, int], float], sample: int = 3) -> PlayoutPolicy:
    """For games whose heuristic is too slow to run at every playout ply: try ``sample``
    random legal moves on copies and keep the one ``evaluate(after, seat)`` likes best."""

    def policy(game: Game, rng: random.Random) -> Move:
        forced = game.forced_move()
        if forced is not None:
            return forced
        moves = game.legal_moves()
        seat = game.to_move
        assert seat is not None
        tried = moves if len(moves) <= sample else rng.sample(moves, sample)
        best, best_value = tried[0], -math.inf
        for move in tried:
            after = game.clone()
            after.play(move)
            value = evaluate(after, seat)
            if value > best_value:
                best, best_value = move, value
        return best

    return policy


def first_play_policy(game: Game, rng: random.Random) -> Move:
    """The first listed move that lays cards, else the first listed move (draw or pass): for
    games whose list puts its best cheap play first (Machiavelli: the most cards the hand
    lays on its own), a playout step that costs no search at all."""
    moves = game.legal_moves()
    return next((m for m in moves if m.kind == "play"), moves[0])


def provisional(game: Game) -> Sequence[float] | None:
    return game.provisional_scores()


@dataclass(frozen=True)
class GameAI:
    """How the search plays and judges one game.

    ``heuristic`` picks playout moves for levels with heuristic playouts, ``quick`` for
    levels with plain random ones (and where a playout must go on past its cut-off).
    ``scores`` judges a position at the cut-off; ``margin`` is the lead in points that makes
    a win about three times as likely as a loss (logistic scale); ``cutoff`` is the playout
    length in plies.
    """

    heuristic: PlayoutPolicy = random_policy
    quick: PlayoutPolicy = random_policy
    scores: Scorer = provisional
    margin: float = 8.0
    cutoff: int = 12
    #: The heuristic's choice at a tree node gets this progressive bias (0: none); ``prior``
    #: picks it (once per node, so it may cost more than a playout step).
    prior: PlayoutPolicy = random_policy
    bias: float = 0.0
    #: The bot whose choice gets the bias at the root (built by ``root_bot(seed)`` and asked
    #: once per decision from the seat's own view, so it may be the full heuristic or more);
    #: ``None``: ``prior``.
    root_bot: Callable[[int], Bot] | None = None
    #: Progressive widening: a node with n visits has at most 1 + widening·√n children
    #: (0: every legal move is tried before any is tried twice).
    widening: float = 0.0
    #: A partnership game's judge of the moves that take from the seat's own side for nothing
    #: (:mod:`tabletop.ai.partner`): the search never picks one where another move is legal.
    wasteful: Judge | None = None
    #: What the play so far says of the hidden cards (:mod:`tabletop.ai.inference`; ``None``:
    #: every deal consistent with the seat's view is as likely); each iteration keeps one of
    #: ``draws`` guesses at the hidden cards, chosen in proportion to their likelihood.
    inference: Inference | None = None
    draws: int = 4
    #: The Normal level's settings where they differ from these (``None``: the same), for a
    #: game whose search seldom overrules its root bot: there the levels differ by the bot.
    normal: GameAI | None = None
    #: The search overrules the root bot's choice only when another move's mean reward beats
    #: it by this many standard errors (:func:`tabletop.ai.ismcts.overrules`): higher where
    #: playouts are noisy and many moves compete, so chance alone seldom overrules it.
    confidence: float = 1.0
    #: Judges a playout that reached the end, one reward per seat (``None``: who won,
    #: :func:`final_rewards`): where a win is rare, a reward that also counts how near each
    #: seat came tells good moves apart in fewer playouts.
    reward: Callable[[Game], list[float]] | None = None
    #: The settings for a player count where they differ from these (each with its own
    #: ``normal``): a game whose search judges its player counts apart.
    players: tuple[tuple[int, GameAI], ...] = ()

    def for_players(self, players: int) -> GameAI:
        """The settings for a table of ``players``."""
        return dict(self.players).get(players, self)


#: The settings asked for so far, by game id (a cache; tests swap an entry for a variant).
GAME_AI: dict[str, GameAI] = {}
_DEFAULT = GameAI()


def game_ai(game_id: str) -> GameAI:
    """The search settings of ``game_id``: as its package declares them, else its heuristic
    bot (if any) for playouts with default judgement, else random playouts."""
    ai = GAME_AI.get(game_id)
    if ai is None:
        ai = games.search_for(game_id)
        if ai is None:
            factory = heuristic_for(game_id)
            ai = (
                _DEFAULT
                if factory is None
                else GameAI(heuristic=bot_policy(factory), prior=bot_policy(factory), bias=0.5)
            )
        GAME_AI[game_id] = ai
    return ai


# --------------------------------------------------------------------------- rewards


def teams_of(game: Game) -> tuple[tuple[int, ...], ...]:
    """Who plays together, as the rules say (``Game.sides``: Medici's and Alliances' four-
    player partnerships; every seat for itself elsewhere)."""
    return game.sides()


def final_rewards(game: Game) -> list[float]:
    """1 shared among the winners (a winning team's partners share it), 0 for the rest."""
    out = game.outcome()
    share = 1.0 / len(out.winners)
    return [share if seat in out.winners else 0.0 for seat in range(game.players)]


def judge_stopped(ai: GameAI, game: Game) -> list[float] | None:
    """A playout's reward per seat where it stopped, as the search judges it: the outcome
    (``ai.reward``, else :func:`final_rewards`) if the game ended, else the game's scores as
    win chances (None where the game cannot be scored)."""
    if game.over:
        return final_rewards(game) if ai.reward is None else ai.reward(game)
    scores = ai.scores(game)
    return None if scores is None else score_rewards(scores, teams_of(game), ai.margin)


def score_rewards(
    scores: Sequence[float], teams: Sequence[Sequence[int]], margin: float
) -> list[float]:
    """A smooth stand-in for the outcome: each side's chance of winning from its lead over
    the best other side (a logistic curve of width ``margin``), normalised to sum to 1 and
    shared between partners like a real win."""
    side = [max(scores[s] for s in team) for team in teams]
    raw = []
    for t, score in enumerate(side):
        best_other = max((v for i, v in enumerate(side) if i != t), default=score)
        x = max(-50.0, min(50.0, (score - best_other) / margin))
        raw.append(1.0 / (1.0 + math.exp(-x)))
    total = sum(raw)
    out = [0.0] * len(scores)
    for t, team in enumerate(teams):
        for s in team:
            out[s] = raw[t] / total / len(team)
    return out
