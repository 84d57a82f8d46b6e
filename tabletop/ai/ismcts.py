"""Single-observer Information-Set MCTS (Cowling, Powley & Whitehouse 2012), for any game.

Every iteration deals the unseen cards again (``SeatView.determinize``), walks the one tree
of the deciding seat's information set, choosing among the moves legal in *this* deal by
UCB with availability counts, adds one node, plays the rest of the game out and backs the
result up as a reward vector (one reward per seat: 3+ player games and teams work alike).
The bot only ever sees its :class:`SeatView`, so it cannot cheat.

Anytime: it stops at ``budget`` seconds or ``iterations``, whichever comes first; with no
time budget, a fixed seed and an iteration cap it is deterministic.
"""

from __future__ import annotations

import math
import random
import time

from rules import Game, Move

from .base import SeatView

EXPLORATION = 0.7
MAX_PLAYOUT = 5_000  # plies; no game of ours is longer, but a bug must not hang a worker
CUTOFF = 12  # random plies after the tree, then the rules' provisional scores judge
MARGIN_SCALE = 8.0  # points: how sharply a provisional lead turns into a win


class Node:
    __slots__ = ("avail", "children", "move", "player", "reward", "visits")

    def __init__(self, move: Move | None, player: int | None, players: int) -> None:
        self.move = move
        self.player = player  # who chose ``move`` (whose reward this node maximises)
        self.children: dict[Move, Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = [0.0] * players

    def ucb(self, c: float) -> float:
        mean = self.reward[self.player] / self.visits  # type: ignore[index]
        return mean + c * math.sqrt(math.log(self.avail) / self.visits)


def provisional_rewards(scores: tuple[float, ...]) -> list[float]:
    """A smooth stand-in for the outcome: each seat's chance of winning from its margin over
    the best other seat (a logistic curve), normalised to sum to 1."""
    raw = []
    for seat, score in enumerate(scores):
        best_other = max(s for i, s in enumerate(scores) if i != seat)
        raw.append(1.0 / (1.0 + math.exp(-(score - best_other) / MARGIN_SCALE)))
    total = sum(raw)
    return [r / total for r in raw]


def rewards(game: Game) -> list[float]:
    """1 shared among the winners (a team's partners share it too), 0 for everyone else."""
    out = game.outcome()
    share = 1.0 / len(out.winners)
    return [share if seat in out.winners else 0.0 for seat in range(game.players)]


class ISMCTSBot:
    """A search bot. ``budget`` in seconds (None: iterations only), ``iterations`` a cap."""

    def __init__(
        self,
        seed: int,
        budget: float | None = 0.3,
        iterations: int = 100_000,
        name: str = "ismcts",
        cutoff: bool = True,
    ) -> None:
        self.rng = random.Random(seed)
        self.budget = budget
        self.iterations = iterations
        self.name = name
        self.cutoff = cutoff  # stop playouts early where the rules give provisional scores
        self.last_iterations = 0

    def choose(self, seat_view: SeatView) -> Move:
        legal = seat_view.legal_moves()
        if len(legal) == 1:
            return legal[0]
        rng = self.rng
        players = seat_view.players
        root = Node(None, None, players)
        deadline = None if self.budget is None else time.perf_counter() + self.budget
        done = 0
        while done < self.iterations and (deadline is None or time.perf_counter() < deadline):
            self._iterate(root, seat_view.determinize(rng), rng, players)
            done += 1
        self.last_iterations = done
        candidates = [root.children[m] for m in legal if m in root.children]
        if not candidates:
            return rng.choice(legal)
        best = max(candidates, key=lambda n: (n.visits, n.reward[seat_view.seat]))
        return best.move  # type: ignore[return-value]

    def _iterate(self, root: Node, game: Game, rng: random.Random, players: int) -> None:
        node = root
        path = [root]
        # Selection and expansion, over the moves legal in this deal only.
        while not game.over:
            legal = game.legal_moves()
            mover = game.to_move
            untried = [m for m in legal if m not in node.children]
            present = [node.children[m] for m in legal if m in node.children]
            for child in present:
                child.avail += 1
            if untried:
                move = rng.choice(untried)
                child = Node(move, mover, players)
                node.children[move] = child
                game.play(move)
                path.append(child)
                break
            node = max(present, key=lambda n: n.ucb(EXPLORATION))
            game.play(node.move)  # type: ignore[arg-type]
            path.append(node)
        # Simulation: a few random plies, then the rules' provisional scores judge, where the
        # game has them (random play to the very end is mostly noise); else play to the end.
        plies = 0
        limit = CUTOFF if self.cutoff and game.provisional_scores() is not None else MAX_PLAYOUT
        while not game.over and plies < limit:
            game.play(rng.choice(game.legal_moves()))
            plies += 1
        if game.over:
            result = rewards(game)
        else:
            scores = game.provisional_scores()
            result = provisional_rewards(scores) if scores else [1.0 / players] * players
        for n in path:
            n.visits += 1
            for seat in range(players):
                n.reward[seat] += result[seat]
