"""Machiavelli players built on the exact meld solver (:mod:`rules.machiavelli.solver`).

- :class:`MaxBot` ("max") lays the solver's best play every turn: the most hand cards, ties
  broken by the highest rank total; it draws (or passes) only when nothing can be placed.
- :class:`MachiavelliBot` ("smart": the heuristic level, and Hard's guide) asks the
  same solver what it *could* place, then decides what to place now.
- :class:`LocalBot` ("local": the Normal level's guide) decides as the smart player does
  but rebuilds the table only one meld at a time, never the whole of it at once.
- :class:`BeginnerBot` (the Easy level, with noise) never rebuilds the table: it lays the
  melds its hand holds and adds cards to the ends of melds, as a newcomer does.

Anyone may rebuild the whole table, so a solver-driven rival only cares which cards lie on
it, not how they are grouped; the one real choice is which hand cards to give up, and when.
The smart player sorts them in two kinds:

- **Perishable** cards fit only with cards on the table: a rival can take the slot they
  need (the other 8♠ laid on "our" run), so they are laid as soon as they fit. Holding them
  back to play one a turn lost clearly in the arena (44% against max, 400 duels).
- **Kept** cards form melds within the hand: laid from the hand they need nothing from the
  table, so no rival move can spoil them. They are kept back (they can always finish a
  going-out turn) while there is something else to lay, and with nothing else, one of them
  is laid instead of drawing a card (source, "Play": no card played means drawing one). The
  opening is likewise a single meld, not every meld the hand holds.

It lays everything it can when going out, or when keeping melds stops being safe: a rival
is close to going out (we would keep the melds' penalty points) or the stock is nearly gone
(passes then end the hand on penalty points). Among plays placing equally many cards it
keeps the hand whose cards fit together best (a card that completes more melds later), not
the solver's highest rank total. Against "max" (arena, 2,000 games each): 52.3% of duels
(95% interval 50.1–54.4%) and 24.6% of four-player games (22.8–26.5%; fair share 25%).

Both decide from the seat's view only: their own hand, the table and the public counts.
``python -m tabletop.games.machiavelli.bots`` runs the arena with "max", "smart", "local" and
"beginner" as kinds.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rules import Move
from rules.machiavelli import play_move
from rules.machiavelli.melds import ACE, FACE, PENALTY, is_meld, sort_meld
from rules.machiavelli.solver import Face, Solution, solve, solve_opening
from tabletop.ai.base import SeatView

#: A rival holding this many cards or fewer may go out on their next turn: lay everything.
RIVAL_CLOSE = 4
#: Lay everything once the stock holds this many cards per player or fewer.
STOCK_LOW_PER_PLAYER = 2

Table = tuple[tuple[str, ...], ...]


class _Seat:
    """The part of a seat's view the bots use, as card ids and faces."""

    def __init__(self, view: Mapping[str, Any], seat: int) -> None:
        self.seat = seat
        self.hand: list[str] = list(view["hands"][seat] or ())
        self.table: Table = tuple(tuple(m) for m in view["table"])
        self.opened: bool = bool(view["opened"][seat])
        self.ace_low: bool = bool(view["ace_low_or_high"])
        self.stock: int = int(view["stock_count"])
        counts = view["hand_counts"]
        self.rival_least = min(
            (counts[s] for s in range(len(counts)) if s != seat), default=len(self.hand)
        )
        self.players = len(counts)
        self.table_faces: list[Face] = [FACE[c] for m in self.table for c in m]

    def best(self, hand: Sequence[str] | None = None) -> Solution | None:
        """The solver's best play of ``hand`` (default: the whole hand) now."""
        faces = [FACE[c] for c in (self.hand if hand is None else hand)]
        if self.opened:
            return solve(self.table_faces, faces, self.ace_low)
        return solve_opening(faces, self.ace_low)

    def as_table(self, found: Solution, hand: Sequence[str] | None = None) -> Table:
        """The solver's melds as card ids: the new table (before opening: the old melds
        untouched, then the new ones from the hand)."""
        pools: dict[Face, list[str]] = {}
        table_cards = [c for m in self.table for c in m] if self.opened else []
        for c in table_cards + list(self.hand if hand is None else hand):  # table copies first
            pools.setdefault(FACE[c], []).append(c)
        new = tuple(
            sort_meld([pools[f].pop(0) for f in meld], self.ace_low) for meld in found.melds
        )
        return new if self.opened else (*self.table, *new)


def _fallback(moves: Sequence[Move]) -> Move:
    """Draw (or pass, the stock empty): the listed move that is not a play."""
    return next((m for m in moves if m.kind != "play"), moves[0])


class MaxBot:
    """Always the solver's maximum: the most cards, then the highest rank total. (It takes
    ``noise`` like every heuristic bot, and ignores it: it is the arena's yardstick.)"""

    def __init__(self, seed: int, noise: float = 0.0) -> None:
        self.name = "max"
        self.rng = random.Random(seed)

    def choose(self, seat_view: SeatView) -> Move:
        moves = seat_view.legal_moves()
        me = _Seat(seat_view.view, seat_view.seat)
        found = me.best()
        if found is None or not found.placed:
            return _fallback(moves)
        return play_move(me.as_table(found))


