"""A heuristic Court of the Medici player (arena and Easy level).

One ply with the bot's own follow-ups: every legal decision is tried on a determinized copy
of the table (values of Jesters and Mistresses, the conspiracy strike or spare are decided
by the same search), and the position is judged by:

- the influence-point balance between the bot's team and the rest;
- a penalty for the bot's strong stacks that a rival could match with one more card (and so
  conspire against), and a smaller bonus for rival stacks exposed the same way;
- in the duel, the number of each house's cards in the Inner Circle (losing the last one ends
  the game);
- a finished game counts as a large win or loss.
"""

from __future__ import annotations

import random

from rules import Game, Move
from rules.medici import Medici
from tabletop.ai.base import SeatView
from tabletop.ai.partner import sound_moves

from .partner import wasteful

WIN = 1000.0
EXPOSED_OWN = 0.6  # share of a stack's net worth we expect to lose if a rival can match it
EXPOSED_RIVAL = 0.15  # our chance to strike a rival stack later is smaller: they move first
INNER_CARD = 3.0  # duel: worth of each of our first three cards in the Inner Circle
PLAN_COST = 0.5  # planning keeps the board as it is; a tiny cost avoids idle loops
FOLLOW_UPS = ("value", "conspire", "name")


class MediciBot:
    """Greedy one-ply Court of the Medici player; ``noise`` is the chance of a uniformly
    random legal move instead (Easy level)."""

    def __init__(self, seed: int, noise: float = 0.0) -> None:
        self.name = "heuristic" if noise == 0 else f"heuristic (noise {noise:g})"
        self.rng = random.Random(seed)
        self.noise = noise

    def choose(self, seat_view: SeatView) -> Move:
        # Never a move that takes from the own team for nothing, even by noise.
        moves = sound_moves(wasteful, seat_view.view, seat_view.legal_moves())
        if self.noise and self.rng.random() < self.noise:
            return self.rng.choice(moves)
        game = seat_view.determinize(self.rng)
        seat = seat_view.seat
        scored = [(self._score(game, m, seat, 0), i) for i, m in enumerate(moves)]
        best = max(v for v, _ in scored)
        # Ties broken at random so that equal options do not always favour the first card.
        ties = [i for v, i in scored if v >= best - 1e-9]
        return moves[self.rng.choice(ties)]

    def _score(self, game: Game, move: Move, seat: int, depth: int) -> float:
        return _line(game, move, seat, depth)[0]

    @staticmethod
    def evaluate(game: Medici, seat: int) -> float:
        """How good ``game`` looks for ``seat``'s team (higher is better)."""
        team = next(t for t in game.sides() if seat in t)
        if game.over:
            out = game.outcome()
            diff = out.scores[seat] - max(
                out.scores[s] for s in range(game.players) if s not in team
            )
            if len(out.winners) == game.players:
                return diff
            return (WIN if seat in out.winners else -WIN) + diff
        mine = set(team)
        reach = set(range(0, 11)) | {15}
        if game.mistresses:
            reach |= set(range(-10, 0))
        duel = game.players == 2
        buildable = [sid for sid in game.stacks if duel or game.area[sid] == "outer"]
        totals = {sid: game.total(sid) for sid in game.stacks}
        score = 0.0
        inner = [0] * game.players
        for sid, cards in game.stacks.items():
            net = 0
            for c in cards:
                owner = game.owner(c)
                p = game.points_of_card(c, game.value_of(c))
                net += p if owner in mine else -p
                if game.area[sid] == "inner":
                    inner[owner] += 1
            score += net
            if net == 0:
                continue
            t = totals[sid]
            exposed = any(t - totals[o] in reach for o in buildable if o != sid)
            if exposed:
                score -= EXPOSED_OWN * net if net > 0 else EXPOSED_RIVAL * net
        if duel:
            for s in range(2):
                sign = 1 if s in mine else -1
                score += sign * INNER_CARD * min(inner[s], 3)
        return score


def _line(game: Game, move: Move, seat: int, depth: int = 0) -> tuple[float, Medici]:
    """``move`` played on a copy of ``game``, then ``seat``'s best follow-ups (a Jester's
    value, the conspiracy's strike or spare): the position's worth to ``seat`` and the
    position itself."""
    after = game.clone()
    after.play(move)
    assert isinstance(after, Medici)
    cost = PLAN_COST if move.kind == "plan" else 0.0
    if depth < 3 and not after.over and after.to_move == seat and after.phase in FOLLOW_UPS:
        follow = after.legal_moves()
        if after.phase == "conspire" and after.players > 2:  # no strike the bot will not make
            follow = sound_moves(wasteful, after.view(seat), follow)
        lines = [_line(after, m, seat, depth + 1) for m in follow]
        value, best = max(lines, key=lambda line: line[0])
        return value - cost, best
    return MediciBot.evaluate(after, seat) - cost, after


#: The lookahead answers this many of the heuristic's favourite moves, on this many guesses
#: at the hidden cards: about 0.1 s a decision in the duel's arena games (0.2-0.3 s on the
#: crowded courts of random play). Six moves on four guesses cost twice as much and did no
#: better (64.7% of the same 200 duels).
LOOKAHEAD_MOVES = 4
LOOKAHEAD_GUESSES = 3


