"""Sealed Bids: the worked example of a game with simultaneous secret decisions.

Two to four players each hold the bidding cards 1 to 5 (``a1`` … ``a5`` for the first seat,
``b1`` … for the second and so on). Five rounds: a prize (``P1`` … ``P5``, shuffled) is turned
up, every seat bids one card face down, then the bids are revealed and the highest single bid
wins the prize (a tie for highest wins nothing). Most prize points wins.

The bids are meant to be taken at once. The rules take them one seat after another
(``GameShape(simultaneous="in-turn")``) and keep each one hidden until all are in: a pending
bid is never in another seat's view, in the events it sees, in its legal moves or in the
words for a move; and since every seat knows which cards a rival has left (its bids so far
were revealed), the rival's hand is not shown either while its bid is pending — the card
missing from it would be the bid (a leak by deduction).

Like High Card it builds :data:`SPEC` without registering it; the tests register it for the
length of a test.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from importlib.resources import files
from typing import Any, ClassVar

from rules.core import (
    Event,
    Game,
    GameShape,
    GameSpec,
    IllegalMove,
    Move,
    Outcome,
    private_event,
)
from rules.state import HANDS, LIST, LISTS, Kind

GAME_ID = "sealedbids"
ROUNDS = 5
TABLE = "table"
PRIZES = tuple(f"P{v}" for v in range(1, ROUNDS + 1))

REFUSALS: dict[str, str] = {
    "bad-notation": "the text is not a Sealed Bids move",
    "not-a-bid": "every decision of the game is a card bid on the table",
    "not-in-hand": "the player does not hold the card",
}


def value_of(card: str) -> int:
    return int(card[1:])


def seat_cards(seat: int) -> list[str]:
    return [f"{'abcd'[seat]}{v}" for v in range(1, ROUNDS + 1)]


def card_name(card: str) -> str:
    """How a player calls a card: "the prize 4", "a bid of 3"."""
    return f"the prize {value_of(card)}" if card.startswith("P") else f"a bid of {value_of(card)}"


class BidMove(Move):
    """``bid a3``: lay the 3 face down as this round's bid."""

    def __str__(self) -> str:
        if self.kind == "bid" and len(self.cards) == 1 and self.target == TABLE:
            return f"bid {self.cards[0]}"
        return super().__str__()


def bid(card: str) -> BidMove:
    return BidMove("bid", cards=(card,), target=TABLE)


