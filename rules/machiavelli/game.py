"""Machiavelli: rummy with two decks where every meld on the table belongs to everyone.

Source: ``shared/sources/001_c717387ba60b2570.txt``; decisions: RULES-NOTES.md "Machiavelli";
our house readings are marked in ``rules/machiavelli.md``.

Cards are ``"10H.1"``-style ids (see :mod:`rules.machiavelli.melds`). A turn is ONE decision:

- ``play M1 M2 …``: the complete new table, every meld written as its cards joined by ``-``
  (``play 10H.1-JH.1-QH.2 5S.1-5H.2-5D.1``). It must keep every card that was on the table,
  add at least one card from the mover's hand, and be made only of valid melds. Until a player
  has opened, the melds already on the table must stay exactly as they are and the new cards
  must form new melds of their own.
- ``draw``: take the top card of the stock (only while it has cards).
- ``pass``: the stock is empty and you do not play.

The table may be rearranged without limit, so the plays cannot all be listed:
``LEGAL_MOVES_COMPLETE`` is false, :meth:`Machiavelli.legal_moves` lists draw or pass and a
few cheap plays (the most the hand can lay as melds of its own, by the solver; one new meld of
3; one card laid off), and ``_judge`` decides any other table. The exact solver's best play,
rearranging the whole table, is :meth:`Machiavelli.best_play` (the hint and the bots use it;
it is too slow to run at every step of random playouts and searches).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, ClassVar, Literal, TypedDict

from ..core import (
    Event,
    Game,
    GameShape,
    GameSpec,
    IllegalMove,
    Move,
    OptionSpec,
    Outcome,
    SetupError,
    private_event,
    register,
)
from ..state import HANDS, LIST, LOG, VALUE, Kind, unsaved
from .melds import (
    ACE,
    ALL_CARDS,
    FACE,
    RANKS,
    SUITS,
    card_label,
    card_order,
    is_card,
    is_meld,
    meld_label,
    meld_problem,
    penalty,
    sort_meld,
)

HAND = 14
MATCH_TARGET = 100

# Every refusal code this game raises (besides core.GENERIC_REFUSALS): code -> what it means.
REFUSALS: dict[str, str] = {
    "bad-meld": "a meld of the new table is neither a set nor a run",
    "bad-notation": "the text is not a Machiavelli move",
    "bad-table": "a play does not list the new table as melds of cards",
    "card-twice": "a card appears twice on the new table",
    "must-draw": "passing is allowed only once the stock is empty",
    "no-such-card": "the new table names something that is not a card",
    "not-a-move": "the move is not play, draw or pass, or carries what it may not",
    "not-in-hand": "a card added to the table is not in the player's hand",
    "not-opened": "before opening, the melds on the table may not be touched",
    "nothing-added": "a play must add at least one card from the hand",
    "stock-empty": "drawing from an empty stock",
    "table-card-missing": "a card that was on the table is missing from the new table",
}

Table = tuple[tuple[str, ...], ...]


class MachiavelliMove(Move):
    """A Machiavelli decision: ``draw``, ``pass`` or ``play`` with the whole new table in
    ``value`` (a tuple of melds, each a tuple of card ids). Notation: ``draw`` · ``pass`` ·
    ``play 10H.1-JH.1-QH.2 5S.1-5H.2-5D.1``."""

    def __str__(self) -> str:
        if self.kind == "play" and not self.cards and not self.target:
            try:
                # Fast (saves and checks print every move): join raises on a non-text card.
                melds = ["-".join(m) for m in self.value if type(m) is tuple and m]
            except TypeError:
                melds = []
            if melds and len(melds) == len(self.value):
                return "play " + " ".join(melds)
        if self.kind in ("draw", "pass") and not (self.cards or self.target or self.value):
            return self.kind
        return super().__str__()  # a malformed move still prints, in the generic form


DRAW = MachiavelliMove("draw")
PASS = MachiavelliMove("pass")


def play_move(melds: Sequence[Sequence[str]]) -> MachiavelliMove:
    """The ``play`` move whose new table is ``melds``."""
    return MachiavelliMove("play", value=tuple(tuple(m) for m in melds))


class MachiavelliView(TypedDict):
    """What :meth:`Machiavelli.view` shows a seat (``viewer``; ``None``: the public table).
    Per-seat lists are indexed by seat."""

    game: Literal["machiavelli"]
    viewer: int | None
    players: int
    phase: str
    to_move: int | None
    over: bool
    hand_number: int
    dealer: int
    table: list[list[str]]  # the melds on the table
    hands: list[list[str] | None]  # None: hidden from the viewer
    hand_counts: list[int]
    stock_count: int
    opened: list[bool]
    passes: int
    ace_low_or_high: bool
    match: bool
    totals: list[int]  # penalty points of the finished hands (a match)
    my_penalty: int | None  # the viewer's hand's penalty points now
    hands_played: list[dict[str, Any]]
    end_reason: str


def _plain_hands(hands: list[list[str]]) -> list[list[str]]:
    return [sorted(h, key=card_order) for h in hands]


def _plain_table(table: list[tuple[str, ...]]) -> list[list[str]]:
    return [list(m) for m in table]


class Machiavelli(Game):
    RULES_VERSION: ClassVar[int] = 1
    move_type: ClassVar[type[Move]] = MachiavelliMove
    LEGAL_MOVES_COMPLETE: ClassVar[bool] = False
    STATE: ClassVar[Mapping[str, Kind]] = {
        # Worked out from the options at setup: the snapshot need not repeat them.
        "ace_low": unsaved(VALUE),
        "match": unsaved(VALUE),
        "totals": LIST,
        "hand_no": VALUE,
        "records": LOG,
        "dealer": VALUE,
        "hands": Kind(HANDS.copy, _plain_hands),
        "stock": LIST,
        "table": Kind(LIST.copy, _plain_table),  # melds are tuples, replaced whole
        "opened": LIST,
        "passes": VALUE,
        "current": VALUE,
        "phase": VALUE,
        "end_reason": VALUE,
    }

    def __init__(self, players: int, seed: int | None, options: Mapping[str, Any]) -> None:
        super().__init__(players, seed, options)
        deck = self.options.get("deck")
        if deck is not None and (len(deck) != len(ALL_CARDS) or set(deck) != set(ALL_CARDS)):
            raise SetupError(
                "A fixed deck must list each of the 104 cards once (2S.1 … AC.2: rank, suit, "
                "'.', deck 1 or 2)."
            )
        self.ace_low = bool(self.options["ace_low_or_high"])
        self.match = bool(self.options["match"])
        self.totals = [0] * players  # penalty points of the hands already finished (match)
        self.hand_no = 0
        self.records: list[dict[str, Any]] = []
        # House reading: nobody's age is known, so the last seat deals the first hand and the
        # first seat plays first.
        self.opening_events = self._deal(players - 1, list(deck) if deck is not None else None)

    # ---- a hand ---------------------------------------------------------------------
    def _deal(self, dealer: int, fixed: list[str] | None) -> list[Event]:
        """Shuffle both decks together and deal 14 cards to each player, starting left of
        the dealer; the rest is the stock (its top card is the end of the list)."""
        order = list(fixed) if fixed is not None else list(ALL_CARDS)
        if fixed is None:
            self.rng.shuffle(order)
        n = self.players
        self.hand_no += 1
        self.dealer = dealer
        self.hands: list[list[str]] = [[] for _ in range(n)]
        for i in range(n):
            seat = (dealer + 1 + i) % n
            self.hands[seat] = order[i * HAND : (i + 1) * HAND]
        self.stock: list[str] = order[n * HAND :][::-1]
        self.table: list[tuple[str, ...]] = []
        self.opened = [False] * n
        self.passes = 0
        self.current = (dealer + 1) % n
        self.phase = "play"
        self.end_reason = ""
        events = [
            Event(
                "deal",
                "Hand %d: {p%d} deals 14 cards to each player; {p%d} plays first."
                % (self.hand_no, dealer, self.current),
                {"hand": self.hand_no, "dealer": dealer, "first": self.current},
            )
        ]
        for s in range(n):
            hand = sorted(self.hands[s], key=card_order)
            events += private_event(
                s,
                "hand",
                "You are dealt %s." % " ".join(card_label(c) for c in hand),
                {"seat": s, "cards": hand},
                "{p%d} is dealt %d cards." % (s, len(hand)),
                {"seat": s, "count": len(hand)},
            )
        return events

    # ---- questions --------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.phase == "over" else self.current

    def _describe(self, move: Move, seat: int | None, names: Sequence[str]) -> str | None:
        if move.kind == "draw":
            return "Draw a card"
        if move.kind == "pass":
            return "Pass"
        melds = len(move.value)
        table = "1 meld" if melds == 1 else f"{melds} melds"
        if seat != self.current:  # the cards laid are the mover's hand: only the mover reads them
            return f"Play ({table} on the table)"
        on_table = {c for meld in self.table for c in meld}
        laid = sorted((c for meld in move.value for c in meld if c not in on_table), key=card_order)
        return f"Lay {meld_label(laid)} ({table} on the table)"

    def prompt(self) -> str:
        if self.phase == "over":
            return ""
        me = self.current
        lay = (
            "Lay melds onto the table, rearranging it as you like,"
            if self.opened[me]
            else "Open with new melds of 3 or more cards from your hand,"
        )
        return f"{lay} or {'draw a card' if self.stock else 'pass'}."

    def _legal_moves(self) -> list[Move]:
        me = self.current
        moves: list[Move] = [DRAW if self.stock else PASS]
        table = tuple(self.table)
        hand = tuple(sorted(self.hands[me], key=card_order))
        for new in _suggested_tables(table, hand, self.opened[me], self.ace_low):
            move = play_move(new)
            if move not in moves:
                moves.append(move)
        return moves

    def best_play(self) -> MachiavelliMove | None:
        """The solver's best play for the player to move (most hand cards placed, then the
        highest ranks; the table rebuilt freely once they have opened), or ``None``."""
        if self.phase == "over":
            return None
        me = self.current
        hand = tuple(sorted(self.hands[me], key=card_order))
        new = best_table(tuple(self.table), hand, self.opened[me], self.ace_low)
        return None if new is None else play_move(new)

    def _judge(self, move: Move) -> None:
        k = move.kind
        if k in ("draw", "pass"):
            if move.cards or move.target or move.value:
                raise IllegalMove("not-a-move", f"'{k}' takes nothing after it.", move)
            if k == "draw" and not self.stock:
                raise IllegalMove("stock-empty", "The stock is empty: play or pass.", move)
            if k == "pass" and self.stock:
                raise IllegalMove(
                    "must-draw",
                    "You may pass only once the stock is empty: play or draw a card.",
                    move,
                )
            return
        if k != "play":
            raise IllegalMove(
                "not-a-move", f"'{k:.20}' is not a Machiavelli move: play, draw or pass.", move
            )
        self._judge_table(move)

    def _judge_table(self, move: Move) -> None:
        """The checks of a ``play``, in the order a player would want to hear them."""
        me = self.current
        if move.cards or move.target:
            raise IllegalMove("not-a-move", "A play lists only the new table's melds.", move)
        melds = move.value
        if not melds or not all(
            isinstance(m, tuple) and all(isinstance(c, str) for c in m) for m in melds
        ):
            raise IllegalMove(
                "bad-table", "A play must list the new table as melds of cards.", move
            )
        cards = [c for m in melds for c in m]
        unknown = [c for c in cards if not is_card(c)]
        if unknown:
            raise IllegalMove("no-such-card", f"{unknown[0]!r:.20} is not a card.", move)
        twice = [c for c, n in Counter(cards).items() if n > 1]
        if twice:
            raise IllegalMove(
                "card-twice",
                f"{card_label(twice[0])} ({twice[0]}) appears twice on the new table: each "
                "card on the table belongs to exactly one meld.",
                move,
            )
        placed = set(cards)
        on_table = [c for m in self.table for c in m]
        gone = [c for c in on_table if c not in placed]
        if gone:
            raise IllegalMove(
                "table-card-missing",
                f"{card_label(gone[0])} ({gone[0]}) was on the table and must stay there: "
                "cards on the table never go back to a hand.",
                move,
            )
        table_set = set(on_table)
        hand = set(self.hands[me])
        added = [c for c in cards if c not in table_set]
        foreign = [c for c in added if c not in hand]
        if foreign:
            raise IllegalMove(
                "not-in-hand",
                f"{card_label(foreign[0])} ({foreign[0]}) is neither on the table nor in your "
                "hand.",
                move,
            )
        if not added:
            raise IllegalMove(
                "nothing-added",
                "A play must add at least one card from your hand: draw"
                + (" a card" if self.stock else " (or pass)")
                + " instead.",
                move,
            )
        for meld in melds:
            problem = meld_problem(meld, self.ace_low)
            if problem is not None:
                raise IllegalMove("bad-meld", problem, move)
        if not self.opened[me]:
            new_sets = Counter(frozenset(m) for m in melds)
            for old in self.table:
                if new_sets[frozenset(old)] <= 0:
                    raise IllegalMove(
                        "not-opened",
                        f"Until you have opened you may not touch the melds on the table "
                        f"({meld_label(old)} was changed): lay new melds from your hand only.",
                        move,
                    )
                new_sets[frozenset(old)] -= 1

    # ---- applying a decision ------------------------------------------------------------
    def _apply(self, move: Move) -> list[Event]:
        me = self.current
        if move.kind == "draw":
            card = self.stock.pop()
            self.hands[me].append(card)
            events = private_event(
                me,
                "draw",
                "You draw %s." % card_label(card),
                {"seat": me, "card": card},
                "{p%d} draws a card." % me,
                {"seat": me},
            )
            return events + self._next_turn(me)
        if move.kind == "pass":
            self.passes += 1
            events = [Event("pass", "{p%d} passes." % me, {"seat": me})]
            if self.passes >= self.players:
                return events + self._end_hand(None)
            return events + self._next_turn(me)
        return self._play(me, move.value)

    def _play(self, me: int, melds: Table) -> list[Event]:
        on_table = {c for m in self.table for c in m}
        added = [c for m in melds for c in m if c not in on_table]
        added_set = set(added)
        self.hands[me] = [c for c in self.hands[me] if c not in added_set]
        self.table = [sort_meld(m, self.ace_low) for m in melds]
        first = not self.opened[me]
        self.opened[me] = True
        self.passes = 0
        shown = sorted(added, key=card_order)
        events = [
            Event(
                "play",
                "{p%d} %s %d card%s: %s."
                % (
                    me,
                    "opens with" if first else "lays",
                    len(added),
                    "" if len(added) == 1 else "s",
                    " ".join(card_label(c) for c in shown),
                ),
                {"seat": me, "added": shown, "table": [list(m) for m in self.table]},
            )
        ]
        if not self.hands[me]:
            hand_no = self.hand_no
            after = self._end_hand(me)
            if self.hand_no != hand_no:
                # A new hand was dealt at once: the same cards are hidden again, so the play
                # is told without naming them (the text shows faces, never ids).
                events = [Event("play", events[0].text, {"seat": me, "count": len(added)})]
            return events + after
        return events + self._next_turn(me)

    def _next_turn(self, me: int) -> list[Event]:
        self.current = (me + 1) % self.players
        return []

    def _end_hand(self, out: int | None) -> list[Event]:
        """Score the hand: penalty points of the cards left; then the match goes on or ends."""
        n = self.players
        points = [sum(penalty(c) for c in self.hands[s]) for s in range(n)]
        counts = [len(self.hands[s]) for s in range(n)]
        winners = self._hand_winners(out, points, counts)
        if out is not None:
            reason = "{p%d} plays their last card and wins the hand." % out
        else:
            reason = "The stock is empty and everyone passed in a row: " + (
                "{p%d} wins the hand with the fewest penalty points." % winners[0]
                if len(winners) == 1
                else "the hand is shared by "
                + " and ".join("{p%d}" % s for s in winners)
                + " (fewest points, fewest cards)."
            )
        for s in range(n):
            self.totals[s] += points[s]
        self.records.append(
            {
                "hand": self.hand_no,
                "out": out,
                "points": points,
                "cards": counts,
                "winners": list(winners),
            }
        )
        # Hand scores name no card: in a match the same cards are dealt again at once.
        events = [
            Event(
                "hand-end",
                "Hand %d is over. %s Penalty points: %s."
                % (
                    self.hand_no,
                    reason,
                    ", ".join("{p%d} %d" % (s, points[s]) for s in range(n)),
                ),
                {
                    "hand": self.hand_no,
                    "out": out,
                    "points": points,
                    "cards": counts,
                    "winners": list(winners),
                },
            )
        ]
        if self.match and max(self.totals) < MATCH_TARGET:
            # Source, "Choose the dealer": winners deal the next hands.
            return events + self._deal(winners[0], None)
        self.phase = "over"
        self.end_reason = reason
        return [*events, Event("end", "The game is over.", {})]

    def _hand_winners(self, out: int | None, points: list[int], counts: list[int]) -> list[int]:
        if out is not None:
            return [out]
        best = min(zip(points, counts, strict=True))
        order = [(self.dealer + 1 + i) % self.players for i in range(self.players)]
        return [s for s in order if (points[s], counts[s]) == best]

    # ---- end -----------------------------------------------------------------------------
    def provisional_scores(self) -> tuple[float, ...]:
        """Minus the penalty points so far (finished hands plus the cards now in hand)."""
        if self.phase == "over":
            return tuple(-float(t) for t in self.totals)
        return tuple(
            -float(self.totals[s] + sum(penalty(c) for c in self.hands[s]))
            for s in range(self.players)
        )

    def outcome(self) -> Outcome:
        if not self.over:
            raise ValueError("The game is not over yet.")
        scores = tuple(-float(t) for t in self.totals)
        breakdown: dict[str, Any] = {
            "penalties": list(self.totals),
            "hands": [dict(r) for r in self.records],
            "match": self.match,
            "end": self.end_reason,
            # The cards each player was left holding: every hand is shown when the game ends
            # (view), and they are what the last hand's penalty points count.
            "left": [sorted(h, key=card_order) for h in self.hands],
        }
        if not self.match:
            last = self.records[-1]
            winners = tuple(sorted(last["winners"]))
            names = " and ".join("{p%d}" % s for s in winners)
            if last["out"] is not None:
                detail = "{p%d} plays every card and wins." % last["out"]
            elif len(winners) == 1:
                detail = "The stock is empty and everyone passed in a row. "
                detail += "%s wins with the fewest penalty points (%d)." % (
                    names,
                    last["points"][winners[0]],
                )
            else:
                detail = (
                    "The stock is empty and everyone passed in a row. "
                    "%s share the win: same penalty points and cards." % names
                )
            return Outcome(scores, winners, detail, breakdown)
        low = min(self.totals)
        winners = tuple(s for s in range(self.players) if self.totals[s] == low)
        names = " and ".join("{p%d}" % s for s in winners)
        reached = [s for s in range(self.players) if self.totals[s] >= MATCH_TARGET]
        detail = "%s reach%s %d penalty points after %d hand%s; %s win%s with the fewest (%d)." % (
            " and ".join("{p%d}" % s for s in reached),
            "es" if len(reached) == 1 else "",
            MATCH_TARGET,
            self.hand_no,
            "" if self.hand_no == 1 else "s",
            names,
            "s" if len(winners) == 1 else "",
            low,
        )
        return Outcome(scores, winners, detail, breakdown)

    # ---- what each seat sees -----------------------------------------------------------------
    def view(self, seat: int | None) -> MachiavelliView:
        over = self.phase == "over"
        hands: list[list[str] | None] = [
            sorted(self.hands[s], key=card_order) if over or s == seat else None
            for s in range(self.players)
        ]
        mine = None
        if seat is not None and 0 <= seat < self.players:
            mine = sum(penalty(c) for c in self.hands[seat])
        return {
            "game": "machiavelli",
            "viewer": seat,
            "players": self.players,
            "phase": self.phase,
            "to_move": self.to_move,
            "over": over,
            "hand_number": self.hand_no,
            "dealer": self.dealer,
            "table": [list(m) for m in self.table],
            "hands": hands,
            "hand_counts": [len(h) for h in self.hands],
            "stock_count": len(self.stock),
            "opened": list(self.opened),
            "passes": self.passes,
            "ace_low_or_high": self.ace_low,
            "match": self.match,
            "totals": list(self.totals),
            "my_penalty": mine,
            "hands_played": [dict(r) for r in self.records],
            "end_reason": self.end_reason,
        }

    def hidden_cards(self, seat: int | None) -> set[str]:
        hidden = set(self.stock)
        if self.phase != "over":
            for s in range(self.players):
                if s != seat:
                    hidden.update(self.hands[s])
        return hidden

    def census(self) -> list[str]:
        out = [c for m in self.table for c in m] + list(self.stock)
        for h in self.hands:
            out += h
        return out

    def determinize(self, seat: int, rng: random.Random) -> Machiavelli:
        """A copy where the rivals' hands and the stock are dealt again from what ``seat``
        cannot see (the hand sizes stay)."""
        copy = self._determinized_copy(seat, rng)
        assert isinstance(copy, Machiavelli)
        if self.phase == "over":
            return copy
        others = [s for s in range(self.players) if s != seat]
        # Sorted first: the result must not depend on the hidden order.
        pool = sorted([c for s in others for c in self.hands[s]] + self.stock)
        rng.shuffle(pool)
        for s in others:
            n = len(self.hands[s])
            copy.hands[s], pool = pool[:n], pool[n:]
        copy.stock = pool
        return copy

    # ---- notation ---------------------------------------------------------------------------
    def parse_move(self, text: str) -> MachiavelliMove:
        """Read ``draw``, ``pass`` or ``play 10H.1-JH.1-QH.2 …``; raise
        IllegalMove('bad-notation') for anything else."""
        if not isinstance(text, str):
            raise IllegalMove("bad-notation", "A move must be written as text.", text)
        words = text.split()
        head = words[0].lower() if words else ""
        if head in ("draw", "pass") and len(words) == 1:
            return DRAW if head == "draw" else PASS
        if head == "play" and len(words) > 1:
            melds = []
            for word in words[1:]:
                meld = tuple(_card_id(c) for c in word.split("-"))
                if not all(meld):
                    bad = next(c for c in word.split("-") if _card_id(c) is None)
                    reason = _not_a_card(bad)
                    if reason is not None:
                        raise IllegalMove(
                            "bad-notation", f"'{bad[:12]}' is not a card: {reason}.", text
                        )
                    break
                melds.append(meld)
            else:
                return play_move(melds)  # type: ignore[arg-type]
        raise IllegalMove(
            "bad-notation",
            f"'{text[:40]}' is not a Machiavelli move (try 'draw', 'pass' or "
            "'play 10H.1-JH.1-QH.2 5S.1-5H.2-5D.1': the whole new table, one meld per word, "
            "its cards joined by '-').",
            text,
        )


def _card_id(word: str) -> str | None:
    """Card ids in any case: ``qh.2`` -> ``QH.2``; ``None`` if it is not one."""
    guess = word.upper()
    return guess if guess in FACE else None


_CARD_WORD = re.compile(r"(\d+|[A-Z])([A-Z])(?:\.(\d+))?")


def _not_a_card(word: str) -> str | None:
    """Why a word written like a card names none of the 104 (the deck's rule it breaks), or
    ``None`` if it does not even look like a card."""
    upper = word.upper()
    if upper.split(".")[0] in ("JOKER", "JK", "JO"):
        return "the game is played without jokers"
    found = _CARD_WORD.fullmatch(upper)
    if found is None:
        return None
    rank, suit, deck = found.groups()
    if rank not in RANKS:
        if rank == "1":
            return "there is no 1, the ace is written A (as in AH.1)"
        return "the ranks are 2 to 10, J, Q, K and A"
    if suit not in SUITS:
        return "the suits are S (spades), H (hearts), D (diamonds) and C (clubs)"
    if deck is None:
        return f"with two decks every card exists twice: write {rank}{suit}.1 or {rank}{suit}.2"
    return f"there are only two decks: {rank}{suit}.1 and {rank}{suit}.2"


# ---- suggested plays (representative legal moves) --------------------------------------------
@lru_cache(maxsize=2048)
def _suggested_tables(
    table: Table, hand: tuple[str, ...], opened: bool, ace_low: bool
) -> tuple[Table, ...]:
    """A few legal new tables for a player holding ``hand``, all cheap to find (random
    playouts and searches list them at every step): the most cards the hand can lay as new
    melds of its own (the solver, hand only), one new meld of 3, and one card laid off at the
    end of a meld. The full rearranging search is :func:`best_table` (cached: clones,
    determinized copies and replays ask the same question again)."""
    out: list[Table] = []
    from .solver import solve_opening  # here: see the note at the top of solver.py

    own = solve_opening([FACE[c] for c in hand], ace_low)
    if own is not None and own.placed:
        out.append((*table, *_as_ids(own.melds, [], hand, ace_low)))
    meld = _one_meld(hand, ace_low)
    if meld is not None:
        out.append((*table, meld))
    if opened:
        laid = _lay_off(table, hand, ace_low)
        if laid is not None:
            out.append(laid)
    return tuple(out)


@lru_cache(maxsize=256)
def best_table(table: Table, hand: tuple[str, ...], opened: bool, ace_low: bool) -> Table | None:
    """The solver's best play as a whole new table of card ids, or ``None`` when no card can
    be placed. After opening the table may be rebuilt completely; before, its melds stay as
    they are and new melds from the hand follow."""
    from .solver import solve, solve_opening  # here: see the note at the top of solver.py

    hand_faces = [FACE[c] for c in hand]
    if not opened:
        found = solve_opening(hand_faces, ace_low)
        if found is None or not found.placed:
            return None
        return (*table, *_as_ids(found.melds, [], hand, ace_low))
    on_table = [c for m in table for c in m]
    found = solve([FACE[c] for c in on_table], hand_faces, ace_low)
    if found is None or not found.placed:
        return None
    return _as_ids(found.melds, on_table, hand, ace_low)


def _as_ids(
    melds: Sequence[Sequence[tuple[int, int]]],
    table_cards: Sequence[str],
    hand: Sequence[str],
    ace_low: bool,
) -> Table:
    """Solver melds (faces) as card ids: table cards first (they must all be used), then
    hand cards."""
    pools: dict[tuple[int, int], list[str]] = {}
    for c in [*table_cards, *hand]:
        pools.setdefault(FACE[c], []).append(c)
    return tuple(sort_meld([pools[f].pop(0) for f in meld], ace_low) for meld in melds)


def _one_meld(hand: tuple[str, ...], ace_low: bool) -> tuple[str, ...] | None:
    """The first set or run of exactly 3 cards the hand holds."""
    by_face: dict[tuple[int, int], str] = {}
    for c in hand:
        by_face.setdefault(FACE[c], c)
    for r in range(13):
        suits = [by_face[(r, s)] for s in range(4) if (r, s) in by_face]
        if len(suits) >= 3:
            return tuple(suits[:3])
    for s in range(4):
        starts = range(-1, 11) if ace_low else range(11)
        for low in starts:
            faces = [((r if r >= 0 else ACE), s) for r in range(low, low + 3)]
            if all(f in by_face for f in faces):
                return sort_meld([by_face[f] for f in faces], ace_low)
    return None


def _lay_off(table: Table, hand: tuple[str, ...], ace_low: bool) -> Table | None:
    """The table with one hand card added to one meld (a run's end or a set of 3)."""
    held: dict[tuple[int, int], str] = {}
    for c in hand:
        held.setdefault(FACE[c], c)
    for i, meld in enumerate(table):
        faces = [FACE[c] for c in meld]
        rank, suit = faces[0]
        if all(r == rank for r, _ in faces):
            wanted = [(rank, s) for s in range(4) if (rank, s) not in faces]
        else:
            ranks = [r for r, _ in faces]
            wanted = [(r, suit) for r in (min(ranks) - 1, max(ranks) + 1) if 0 <= r <= ACE]
            if ace_low:
                wanted.append((ACE, suit))
        for face in wanted:
            card = held.get(face)
            if card is not None and is_meld([*faces, face], ace_low):
                return (*table[:i], sort_meld((*meld, card), ace_low), *table[i + 1 :])
    return None


SPEC = register(
    GameSpec(
        id="machiavelli",
        title="Machiavelli",
        pitch="Rummy with two decks where every meld on the table is everyone's: rebuild the "
        "table as you like to empty your hand first.",
        min_players=2,
        max_players=6,
        options=(
            OptionSpec(
                "match",
                "bool",
                False,
                "Match to 100",
                "Play several hands, adding up penalty points; when someone reaches 100, the "
                "fewest points win.",
            ),
            OptionSpec(
                "ace_low_or_high",
                "bool",
                False,
                "Ace low or high",
                "An ace may also start a run before the 2 (A 2 3), never at both ends.",
            ),
            OptionSpec(
                "deck",
                "card-list",
                None,
                "Fixed deck",
                "All 104 card ids (2S.1 … AC.2) from the top: 14 cards to each player from "
                "the one after the dealer (the last seat deals the first hand), the rest is "
                "the stock, its top card first. Later hands of a match are shuffled.",
                advanced=True,
            ),
        ),
        factory=Machiavelli,
        rules_file="machiavelli.md",
        test_configs=(
            (2, {}),
            (3, {"ace_low_or_high": True}),
            (4, {}),
            (5, {"match": True}),
            (6, {"match": True, "ace_low_or_high": True}),
        ),
        # Shortest: a single hand the first player wins by laying all 14 cards as new melds.
        shape=GameShape(simultaneous="none", decisions="both", shortest=1),
    )
)
Machiavelli.spec = SPEC