class _LocalSeat(_Seat):
    """A seat that rebuilds the table only a little at a time, as a good club player does:
    each step reworks at most :data:`LOCAL_MELDS` melds together with hand cards (laying a
    card off is reworking one meld), keeps the step that places the most hand cards, and
    repeats until no step places any. The exact solver's whole-table rebuild finds more."""

    def best(self, hand: Sequence[str] | None = None) -> Solution | None:
        faces = [FACE[c] for c in (self.hand if hand is None else hand)]
        if not self.opened:
            return solve_opening(faces, self.ace_low)
        melds = [tuple(FACE[c] for c in m) for m in self.table]
        placed: list[Face] = []
        while faces:
            step = _best_step(melds, faces, self.ace_low)
            if step is None:
                break
            touched, found = step
            melds = [m for i, m in enumerate(melds) if i not in touched] + list(found.melds)
            for f in found.placed:
                faces.remove(f)
            placed.extend(found.placed)
        return Solution(tuple(melds), tuple(placed))


#: How many table melds one step of the Normal level's rebuild may rework together.
LOCAL_MELDS = 1


def _best_step(
    melds: Sequence[tuple[Face, ...]], hand: Sequence[Face], ace_low: bool
) -> tuple[frozenset[int], Solution] | None:
    """The melds to rework (by index) and the solver's rebuild of them with hand cards that
    places the most hand cards (then the highest ranks); ``None`` when none places any."""
    best: tuple[frozenset[int], Solution] | None = None
    # A rework that places more than the hand's own melds puts a hand card beside a card of
    # the meld (its rank, or next to it in its suit): no other meld can gain anything.
    near = [i for i, m in enumerate(melds) if any(_touches(f, m, ace_low) for f in hand)]
    for size in range(LOCAL_MELDS + 1):
        for group in itertools.combinations(near, size):
            found = solve([f for i in group for f in melds[i]], hand, ace_low)
            if found is None or not found.placed:
                continue
            if best is None or found.score > best[1].score:
                best = (frozenset(group), found)
    return best


def _touches(face: Face, meld: Sequence[Face], ace_low: bool) -> bool:
    """Whether ``face`` could share a meld with a card of ``meld``: the same rank, or the
    next rank in the same suit (the ace next to the 2 when aces may be low)."""
    r, s = face
    for q, t in meld:
        if q == r or (t == s and (abs(q - r) == 1 or (ace_low and {q, r} == {0, ACE}))):
            return True
    return False


class MachiavelliBot:
    """The smart player (see the module text); ``noise`` is the chance of a uniformly random
    listed legal move instead."""

    label = "smart"
    #: How the bot sees its seat: the whole-table solver (the local player: a little at a time).
    seat_kind: type[_Seat] = _Seat

    def __init__(self, seed: int, noise: float = 0.0) -> None:
        self.name = self.label if noise == 0 else f"{self.label} (noise {noise:g})"
        self.rng = random.Random(seed)
        self.noise = noise

    def choose(self, seat_view: SeatView) -> Move:
        moves = seat_view.legal_moves()
        if self.noise and self.rng.random() < self.noise:
            return self.rng.choice(moves)
        return self._play(self.seat_kind(seat_view.view, seat_view.seat), moves)

    def _play(self, me: _Seat, moves: Sequence[Move]) -> Move:
        found = me.best()
        if found is None or not found.placed:
            return _fallback(moves)
        found = self._best_leftover(me, found)
        if len(found.placed) == len(me.hand) or self._urgent(me):
            return play_move(me.as_table(found))  # going out, or a reserve is no longer safe
        kept = self._keep_melds(me, found)
        return play_move(me.as_table(found) if kept is None else kept)

    @staticmethod
    def _best_leftover(me: _Seat, found: Solution) -> Solution:
        """Among the plays placing as many cards as ``found``, the one whose cards left in
        hand fit together best (most pairs towards a meld), then fewest penalty points."""
        most = len(found.placed)
        options = [found]
        for face in sorted(set(found.placed)):
            hand = list(me.hand)
            hand.remove(next(c for c in hand if FACE[c] == face))
            other = me.best(hand)
            if other is not None and len(other.placed) == most:
                options.append(other)

        def fit(option: Solution) -> tuple[int, int]:
            left = Counter(FACE[c] for c in me.hand)
            left.subtract(option.placed)
            faces = [f for f, n in left.items() for _ in range(n)]
            links = sum(_links(f, faces) for f in faces)
            return links, -sum(PENALTY[r] for r, _ in faces)

        return max(options, key=fit)

    def _keep_melds(self, me: _Seat, found: Solution) -> Table | None:
        """Keep the melds made of hand cards alone, lay everything else we can; with nothing
        else to lay, lay one of the kept melds rather than draw."""
        own = solve_opening([FACE[c] for c in me.hand], me.ace_low)
        if own is None or not own.melds:
            return None
        pools: dict[Face, list[str]] = {}
        for c in me.hand:
            pools.setdefault(FACE[c], []).append(c)
        melds = [sort_meld([pools[f].pop(0) for f in m], me.ace_low) for m in own.melds]
        held = {c for m in melds for c in m}
        free = [c for c in me.hand if c not in held]
        rest = me.best(free) if free else None
        if rest is not None and len(rest.placed) + len(held) >= len(found.placed) and rest.placed:
            return me.as_table(rest, free)
        stuck = [FACE[c] for c in free]

        def worth(meld: tuple[str, ...]) -> tuple[int, float]:
            spent = sum(PENALTY[FACE[c][0]] for c in meld) / len(meld)
            links = sum(_links(FACE[c], stuck) for c in meld)
            return (-len(meld), spent - 3.0 * links)

        best = max(worth(m) for m in melds)
        choice = self.rng.choice([m for m in melds if worth(m) == best])
        return (*me.table, choice)

    @staticmethod
    def _urgent(me: _Seat) -> bool:
        """Lay everything now: a rival may go out next turn, or the stock is nearly gone."""
        return me.rival_least <= RIVAL_CLOSE or me.stock <= STOCK_LOW_PER_PLAYER * me.players