def _copy_rounds(rounds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [dict(r, bids=list(r["bids"])) for r in rounds]


class SealedBids(Game):
    move_type: ClassVar[type[Move]] = BidMove
    # Every attribute of the position and its kind (rules/state.py): clone() and snapshot()
    # follow from this list.
    STATE: ClassVar[Mapping[str, Kind]] = {
        "hands": HANDS,
        "prizes": LIST,
        "bids": LIST,  # this round's, face down
        "rounds": Kind(_copy_rounds, _copy_rounds),
        "won": LISTS,
    }

    def __init__(self, players: int, seed: int | None, options: Mapping[str, Any]) -> None:
        super().__init__(players, seed, options)
        self.hands: list[list[str]] = [seat_cards(s) for s in range(players)]
        self.prizes: list[str] = list(PRIZES)
        self.rng.shuffle(self.prizes)  # the prize deck, its top first
        self.bids: list[str | None] = [None] * players  # this round's, face down
        self.rounds: list[dict[str, Any]] = []  # {"prize", "bids" (by seat), "winner"}
        self.won: list[list[str]] = [[] for _ in range(players)]
        self.opening_events = [self._turned_up()]

    def _turned_up(self) -> Event:
        prize = self.prizes[0]
        return Event("prize", "Up for bids: %s." % card_name(prize), {"prize": prize})

    # ---- questions --------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        if len(self.rounds) == ROUNDS:
            return None
        return self.bids.index(None)  # seat order; the round ends when all have bid

    def _legal_moves(self) -> list[Move]:
        # Only the mover's own hand decides: never another seat's pending bid.
        return [bid(c) for c in self.hands[self.mover]]

    def _describe(self, move: Move, seat: int | None, names: Sequence[str]) -> str | None:
        return f"Bid {value_of(move.cards[0])}" if move.cards else None

    def prompt(self) -> str:
        return "" if self.over else "Bid one card face down for %s." % card_name(self.prizes[0])

    def _explain(self, move: Move) -> IllegalMove | None:
        if move.kind != "bid" or len(move.cards) != 1 or move.target != TABLE:
            return IllegalMove("not-a-bid", "Bid one of your cards on the table.", move)
        if move.cards[0] not in self.hands[self.mover]:
            return IllegalMove("not-in-hand", "You do not hold that card.", move)
        return None

    # ---- playing ----------------------------------------------------------------------
    def _apply(self, move: Move) -> list[Event]:
        me, card = self.mover, move.cards[0]
        self.hands[me].remove(card)
        self.bids[me] = card
        events = private_event(
            me,
            "bid",
            "{p%d} bids %d face down." % (me, value_of(card)),
            {"seat": me, "card": card},
            "{p%d} bids face down." % me,
            {"seat": me},
            reveals=(),
        )
        if None not in self.bids:
            events.append(self._reveal())
        return events

    def _reveal(self) -> Event:
        bids = [b for b in self.bids if b is not None]
        prize = self.prizes.pop(0)
        best = max(value_of(b) for b in bids)
        top = [s for s, b in enumerate(bids) if value_of(b) == best]
        winner = top[0] if len(top) == 1 else None
        if winner is not None:
            self.won[winner].append(prize)
        self.rounds.append({"prize": prize, "bids": bids, "winner": winner})
        self.bids = [None] * self.players
        shown = ", ".join("{p%d} %d" % (s, value_of(b)) for s, b in enumerate(bids))
        result = "{p%d} wins it" % winner if winner is not None else "a tie: nobody wins it"
        event = Event(
            "reveal",
            "Bids for %s: %s; %s." % (card_name(prize), shown, result),
            {"prize": prize, "bids": list(bids), "winner": winner},
        )
        if not self.over:
            text = event.text + " Next up: %s." % card_name(self.prizes[0])
            event = Event(event.kind, text, event.data)
        return event

    # ---- the end ----------------------------------------------------------------------
    def _points(self) -> list[int]:
        return [sum(value_of(p) for p in won) for won in self.won]

    def provisional_scores(self) -> tuple[float, ...]:
        return tuple(float(p) for p in self._points())

    def outcome(self) -> Outcome:
        if not self.over:
            raise ValueError("The game is not over yet.")
        points = self._points()
        best = max(points)
        winners = tuple(s for s, p in enumerate(points) if p == best)
        detail = "Most prize points: %d." % best
        breakdown = {"rounds": [dict(r, bids=list(r["bids"])) for r in self.rounds]}
        return Outcome(tuple(points), winners, detail, breakdown)

    # ---- what each seat sees ----------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "game": GAME_ID,
            "viewer": seat,
            "players": self.players,
            "to_move": self.to_move,
            "over": self.over,
            "prize": self.prizes[0] if self.prizes else None,
            "prizes_left": len(self.prizes),
            # A rival's hand is a count: its cards are known, less the one it bid, so the
            # hand itself would show the pending bid.
            "hands": [sorted(h) if s == seat else None for s, h in enumerate(self.hands)],
            "hand_counts": [len(h) for h in self.hands],
            "bid": [b is not None for b in self.bids],
            "my_bid": self.bids[seat] if seat is not None else None,
            "rounds": [dict(r, bids=list(r["bids"])) for r in self.rounds],
            "points": self._points(),
        }

    def hidden_cards(self, seat: int | None) -> set[str]:
        hidden = set(self.prizes[1:])  # the prize deck under the top prize
        for s in range(self.players):
            if s != seat:
                hidden.update(self.hands[s])
                if self.bids[s] is not None:
                    hidden.add(self.bids[s])
        return hidden

    def census(self) -> list[str]:
        bids = [b for b in self.bids if b is not None]
        spent = [b for r in self.rounds for b in r["bids"]]
        won = [r["prize"] for r in self.rounds]
        return [c for h in self.hands for c in h] + bids + spent + self.prizes + won

    def determinize(self, seat: int, rng: random.Random) -> SealedBids:
        """A copy in which each rival's pending bid is one of the cards it has left, and the
        prizes under the top one are shuffled again."""
        copy = self._determinized_copy(seat, rng)
        assert isinstance(copy, SealedBids)
        for s in range(self.players):
            pending = self.bids[s]
            if s == seat or pending is None:
                continue
            pool = sorted([*self.hands[s], pending])  # sorted: the guess ignores the truth
            guess = pool.pop(rng.randrange(len(pool)))
            copy.hands[s], copy.bids[s] = pool, guess
        rest = sorted(self.prizes[1:])
        rng.shuffle(rest)
        copy.prizes = self.prizes[:1] + rest
        return copy

    # ---- notation ---------------------------------------------------------------------
    def parse_move(self, text: str) -> BidMove:
        words = text.split() if isinstance(text, str) else []
        if len(words) == 2 and words[0].lower() == "bid" and len(words[1]) == 2:
            card = words[1].lower()
            if card[0] in "abcd" and card[1].isdigit():
                return bid(card)
        raise IllegalMove(
            "bad-notation", f"'{str(text)[:40]}' is not a Sealed Bids move (try 'bid a3').", text
        )


SPEC = GameSpec(
    id=GAME_ID,
    title="Sealed Bids",
    pitch="Five prizes; everyone bids a card face down; the highest single bid wins.",
    min_players=2,
    max_players=4,
    options=(),
    factory=SealedBids,
    rules_file=str(files(__package__ or "example_game").joinpath("sealedbids.md")),
    test_configs=((2, {}), (3, {}), (4, {})),
    # Every round is one bid from each seat: 5 rounds of 2 at the smallest table.
    shape=GameShape(simultaneous="in-turn", decisions="cards", shortest=ROUNDS * 2),
)
SealedBids.spec = SPEC
