"""Single-observer Information-Set MCTS (Cowling, Powley & Whitehouse 2012), for any game.

Every iteration deals the unseen cards again (``SeatView.determinize``; where the game reads
the play so far, one of a few such deals, kept in proportion to how likely the play makes it:
:mod:`tabletop.ai.inference`), walks the one tree
of the deciding seat's information set, choosing among the moves legal in *this* deal by
UCB with availability counts (plus a progressive bias towards the game's heuristic choice
at each node, which fades as results come in), adds one node, plays the rest out with the
game's playout policy (its heuristic bot, see :mod:`tabletop.ai.policy`) for at most the
game's cut-off, judges where it stopped and backs the result up as a reward vector (one
reward per seat: 3+ player games work alike, and partners share a team's reward). The bot
only ever sees its :class:`SeatView`, so it cannot cheat.

The decision is the most visited move, except that the heuristic's own choice at the root
stands unless another move's results beat it clearly (:func:`overrules`): a few hundred noisy
playouts should refine the heuristic, not overturn it on chance.

Anytime: it stops at ``budget`` seconds or ``iterations``, whichever comes first, or sooner
once no move can overtake its choice (:func:`settled`); with no time budget, a fixed seed and
an iteration cap it is deterministic.

Games whose ``legal_moves()`` lists only representative moves (``LEGAL_MOVES_COMPLETE`` is
false) are searched over those plus, at each node, the game's heuristic choice there (a
solver's play may be one the list leaves out) when the rules judge it legal.
"""

from __future__ import annotations

import math
import random
import time

from rules import Game, Move

from .base import SeatView
from .inference import weighed_deal
from .partner import sound_moves
from .policy import GameAI, game_ai, judge_stopped

EXPLORATION = 0.7
#: The search overrules the heuristic's choice at the root only when another move's mean
#: reward beats it by this many standard errors (see :func:`overrules`): the settings'
#: default, which a game may raise (``GameAI.confidence``).
CONFIDENCE: float = GameAI.confidence
#: How often (in iterations) the search asks whether its choice is already settled.
SETTLE_EVERY = 16
MAX_PLAYOUT = 5_000  # plies; no game of ours is longer, but a bug must not hang a worker
PLAYOUTS = ("heuristic", "random")