def _links(face: Face, others: Sequence[Face]) -> int:
    """How many of ``others`` could share a meld with ``face``: same rank in another suit, or
    the same suit one or two ranks away."""
    r, s = face
    return sum(1 for q, t in others if (q == r and t != s) or (t == s and 0 < abs(q - r) <= 2))


class LocalBot(MachiavelliBot):
    """The Normal level's guide: the smart player's choices over the local rebuild of
    :class:`_LocalSeat` instead of the whole-table solver."""

    label = "local"
    seat_kind = _LocalSeat

    @staticmethod
    def _best_leftover(me: _Seat, found: Solution) -> Solution:
        """The first play it finds of the most cards: weighing which cards to keep would ask
        the local rebuild again for every card laid, too slow for a level of 0.3 s."""
        return found


class BeginnerBot(MachiavelliBot):
    """The Easy level: plays as a newcomer to rummy games does, never rebuilding the table.
    It lays every meld its hand holds (the solver over the hand alone), then, once it has
    opened, adds hand cards to the ends of runs and to sets of three while any fits; with
    nothing to lay it draws. ``noise`` is the chance of a uniformly random listed move.

    The smart player with noise is no Easy level in this game: the exact solver's table
    rebuilding is the skill that matters (smart beats this bot in 98.5% of 200 duels) and no
    person finds it every turn, while random moves barely hurt the solver (Hard won about
    half of its duels against the smart player with noise, see ``games.py``). It shares the
    smart player's noise and seat reading, and decides its play its own way."""

    label = "beginner"

    def _play(self, me: _Seat, moves: Sequence[Move]) -> Move:
        table, hand = me.table, list(me.hand)
        own = solve_opening([FACE[c] for c in hand], me.ace_low)
        if own is not None and own.placed:
            pools: dict[Face, list[str]] = {}
            for c in hand:
                pools.setdefault(FACE[c], []).append(c)
            new = [sort_meld([pools[f].pop(0) for f in m], me.ace_low) for m in own.melds]
            table = (*table, *new)
            laid = {c for m in new for c in m}
            hand = [c for c in hand if c not in laid]
        while me.opened:
            found = _lay_off(table, hand, me.ace_low)
            if found is None:
                break
            table, card = found
            hand.remove(card)
        return play_move(table) if table != me.table else _fallback(moves)


def _lay_off(table: Table, hand: Sequence[str], ace_low: bool) -> tuple[Table, str] | None:
    """The table with one hand card added to a meld that stays valid (a run's end, a set's
    missing suit), and that card; ``None`` when no hand card fits anywhere."""
    for i, meld in enumerate(table):
        faces = [FACE[c] for c in meld]
        for card in hand:
            if is_meld([*faces, FACE[card]], ace_low):
                grown = sort_meld((*meld, card), ace_low)
                return (*table[:i], grown, *table[i + 1 :]), card
    return None


#: Bot kinds of this module for the arena, which otherwise knows only the generic kinds.
ARENA_KINDS = {
    "max": MaxBot,
    "smart": MachiavelliBot,
    "local": LocalBot,
    "beginner": BeginnerBot,
}


def arena_main(argv: Sequence[str] | None = None) -> int:
    """``python -m tabletop.arena --game machiavelli …`` with "max" and "smart" as seat kinds
    too (``--seats smart,max``); every other option is the arena's."""
    import sys

    from tabletop import arena  # here: the arena imports the bots, which import us

    generic = arena.make_bot

    def make_bot(kind: str, game_id: str, seed: int, iterations: int | None = None) -> Any:
        if kind in ARENA_KINDS:
            return ARENA_KINDS[kind](seed)
        return generic(kind, game_id, seed, iterations)

    arena.make_bot = make_bot  # processes started by --jobs inherit it (fork)
    arena.KINDS = (*arena.KINDS, *ARENA_KINDS)
    args = list(sys.argv[1:] if argv is None else argv)
    return arena.main(["--game", "machiavelli", *args])


if __name__ == "__main__":
    raise SystemExit(arena_main())