class MediciLookahead:
    """Two plies, for Normal's first guess in the duel (with 4 players it plays the
    heuristic's move; Hard's looks a ply further): the heuristic's favourite moves, each
    answered by the next player's own best reply (their greedy heuristic, on a guess at the
    cards they hold), judged after the reply and averaged over several guesses.

    The heuristic prices a rival's conspiracy as a flat share of every stack a card could
    match; here the reply is played out, so only the cards the rival may really hold count.
    Against Easy, 200 duels on the same deals (arena ``--duplicate``, seed 7): 70.8% (95%
    interval 65-76%) against the one-ply heuristic's 62.0%."""

    name = "lookahead"
    #: The table sizes it looks ahead at (elsewhere it plays the heuristic's move).
    tables: tuple[int, ...] = (2,)
    moves = LOOKAHEAD_MOVES

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    @staticmethod
    def judge(game: Medici, seat: int) -> float:
        """``seat``'s worth of the position after one of its moves."""
        return _after_reply(game, seat)

    def guesses(self, seat_view: SeatView) -> int:
        """The guesses at the hidden cards each move is judged on (none: the heuristic's)."""
        return LOOKAHEAD_GUESSES

    def choose(self, seat_view: SeatView) -> Move:
        guesses = self.guesses(seat_view)
        # one rival's reply of three says less; no guess: a court too crowded to look ahead
        if seat_view.players not in self.tables or not guesses:
            return _heuristic_move(self.rng, seat_view)
        moves, seat = sound_moves(wasteful, seat_view.view, seat_view.legal_moves()), seat_view.seat
        guess = seat_view.determinize(self.rng)
        lines = [_line(guess, m, seat) for m in moves]
        top = sorted(range(len(moves)), key=lambda i: -lines[i][0])[: self.moves]
        if len(top) == 1:
            return moves[top[0]]
        worth = {i: self.judge(lines[i][1], seat) for i in top}  # the first guess's lines
        for _ in range(guesses - 1):
            guess = seat_view.determinize(self.rng)
            for i in top:
                worth[i] += self.judge(_line(guess, moves[i], seat)[1], seat)
        return moves[max(top, key=lambda i: worth[i])]  # ties: the heuristic's order


def _heuristic_move(rng: random.Random, seat_view: SeatView) -> Move:
    heuristic = MediciBot(0)
    heuristic.rng = rng
    return heuristic.choose(seat_view)


def _replied(game: Medici) -> Medici:
    """``game`` once the player to move has made their greedy reply (``game`` itself when
    nobody is to move)."""
    rival = game.to_move
    if game.over or rival is None:
        return game
    lines = [_line(game, m, rival) for m in game.legal_moves()]
    return max(lines, key=lambda line: line[0])[1]


def _after_reply(game: Medici, seat: int) -> float:
    """``seat``'s judgement of ``game`` once the player to move has made their greedy reply."""
    return MediciBot.evaluate(_replied(game), seat)


class MediciDeepLookahead(MediciLookahead):
    """Three plies, for Hard's first guess in the duel: as :class:`MediciLookahead`, but
    judged after the seat's own greedy answer to the rival's reply, so a move that leaves a
    strike or a build for the next turn counts what it sets up (about twice the time)."""

    name = "deep lookahead"

    @staticmethod
    def judge(game: Medici, seat: int) -> float:
        return _after_answer(game, seat)


def _after_answer(game: Medici, seat: int) -> float:
    """``seat``'s judgement of ``game`` after the rival's greedy reply and its own answer."""
    after = _replied(game)
    if after.over or after.to_move != seat:
        return MediciBot.evaluate(after, seat)
    return max(_line(after, m, seat)[0] for m in after.legal_moves())


#: A round's replies cost about the square of the stacks at court: the round lookahead plays
#: as many guesses as keep guesses × stacks² within this (three up to 8 stacks, the courts of
#: 98% of the heuristic's own decisions; none from 14 on, where it plays the heuristic's move).
ROUND_WORK = 192


class MediciRoundLookahead(MediciLookahead):
    """A whole round, for Hard's first guess with 4 players: as :class:`MediciLookahead`,
    but each of the heuristic's favourite moves is followed by the greedy replies of the
    three others (rival, partner, rival) and judged for the team once the seat is to move
    again, so what the partner makes of a move counts as much as what the rivals take."""

    name = "round lookahead"
    tables = (4,)

    def guesses(self, seat_view: SeatView) -> int:
        """Fewer on a crowded court, none where one round would take seconds."""
        stacks = max(1, len(seat_view.view["stacks"]))
        return min(LOOKAHEAD_GUESSES, ROUND_WORK // stacks**2)

    @staticmethod
    def judge(game: Medici, seat: int) -> float:
        return _after_round(game, seat)


def _after_round(game: Medici, seat: int) -> float:
    """``seat``'s judgement of ``game`` once the others have made their greedy replies."""
    after = game
    for _ in range(game.players - 1):
        if after.over or after.to_move in (None, seat):
            break
        after = _replied(after)
    return MediciBot.evaluate(after, seat)