class Node:
    __slots__ = ("avail", "children", "favoured", "move", "player", "reward", "square", "visits")

    def __init__(self, move: Move | None, player: int | None, players: int) -> None:
        self.move = move
        self.player = player  # who chose ``move`` (whose reward this node maximises)
        self.children: dict[Move, Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = [0.0] * players
        self.square = 0.0  # sum of the squared rewards of ``player`` (for its variance)
        self.favoured: Move | None = None  # the game's heuristic choice here, once asked

    def ucb(self, c: float, bias: float) -> float:
        """UCB1 with availability counts, plus a progressive bias (Chaslot et al. 2008)
        towards the heuristic's choice that fades as the move's own results come in."""
        n = self.visits
        mean = self.reward[self.player] / n  # type: ignore[index]
        return mean + c * math.sqrt(math.log(self.avail) / n) + bias / math.sqrt(n + 1)


class ISMCTSBot:
    """A search bot. ``budget`` in seconds (None: iterations only), ``iterations`` a cap,
    ``playouts`` "heuristic" (the game's registered policy) or "random"; ``cutoff`` False
    plays every playout to the end; ``inference`` False deals the hidden cards uniformly
    even where the game weighs them (:mod:`tabletop.ai.inference`); ``level`` "normal" uses
    the game's Normal settings where it has its own (``GameAI.normal``)."""

    def __init__(
        self,
        seed: int,
        budget: float | None = 0.3,
        iterations: int = 100_000,
        name: str = "ismcts",
        cutoff: bool = True,
        playouts: str = "heuristic",
        inference: bool = True,
        level: str | None = None,
    ) -> None:
        if playouts not in PLAYOUTS:
            raise ValueError(f"Unknown playout kind {playouts!r}; choose from {PLAYOUTS}.")
        self.rng = random.Random(seed)
        self.budget = budget
        self.iterations = iterations
        self.name = name
        self.cutoff = cutoff
        self.playouts = playouts
        #: Whether the deals are weighed by the game's inference, where it has one.
        self.inference = inference
        self.level = level
        self.last_iterations = 0
        #: The last decision's root moves: visits and mean reward for the deciding seat (what
        #: a hint's reason quotes).
        self.last_stats: dict[Move, tuple[int, float]] = {}

    def choose(self, seat_view: SeatView) -> Move:
        self.last_iterations = 0
        self.last_stats = {}
        forced = seat_view.forced_move()
        if forced is not None:
            return forced
        ai = game_ai(seat_view.game_id).for_players(seat_view.players)
        if self.level == "normal" and ai.normal is not None:
            ai = ai.normal
        # A move that takes from the seat's own side for nothing is not searched at all.
        every = seat_view.legal_moves()
        legal = sound_moves(ai.wasteful, seat_view.view, every)
        if len(legal) == 1 < len(every):  # the judge left one move: nothing to search
            return legal[0]
        allowed = frozenset(legal) if len(legal) < len(every) else None
        rng = self.rng
        players = seat_view.players
        root = Node(None, None, players)
        started = time.perf_counter()
        deadline = None if self.budget is None else started + self.budget
        if ai.root_bot is not None and ai.bias and self.playouts == "heuristic":
            root.favoured = ai.root_bot(rng.getrandbits(32)).choose(seat_view)
        weigh = None
        if self.inference and ai.inference is not None:
            weigh = ai.inference(seat_view.view, seat_view.seen, seat_view.seat)
        done = 0
        while done < self.iterations and (deadline is None or time.perf_counter() < deadline):
            deal = weighed_deal(seat_view.determinize, weigh, ai.draws, rng)
            self._iterate(root, deal, rng, players, ai, allowed)
            done += 1
            if done % SETTLE_EVERY == 0 and settled(root, self._left(done, started, deadline)):
                break
        self.last_iterations = done
        self.last_stats = {
            m: (n.visits, n.reward[seat_view.seat] / n.visits)
            for m, n in root.children.items()
            if m is not None and n.visits
        }

        def playable(move: Move) -> bool:  # listed, or (a solver's play) judged legal
            return move in legal or (not seat_view.complete and seat_view.is_legal(move))

        candidates = [child for move, child in root.children.items() if playable(move)]
        if not candidates:  # no iteration in time (a slow first guess): the guess, if any
            guess = root.favoured
            if guess is not None and playable(guess):
                return guess
            return rng.choice(legal)
        best = max(candidates, key=lambda n: (n.visits, n.reward[seat_view.seat]))
        anchor = root.children.get(root.favoured)  # type: ignore[arg-type]
        if (
            anchor is not None
            and anchor in candidates
            and not overrules(best, anchor, ai.confidence)
        ):
            return anchor.move  # type: ignore[return-value]
        return best.move  # type: ignore[return-value]

    def _left(self, done: int, started: float, deadline: float | None) -> int:
        """Iterations still to come: to the cap, or as many as the time left buys at the
        rate so far."""
        left = self.iterations - done
        if deadline is not None:
            now = time.perf_counter()
            rate = done / max(now - started, 1e-9)
            left = min(left, math.ceil(rate * max(0.0, deadline - now)))
        return left

    def _iterate(
        self,
        root: Node,
        game: Game,
        rng: random.Random,
        players: int,
        ai: GameAI,
        allowed: frozenset[Move] | None = None,
    ) -> None:
        """One iteration; ``allowed``: the moves the root may try (None: every legal one)."""
        node = root
        path = [root]
        # Selection and expansion, over the moves legal in this deal only.
        bias = ai.bias if self.playouts == "heuristic" else 0.0
        while not game.over:
            legal = game.legal_moves()
            if node is root and allowed is not None:
                legal = [m for m in legal if m in allowed]
            mover = game.to_move
            children = node.children
            if bias and node.favoured is None and game.forced_move() is None:
                node.favoured = ai.prior(game, rng)
            favoured = node.favoured
            if (
                favoured is not None
                and not game.LEGAL_MOVES_COMPLETE
                and favoured not in legal
                and game.is_legal(favoured)
            ):
                legal = [*legal, favoured]  # a solver's play the short list leaves out
            untried = [m for m in legal if m not in children]
            present = [children[m] for m in legal if m in children]
            for child in present:
                child.avail += 1
            # Progressive widening (where the game asks for it): a node grows a new child
            # only as its visits allow, so a wide choice is not all tried once and decided
            # by noise; the heuristic's choice comes first.
            widen = (
                not present
                or not ai.widening
                or (len(children) < 1 + ai.widening * math.sqrt(node.visits))
            )
            if untried and widen:
                move = favoured if favoured in untried else rng.choice(untried)
                child = Node(move, mover, players)
                children[move] = child
                game.play(move)
                path.append(child)
                break
            node = max(
                present,
                key=lambda n: n.ucb(EXPLORATION, bias if n.move == favoured else 0.0),
            )
            game.play(node.move)  # type: ignore[arg-type]
            path.append(node)
        result = self._simulate(game, rng, players, ai)
        for n in path:
            n.visits += 1
            reward = n.reward
            for seat in range(players):
                reward[seat] += result[seat]
            if n.player is not None:
                n.square += result[n.player] ** 2

    def _simulate(self, game: Game, rng: random.Random, players: int, ai: GameAI) -> list[float]:
        """Play on with the game's policy, then judge: the outcome if the game ended, else
        the points as if it ended now (random play to the very end is mostly noise)."""
        policy = ai.heuristic if self.playouts == "heuristic" else ai.quick
        limit = ai.cutoff if self.cutoff else MAX_PLAYOUT
        plies = 0
        while not game.over and plies < limit:
            game.play(policy(game, rng))
            plies += 1
        result = judge_stopped(ai, game)
        while result is None and plies < MAX_PLAYOUT:
            # No judgement possible here: play on quickly until there is one, or to the end.
            game.play(ai.quick(game, rng))
            plies += 1
            result = judge_stopped(ai, game)
        return [1.0 / players] * players if result is None else result


def overrules(best: Node, anchor: Node, confidence: float = CONFIDENCE) -> bool:
    """Whether the search's most visited move ``best`` is clearly better than the heuristic's
    choice ``anchor``: its mean reward higher by ``confidence`` standard errors.

    A few hundred noisy playouts often rank a plain mistake first; keeping the heuristic's
    move unless the evidence is clear makes the search at least as good as its heuristic
    and still lets it find what the heuristic misses."""
    if best is anchor:
        return False
    if anchor.visits < 2 or best.visits < 2:
        return best.visits > anchor.visits
    seat = anchor.player
    assert seat is not None

    def mean_var(n: Node) -> tuple[float, float]:
        mean = n.reward[seat] / n.visits
        return mean, max(0.0, n.square / n.visits - mean * mean) / n.visits

    m_best, v_best = mean_var(best)
    m_anchor, v_anchor = mean_var(anchor)
    return m_best - m_anchor > confidence * math.sqrt(v_best + v_anchor + 1e-12)


def settled(root: Node, left: int) -> bool:
    """Whether the search may stop early without changing its decision: the heuristic's
    choice (or, with none, the most visited move) leads every other move by more visits
    than the iterations ``left``, so nothing can overtake it. Clear decisions take a
    fraction of the budget; with an iteration cap the result is the same, only sooner."""
    if len(root.children) < 2:
        return False
    ranked = sorted(root.children.values(), key=lambda n: n.visits, reverse=True)
    leader, second = ranked[0], ranked[1]
    if (
        root.favoured is not None
        and root.favoured in root.children
        and leader.move != root.favoured
    ):
        return False
    return leader.visits - second.visits > left
