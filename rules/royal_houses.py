"""Royal Houses: a two-player duel of influence and gifts over six Royal Houses.

Source: ``shared/sources/003_fe70a3d6d016cd02.txt``; house readings in RULES-NOTES.md.
Cards are named by house initial and number: ``"A5"`` is the 5 of Artois.

Decisions, in order: the garnet holder chooses to go first or second; each player places
six counters, one at a time (first player first); then turns of *play* (with the follow-up
choices of cards 1, 5 and 7) and *gift*. Drawing is automatic.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, TypedDict

from .core import (
    Event,
    Game,
    GameOverError,
    GameShape,
    GameSpec,
    IllegalMove,
    Move,
    OptionSpec,
    Outcome,
    SetupError,
    private_event,
    register,
    sentence_start,
)
from .state import DICT, DICTS, HANDS, LIST, LISTS, SETS, VALUE, Kind

# Every refusal code this game raises (besides core.GENERIC_REFUSALS): code -> what it means.
REFUSALS: dict[str, str] = {
    "bad-notation": "the text is not a Royal Houses move",
    "counter-used": "the player has already placed that counter",
    "empty-house": "card 5 takes influence from a house that has none",
    "gift-back": "a card given on the previous turn cannot be given back",
    "gift-must-match": "after the rival's 3, the gift must be of that house",
    "house-has-counter": "the house already holds one of the player's counters",
    "negative": "an amount of influence below zero",
    "no-such-card": "the move does not name a card of the deck",
    "no-such-counter": "the counter or the house named does not exist",
    "not-in-hand": "the player does not hold the card",
    "same-house": "card 1, 5 or 7 names the same house twice",
    "too-much": "more influence than the card moves or than the house holds",
    "wrong-house": "a card is played only on its own house",
    "wrong-step": "the move belongs to another step of the turn",
    "wrong-target": "a gift goes to the rival's hand",
}

HOUSES = ("Artois", "Bellerophon", "Castellia", "De Bourgogne", "Ellicta", "Febrois")
INITIALS = "ABCDEF"
COUNTERS = (-2, 0, 1, 2, 3, 5)
CARDS = tuple(f"{INITIALS[h]}{n}" for h in range(6) for n in range(1, 9))
FIRST_HAND, SECOND_HAND = 8, 7
MOVE_CAP = {5: 3, 7: 4}  # card 5 moves up to 3 influence in, card 7 up to 4 out
ACTIONS = {
    1: "Look at the rival's counter here; you may swap two of yours.",
    2: "Place 2 influence here.",
    3: "Place 1 influence; the rival's next gift must be of this house.",
    4: "Place 4 influence here.",
    5: "Move up to 3 influence from another house into this one.",
    6: "Place 6 influence here.",
    7: "Move up to 4 influence from this house into another.",
    8: "Place 8 influence here.",
}


def house_of(card: str) -> int:
    return INITIALS.index(card[0])


def number_of(card: str) -> int:
    return int(card[1:])


def card_name(card: str) -> str:
    return f"the {number_of(card)} of {HOUSES[house_of(card)]}"


def _zone(h: int) -> str:
    return "house:" + HOUSES[h]


def _signed(v: int) -> str:
    return f"{v:+d}" if v else "+0"


class RoyalMove(Move):
    """A Royal Houses decision with the game's short notation.

    ``go first`` · ``counter +5 A`` · ``play A5`` · ``keep`` · ``swap A C`` · ``from B`` ·
    ``to B`` · ``shift 2 1`` (your influence, then the rival's) · ``gift C3``.
    """

    def __str__(self) -> str:
        try:
            return self._notation()
        except (IndexError, TypeError, ValueError, AttributeError):
            return super().__str__()  # a malformed move still prints, in the generic form

    def _notation(self) -> str:
        k = self.kind
        if k == "order":
            return f"go {self.value[0]}"
        if k == "counter":
            return f"counter {_signed(self.value[0])} {_initial(self.target)}"
        if k in ("play", "gift"):
            return f"{k} {self.cards[0]}"
        if k == "swap":
            return f"swap {self.value[0][0]} {self.value[1][0]}"
        if k == "source":
            return f"from {_initial(self.target)}"
        if k == "dest":
            return f"to {_initial(self.target)}"
        if k == "shift":
            return f"shift {self.value[0]} {self.value[1]}"
        return k  # keep


def _house_of_zone(zone: str) -> int:
    """The house a legal move's zone names (``house:Artois`` -> 0)."""
    return HOUSES.index(zone.removeprefix("house:"))


def _initial(zone: str) -> str:
    return zone.removeprefix("house:")[0]


# Every decision of the game exists once; reusing them keeps playouts fast.
ORDER = {c: RoyalMove("order", value=(c,)) for c in ("first", "second")}
COUNTER = {
    (v, h): RoyalMove("counter", target=_zone(h), value=(v,)) for v in COUNTERS for h in range(6)
}
PLAY = {c: RoyalMove("play", cards=(c,), target=_zone(house_of(c))) for c in CARDS}
GIFT = {
    (c, seat): RoyalMove("gift", cards=(c,), target=f"hand:{seat}")
    for c in CARDS
    for seat in (0, 1)
}
KEEP = RoyalMove("keep")
SWAP = {
    (a, b): RoyalMove("swap", value=(HOUSES[a], HOUSES[b]))
    for a in range(6)
    for b in range(a + 1, 6)
}
SOURCE = {h: RoyalMove("source", target=_zone(h)) for h in range(6)}
DEST = {h: RoyalMove("dest", target=_zone(h)) for h in range(6)}
SHIFT = {(m, t): RoyalMove("shift", value=(m, t)) for m in range(5) for t in range(5)}


# ---- what view(seat) returns

# The card 5 or 7 being resolved: its card and house, then (card 5 and 7, once chosen) where
# influence moves from and to and how much may move ("from" is a keyword: functional form).
RoyalPending = TypedDict(
    "RoyalPending",
    {"card": str, "house": str, "from": str, "to": str, "cap": int},
    total=False,
)


class RoyalHousesView(TypedDict):
    """What :meth:`RoyalHouses.view` shows a seat (``viewer``; ``None``: the public table).
    Per-seat lists are indexed by seat; houses are named in full (``"Artois"``)."""

    game: Literal["royal_houses"]
    viewer: int | None
    players: int
    phase: str
    to_move: int | None
    over: bool
    chooser: int
    first: int | None
    turn: int
    final_turn: bool
    houses: list[str]
    influence: list[list[int]]  # [seat][house index]
    deck_count: int
    hands: list[list[str] | None]  # None: hidden from the viewer
    hand_counts: list[int]
    known_in_hand: list[list[str]]  # [seat]: the viewer's cards that seat knows of
    counters: list[dict[str, int]]  # [seat]: house -> counter, as far as the viewer knows
    counters_placed: list[list[str]]  # [seat]: houses holding one of that seat's counters
    played: list[str]
    received: list[str | None]
    gift_must: list[str | None]  # [seat]: the house its next gift must be of
    pending: RoyalPending  # {} when nothing is being resolved


def _house_name(initial_or_zone: str) -> str:
    """``"A"`` or ``"house:Artois"`` -> ``"Artois"``."""
    name = initial_or_zone.removeprefix("house:")
    if len(name) == 1 and name in INITIALS:
        return HOUSES[INITIALS.index(name)]
    return name


@dataclass(frozen=True)
class HouseScore:
    """One row of the scoring table (index 0 and 1 are the seats)."""

    house: str
    influence: tuple[int, int]
    counters: tuple[int, int]
    bonus: int
    majority: int | None
    hand_sums: tuple[int, int]
    vetoed: tuple[bool, bool]
    points: tuple[int, int]


def score_house(
    house: str, influence: tuple[int, int], counters: tuple[int, int], hand_sums: tuple[int, int]
) -> HouseScore:
    """Score one house (source, "Game End"; RULES-NOTES: bonus only for STRICTLY more influence,
    veto when the rival's hand holds a higher sum of this house's numbers)."""
    bonus = counters[0] + counters[1]
    if influence[0] > influence[1]:
        majority: int | None = 0
    elif influence[1] > influence[0]:
        majority = 1
    else:
        majority = None
    points = []
    vetoed = []
    for seat in (0, 1):
        veto = hand_sums[1 - seat] > hand_sums[seat]
        raw = influence[seat] + (bonus if majority == seat else 0)
        vetoed.append(veto)
        points.append(0 if veto else raw)
    return HouseScore(
        house,
        influence,
        counters,
        bonus,
        majority,
        hand_sums,
        (vetoed[0], vetoed[1]),
        (points[0], points[1]),
    )


class RoyalHouses(Game):
    # 2: a card 3 with no gift to follow (deck empty) imposes no gift obligation.
    RULES_VERSION: ClassVar[int] = 2
    move_type: ClassVar[type[Move]] = RoyalMove
    STATE: ClassVar[Mapping[str, Kind]] = {
        "phase": VALUE,
        "chooser": VALUE,
        "first": VALUE,
        "current": VALUE,
        "turn": VALUE,
        "final_turn": VALUE,
        "deck": LIST,
        "hands": HANDS,
        "influence": LISTS,
        "counters": DICTS,
        "known_counters": DICTS,
        "known_hand": SETS,
        "received": LIST,
        "gift_house": LIST,
        "played": LIST,
        "pending": DICT,
    }

    def __init__(self, players: int, seed: int | None, options: Mapping[str, Any]) -> None:
        super().__init__(players, seed, options)
        garnets = self.options["garnets"]
        if garnets[0] != garnets[1]:
            self.chooser = 0 if garnets[0] > garnets[1] else 1
            why = "has more garnets"
        else:
            self.chooser = self.rng.randrange(2)
            why = "wins the coin toss" if garnets[0] == 0 else "wins the coin toss (garnets tied)"
        deck = self.options.get("deck")
        if deck is None:
            order = list(CARDS)
            self.rng.shuffle(order)
        else:
            if sorted(deck) != sorted(CARDS):
                raise SetupError("A fixed deck must list each of the 48 cards (A1 … F8) once.")
            order = list(deck)
        # Stored reversed so that the next card to draw is at the end (cheap pop()).
        self.deck: list[str] = order[::-1]
        self.phase = "order"
        self.first: int | None = None
        self.current: int | None = self.chooser
        self.turn = 0
        self.final_turn = False
        self.hands: list[list[str]] = [[], []]
        self.influence = [[0] * 6, [0] * 6]
        self.counters: list[dict[int, int]] = [{}, {}]
        self.known_counters: list[dict[int, int]] = [{}, {}]  # [s]: rival counters s has seen
        self.known_hand: list[set[str]] = [set(), set()]  # [s]: cards s knows the rival holds
        self.received: list[str | None] = [None, None]
        self.gift_house: list[int | None] = [None, None]
        self.played: list[str] = []
        self.pending: dict[str, Any] = {}
        self.opening_events = [
            Event(
                "order",
                "{p%d} %s and chooses who plays first." % (self.chooser, why),
                {"chooser": self.chooser},
            )
        ]

    # ---- questions ---------------------------------------------------------------
    def secret_round(self) -> Hashable | None:
        """The counters are laid face down by both players before play (one round)."""
        return ("counters",) if self.phase == "counters" else None

    @property
    def to_move(self) -> int | None:
        if self.phase == "over":
            return None
        if self.phase == "order":
            return self.chooser
        if self.phase == "counters":
            first = self.first_player
            return first if len(self.counters[first]) < 6 else 1 - first
        return self.current

    @property
    def first_player(self) -> int:
        """The seat that plays first (chosen in the "order" phase, before anything else)."""
        if self.first is None:
            raise GameOverError("Nobody has chosen to go first yet.")
        return self.first

    def _legal_moves(self) -> list[Move]:
        phase, me = self.phase, self.mover
        if phase == "order":
            return [ORDER["first"], ORDER["second"]]
        if phase == "counters":
            mine = self.counters[me]
            used = set(mine.values())
            return [
                COUNTER[v, h] for v in COUNTERS if v not in used for h in range(6) if h not in mine
            ]
        if phase == "play":
            return [PLAY[c] for c in sorted(self.hands[me])]
        if phase == "swap":
            return [KEEP, *SWAP.values()]
        if phase == "source":
            here = self.pending["house"]
            return [SOURCE[h] for h in range(6) if h != here and self._total(h) > 0]
        if phase == "dest":
            here = self.pending["house"]
            return [DEST[h] for h in range(6) if h != here]
        if phase == "amount":
            src, cap = self.pending["from"], self.pending["cap"]
            mine = min(self.influence[me][src], cap)
            return [
                SHIFT[m, t]
                for m in range(mine + 1)
                for t in range(min(self.influence[1 - me][src], cap - m) + 1)
            ]
        if phase == "gift":
            return [GIFT[c, 1 - me] for c in self._giftable(me)]
        return []

    def _giftable(self, me: int) -> list[str]:
        hand = sorted(c for c in self.hands[me] if c != self.received[me])
        forced = self.gift_house[me]
        if forced is not None:
            eligible = [c for c in hand if house_of(c) == forced]
            if eligible:
                return eligible
        return hand

    def _total(self, h: int) -> int:
        return self.influence[0][h] + self.influence[1][h]

    def _describe(self, move: Move, seat: int | None, names: Sequence[str]) -> str | None:
        k = move.kind
        if k == "order":
            return f"Go {move.value[0]}"
        if k == "keep":
            return "Keep my counters"
        if k == "swap":
            return f"Swap {move.value[0]} ↔ {move.value[1]}"
        if k == "shift":
            mine, theirs = move.value
            if not mine and not theirs:
                return "Move nothing"
            parts = []
            if mine:
                parts.append(f"{mine} of mine")
            if theirs:
                parts.append(f"{theirs} of theirs")
            return "Move " + " + ".join(parts)
        if k in ("source", "dest"):
            return ("From " if k == "source" else "To ") + _house_name(move.target)
        if k == "counter":
            return f"{_signed(move.value[0])} on {_house_name(move.target)}"
        if k in ("play", "gift"):  # the mover's own card
            return f"{k.title()} {card_name(move.cards[0])}"
        return None

    def prompt(self) -> str:
        if self.over:
            return ""
        phase, me = self.phase, self.mover
        if phase == "order":
            return "Choose whether you play first or second."
        if phase == "counters":
            left = 6 - len(self.counters[me])
            return f"Place a majority counter on a house ({left} to place)."
        if phase == "play":
            if self.final_turn:
                return "Your last turn: play one card (no draw, no gift)."
            return "Play a card onto its house."
        if phase == "swap":
            return "You may swap two of your counters, or keep them as they are."
        if phase == "source":
            return (
                f"Card 5: choose the house to move influence from into "
                f"{HOUSES[self.pending['house']]}."
            )
        if phase == "dest":
            return (
                f"Card 7: choose the house to move influence to from "
                f"{HOUSES[self.pending['house']]}."
            )
        if phase == "amount":
            p = self.pending
            return (
                f"Move up to {p['cap']} influence from {HOUSES[p['from']]} to "
                f"{HOUSES[p['to']]}: how much of yours and of your rival's?"
            )
        text = "Give your rival a card"
        forced = self.gift_house[me]
        if forced is not None and any(house_of(c) == forced for c in self._giftable(me)):
            text += f" of {HOUSES[forced]} (they played its 3)"
        received = self.received[me]
        if received is not None:
            text += f", but not {card_name(received)} you were just given"
        return text + "."

    def explain_illegal(self, move: Move) -> IllegalMove:
        me, k, phase = self.mover, move.kind, self.phase
        expected = {
            "order": "choose whether to go first or second",
            "counters": "place one of your majority counters on a house",
            "play": "play a card from your hand on its house",
            "swap": "swap two counters or keep them",
            "source": "choose the house to move influence from",
            "dest": "choose the house to move influence to",
            "amount": "choose how much influence to move",
            "gift": "give a card from your hand to your rival",
        }[phase]
        wanted = {
            "order": ("order",),
            "counters": ("counter",),
            "play": ("play",),
            "swap": ("swap", "keep"),
            "source": ("source",),
            "dest": ("dest",),
            "amount": ("shift",),
            "gift": ("gift",),
        }[phase]
        if k not in wanted:
            return IllegalMove("wrong-step", f"Now you must {expected}.", move)
        if k == "counter":
            v, h = move.value[0] if move.value else None, self._house_index(move.target)
            if v not in COUNTERS or h is None:
                return IllegalMove(
                    "no-such-counter",
                    "Counters are -2, +0, +1, +2, +3 and +5, each placed on one of the six houses.",
                    move,
                )
            if v in self.counters[me].values():
                return IllegalMove(
                    "counter-used", f"You have already placed your {_signed(v)} counter.", move
                )
            return IllegalMove(
                "house-has-counter", f"{HOUSES[h]} already holds one of your counters.", move
            )
        if k in ("play", "gift"):
            card = move.cards[0] if len(move.cards) == 1 else None
            if card not in CARDS:
                why = f"'{move}' does not name a card."
                if isinstance(card, str) and card[:1] in INITIALS:
                    why = f"There is no card {card}: each house has one card of every number 1-8."
                return IllegalMove("no-such-card", why, move)
            if card not in self.hands[me]:
                return IllegalMove("not-in-hand", f"You do not hold {card_name(card)}.", move)
            if k == "play" and move.target != _zone(house_of(card)):
                return IllegalMove(
                    "wrong-house",
                    f"{sentence_start(card_name(card))} can only be played on "
                    f"{HOUSES[house_of(card)]}.",
                    move,
                )
            if k == "gift":
                if card == self.received[me]:
                    return IllegalMove(
                        "gift-back",
                        f"You cannot give back {card_name(card)}: it "
                        "was given to you on the previous turn.",
                        move,
                    )
                forced = self.gift_house[me]
                if forced is not None and house_of(card) != forced:
                    held = [c for c in self._giftable(me)]
                    return IllegalMove(
                        "gift-must-match",
                        f"You must give a card of {HOUSES[forced]} (your rival played its 3): you "
                        f"hold {', '.join(card_name(c) for c in held)}.",
                        move,
                    )
                if move.target != f"hand:{1 - me}":
                    return IllegalMove("wrong-target", "A gift goes to your rival's hand.", move)
        if k == "swap" and len(move.value) == 2 and move.value[0] == move.value[1]:
            return IllegalMove(
                "same-house", "Card 1 swaps your counters on two different houses.", move
            )
        if k == "source":
            h = self._house_index(move.target)
            if h == self.pending.get("house"):
                return IllegalMove("same-house", "Card 5 moves influence from ANOTHER house.", move)
            if h is not None:
                return IllegalMove("empty-house", f"{HOUSES[h]} has no influence to move.", move)
        if k == "dest" and self._house_index(move.target) == self.pending.get("house"):
            return IllegalMove("same-house", "Card 7 moves influence to ANOTHER house.", move)
        if k == "shift" and len(move.value) == 2 and "from" in self.pending:
            src, cap = self.pending["from"], self.pending["cap"]
            m, t = move.value
            if isinstance(m, int) and isinstance(t, int):
                if m < 0 or t < 0:
                    return IllegalMove("negative", "Amounts cannot be negative.", move)
                if m + t > cap:
                    return IllegalMove(
                        "too-much", f"This card moves at most {cap} influence.", move
                    )
                if m > self.influence[me][src]:
                    return IllegalMove(
                        "too-much",
                        f"You have only {self.influence[me][src]} influence in {HOUSES[src]}.",
                        move,
                    )
                if t > self.influence[1 - me][src]:
                    return IllegalMove(
                        "too-much",
                        f"Your rival has only "
                        f"{self.influence[1 - me][src]} influence in "
                        f"{HOUSES[src]}.",
                        move,
                    )
        return super().explain_illegal(move)

    @staticmethod
    def _house_index(zone: str) -> int | None:
        name = zone.removeprefix("house:") if isinstance(zone, str) else ""
        return HOUSES.index(name) if name in HOUSES else None

    # ---- applying a decision -------------------------------------------------------
    def _apply(self, move: Move) -> list[Event]:
        me = self.mover
        k = move.kind
        if k == "order":
            return self._choose_order(me, move.value[0])
        if k == "counter":
            return self._place_counter(me, move.value[0], _house_of_zone(move.target))
        if k == "play":
            return self._play_card(me, move.cards[0])
        if k == "keep":
            return [
                Event("keep", "{p%d} keeps their counters as they are." % me),
                *self._after_effect(),
            ]
        if k == "swap":
            return self._swap(me, HOUSES.index(move.value[0]), HOUSES.index(move.value[1]))
        if k == "source":
            h = _house_of_zone(move.target)
            self.pending.update({"from": h, "to": self.pending["house"], "cap": MOVE_CAP[5]})
            self.phase = "amount"
            return [
                Event(
                    "source",
                    "{p%d} will move influence from %s." % (me, HOUSES[h]),
                    {"house": HOUSES[h]},
                )
            ]
        if k == "dest":
            h = _house_of_zone(move.target)
            self.pending.update({"from": self.pending["house"], "to": h, "cap": MOVE_CAP[7]})
            self.phase = "amount"
            return [
                Event(
                    "dest",
                    "{p%d} will move influence to %s." % (me, HOUSES[h]),
                    {"house": HOUSES[h]},
                )
            ]
        if k == "shift":
            return self._shift(me, *move.value)
        return self._gift(me, move.cards[0])

    def _choose_order(self, me: int, choice: str) -> list[Event]:
        self.first = me if choice == "first" else 1 - me
        second = 1 - self.first
        self.hands[self.first] = [self.deck.pop() for _ in range(FIRST_HAND)]
        self.hands[second] = [self.deck.pop() for _ in range(SECOND_HAND)]
        self.phase = "counters"
        self.current = self.first
        events = [Event("order", "{p%d} chooses to play %s." % (me, choice), {"first": self.first})]
        for seat in (0, 1):
            hand = sorted(self.hands[seat])
            events += private_event(
                seat,
                "deal",
                "You are dealt %s." % ", ".join(card_name(c) for c in hand),
                {"seat": seat, "cards": hand},
                "{p%d} is dealt %d cards." % (seat, len(hand)),
                {"seat": seat, "count": len(hand)},
            )
        return events

    def _place_counter(self, me: int, value: int, h: int) -> list[Event]:
        self.counters[me][h] = value
        events = private_event(
            me,
            "counter",
            "You place your %s counter on %s." % (_signed(value), HOUSES[h]),
            {"seat": me, "house": HOUSES[h], "value": value},
            "{p%d} places a counter on %s." % (me, HOUSES[h]),
            {"seat": me, "house": HOUSES[h]},
            reveals=(),  # the seat's own choice, told back to it
        )
        if len(self.counters[0]) == 6 and len(self.counters[1]) == 6:
            self.turn = 1
            events += self._start_turn(self.first_player)
        return events

    def _start_turn(self, seat: int) -> list[Event]:
        self.current = seat
        self.phase = "play"
        if not self.deck:
            self.final_turn = True
            return [Event("last-turn", "The deck is empty: {p%d} plays one last card." % seat)]
        card = self.deck.pop()
        self.hands[seat].append(card)
        events = private_event(
            seat,
            "draw",
            "You draw %s." % card_name(card),
            {"seat": seat, "card": card},
            "{p%d} draws a card." % seat,
            {"seat": seat},
        )
        if not self.deck:
            events.append(
                Event(
                    "deck-empty",
                    "That was the last card: {p%d} finishes this turn, then "
                    "{p%d} plays one last card." % (seat, 1 - seat),
                )
            )
        return events

    def _play_card(self, me: int, card: str) -> list[Event]:
        rival = 1 - me
        h, n = house_of(card), number_of(card)
        self.hands[me].remove(card)
        self.known_hand[rival].discard(card)
        self.played.append(card)
        events = [
            Event(
                "play",
                "{p%d} plays %s." % (me, card_name(card)),
                {"seat": me, "card": card, "house": HOUSES[h]},
            )
        ]
        self.pending = {"card": card, "house": h}
        if n in (2, 4, 6, 8):
            self.influence[me][h] += n
            events.append(self._influence_event(me, n, h))
        elif n == 3:
            self.influence[me][h] += 1
            events.append(self._influence_event(me, 1, h))
            # The rival gives again only if they will draw again: once the deck is empty their
            # last turn has no gift, so nothing is imposed (RULES-NOTES, Royal Houses: card 3).
            if self.deck:
                self.gift_house[rival] = h
                events.append(
                    Event(
                        "gift-rule",
                        "{p%d}'s next gift must be a card of %s, if they can." % (rival, HOUSES[h]),
                        {"seat": rival, "house": HOUSES[h]},
                    )
                )
        elif n == 1:
            seen = self.counters[rival][h]
            self.known_counters[me][h] = seen
            events += private_event(
                me,
                "look",
                "You see {p%d}'s counter on %s: %s." % (rival, HOUSES[h], _signed(seen)),
                {"seat": me, "house": HOUSES[h], "value": seen},
                "{p%d} looks at {p%d}'s counter on %s." % (me, rival, HOUSES[h]),
                {"seat": me, "house": HOUSES[h]},
            )
            self.phase = "swap"
            return events
        elif n == 5:
            if any(self._total(o) for o in range(6) if o != h):
                self.phase = "source"
                return events
            events.append(Event("no-effect", "No other house has influence to move."))
        elif n == 7:
            if self._total(h):
                self.phase = "dest"
                return events
            events.append(Event("no-effect", "%s has no influence to move." % HOUSES[h]))
        return events + self._after_effect()

    def _influence_event(self, me: int, amount: int, h: int) -> Event:
        return Event(
            "influence",
            "{p%d} places %d influence in %s." % (me, amount, HOUSES[h]),
            {"seat": me, "house": HOUSES[h], "amount": amount},
        )

    def _swap(self, me: int, a: int, b: int) -> list[Event]:
        mine = self.counters[me]
        mine[a], mine[b] = mine[b], mine[a]
        # The rival saw which two counters moved, so whatever they knew moves with them.
        known = self.known_counters[1 - me]
        va, vb = known.pop(a, None), known.pop(b, None)
        if va is not None:
            known[b] = va
        if vb is not None:
            known[a] = vb
        return [
            Event(
                "swap",
                "{p%d} swaps their counters on %s and %s." % (me, HOUSES[a], HOUSES[b]),
                {"seat": me, "houses": [HOUSES[a], HOUSES[b]]},
            ),
            *self._after_effect(),
        ]

    def _shift(self, me: int, mine: int, theirs: int) -> list[Event]:
        src, dst = self.pending["from"], self.pending["to"]
        for seat, amount in ((me, mine), (1 - me, theirs)):
            self.influence[seat][src] -= amount
            self.influence[seat][dst] += amount
        parts = []
        if mine:
            parts.append("%d of their own" % mine)
        if theirs:
            parts.append("%d of {p%d}'s" % (theirs, 1 - me))
        what = " and ".join(parts) + " influence" if parts else "no influence"
        text = "{p%d} moves %s from %s to %s." % (me, what, HOUSES[src], HOUSES[dst])
        event = Event(
            "shift",
            text,
            {"seat": me, "from": HOUSES[src], "to": HOUSES[dst], "own": mine, "rival": theirs},
        )
        return [event, *self._after_effect()]

    def _after_effect(self) -> list[Event]:
        self.pending = {}
        if self.final_turn:
            self.phase = "over"
            self.current = None
            return [Event("end", "The game is over.")]
        self.phase = "gift"
        return []

    def _gift(self, me: int, card: str) -> list[Event]:
        rival = 1 - me
        self.hands[me].remove(card)
        self.hands[rival].append(card)
        self.received[rival] = card
        self.received[me] = None
        self.gift_house[me] = None
        self.known_hand[me].add(card)
        self.known_hand[rival].discard(card)  # a card they once gave us is back with them
        events = private_event(
            (me, rival),
            "gift",
            "{p%d} gives %s to {p%d}." % (me, card_name(card), rival),
            {"seat": me, "card": card},
            "{p%d} gives a card to {p%d}." % (me, rival),
            {"seat": me},
            reveals=rival,  # the giver chose the card; the rival learns it
        )
        if me != self.first:
            self.turn += 1
        return events + self._start_turn(rival)

    # ---- end --------------------------------------------------------------------------
    def house_scores(self) -> list[HouseScore]:
        rows = []
        for h, name in enumerate(HOUSES):
            sums = (
                sum(number_of(c) for c in self.hands[0] if house_of(c) == h),
                sum(number_of(c) for c in self.hands[1] if house_of(c) == h),
            )
            rows.append(
                score_house(
                    name,
                    (self.influence[0][h], self.influence[1][h]),
                    (self.counters[0].get(h, 0), self.counters[1].get(h, 0)),
                    sums,
                )
            )
        return rows

    def provisional_scores(self) -> tuple[float, ...]:
        """Scoring as if the game ended now: influence, bonuses and vetoes by today's hands."""
        rows = self.house_scores()
        return tuple(float(sum(r.points[s] for r in rows)) for s in (0, 1))

    def outcome(self) -> Outcome:
        if not self.over:
            raise ValueError("The game is not over yet.")
        rows = self.house_scores()
        scores = tuple(sum(r.points[s] for r in rows) for s in (0, 1))
        majorities = tuple(sum(r.majority == s for r in rows) for s in (0, 1))
        influence = tuple(sum(self.influence[s]) for s in (0, 1))
        hand_values = tuple(sum(number_of(c) for c in self.hands[s]) for s in (0, 1))
        steps = [
            ("score", scores, "{w} wins on points, %d to %d." % (max(scores), min(scores))),
            (
                "houses",
                majorities,
                "Scores tie at %d; {w} wins with the majority in more houses (%d to %d)."
                % (scores[0], max(majorities), min(majorities)),
            ),
            (
                "influence",
                influence,
                "Scores and majorities tie; {w} wins with more influence on the board (%d to %d)."
                % (max(influence), min(influence)),
            ),
            (
                "hand",
                hand_values,
                "Scores, majorities and influence tie; {w} wins with the higher total in hand "
                "(%d to %d)." % (max(hand_values), min(hand_values)),
            ),
        ]
        winners: tuple[int, ...] = (0, 1)
        detail = "Everything ties, the cards in hand too: the game is shared."
        decided_by = "shared"
        for name, values, text in steps:
            if values[0] != values[1]:
                w = 0 if values[0] > values[1] else 1
                winners, detail, decided_by = (w,), text.replace("{w}", "{p%d}" % w), name
                break
        # Why it ended (source, "Game End"): the deck ran out and the last cards were played.
        detail = "The deck ran out. " + detail
        breakdown = {
            "houses": [
                {
                    "house": r.house,
                    "influence": list(r.influence),
                    "counters": list(r.counters),
                    "bonus": r.bonus,
                    "majority": r.majority,
                    "hand_sums": list(r.hand_sums),
                    "vetoed": list(r.vetoed),
                    "points": list(r.points),
                }
                for r in rows
            ],
            "totals": list(scores),
            "tiebreaks": {
                "houses": list(majorities),
                "influence": list(influence),
                "hand": list(hand_values),
            },
            "decided_by": decided_by,
        }
        return Outcome(scores, winners, detail, breakdown)

    # ---- what each seat sees ------------------------------------------------------------
    def view(self, seat: int | None) -> RoyalHousesView:
        over = self.phase == "over"
        hands: list[list[str] | None] = []
        counters: list[dict[str, int]] = []
        for s in (0, 1):
            sees_all = over or s == seat
            hands.append(sorted(self.hands[s]) if sees_all else None)
            if sees_all:
                counters.append({HOUSES[h]: v for h, v in sorted(self.counters[s].items())})
            elif seat is not None:
                counters.append(
                    {HOUSES[h]: v for h, v in sorted(self.known_counters[seat].items())}
                )
            else:
                counters.append({})
        pending: RoyalPending = {}
        if self.pending:
            pending = {"card": self.pending["card"], "house": HOUSES[self.pending["house"]]}
            if "from" in self.pending:
                pending.update(
                    {
                        "from": HOUSES[self.pending["from"]],
                        "to": HOUSES[self.pending["to"]],
                        "cap": self.pending["cap"],
                    }
                )
        forced = [HOUSES[h] if h is not None else None for h in self.gift_house]
        view: RoyalHousesView = {
            "game": "royal_houses",
            "viewer": seat,
            "players": 2,
            "phase": self.phase,
            "to_move": self.to_move,
            "over": over,
            "chooser": self.chooser,
            "first": self.first,
            "turn": self.turn,
            "final_turn": self.final_turn,
            "houses": list(HOUSES),
            "influence": [list(self.influence[0]), list(self.influence[1])],
            "deck_count": len(self.deck),
            "hands": hands,
            "hand_counts": [len(self.hands[0]), len(self.hands[1])],
            "known_in_hand": [
                sorted(self.known_hand[1 - s]) if seat == 1 - s and not over else [] for s in (0, 1)
            ],
            "counters": counters,
            "counters_placed": [[HOUSES[h] for h in sorted(self.counters[s])] for s in (0, 1)],
            "played": list(self.played),
            "received": [self.received[s] if seat is not None or over else None for s in (0, 1)],
            "gift_must": forced,
            "pending": pending,
        }
        return view

    def hidden_cards(self, seat: int | None) -> set[str]:
        if self.phase == "over":
            return set()
        hidden = set(self.deck)
        for s in (0, 1):
            if s != seat:
                hidden.update(
                    c for c in self.hands[s] if seat is None or c not in self.known_hand[seat]
                )
        return hidden

    def census(self) -> list[str]:
        cards = self.deck + self.hands[0] + self.hands[1] + self.played
        counters = [f"counter:{s}:{v}" for s in (0, 1) for v in self.counters[s].values()]
        return cards + counters + [f"counter:{s}:{v}" for s in (0, 1) for v in self._unplaced(s)]

    def _unplaced(self, seat: int) -> list[int]:
        placed = set(self.counters[seat].values())
        return [v for v in COUNTERS if v not in placed]

    def determinize(self, seat: int, rng: random.Random) -> RoyalHouses:
        """A copy in which everything ``seat`` cannot see is dealt again at random:
        the rival's unknown cards and the deck order, and the rival's unseen counters."""
        copy = self._determinized_copy(seat, rng)
        assert isinstance(copy, RoyalHouses)
        if self.phase == "over":
            return copy
        rival = 1 - seat
        known = self.known_hand[seat]
        kept = [c for c in self.hands[rival] if c in known]
        unknown = len(self.hands[rival]) - len(kept)
        # Sorted first: the result must not depend on the hidden order (that would leak it).
        pool = sorted([c for c in self.hands[rival] if c not in known] + self.deck)
        rng.shuffle(pool)
        copy.hands[rival] = kept + pool[:unknown]
        copy.deck = pool[unknown:]
        seen = self.known_counters[seat]
        unseen_values = [v for v in COUNTERS if v not in seen.values()]
        rng.shuffle(unseen_values)
        unseen_houses = [h for h in sorted(self.counters[rival]) if h not in seen]
        copy.counters[rival] = dict(seen)
        for h, v in zip(unseen_houses, unseen_values, strict=False):
            copy.counters[rival][h] = v
        return copy

    # ---- notation -------------------------------------------------------------------------
    def parse_move(self, text: str) -> RoyalMove:
        """Read :class:`RoyalMove` notation; raise IllegalMove('bad-notation') if unreadable."""
        if not isinstance(text, str):
            raise IllegalMove("bad-notation", "A move must be written as text.", text)
        words = text.split()
        try:
            move = _parse_words(words, self.to_move)
        except (KeyError, ValueError, IndexError):
            move = None
        if move is None:
            raise IllegalMove(
                "bad-notation",
                f"'{text[:40]}' is not a Royal Houses move (try 'play A5', 'gift C3', "
                "'counter +5 A', 'go first', 'swap A C', 'keep', 'from B', 'to B', 'shift 2 1').",
                text,
            )
        return move


def _house_from_initial(word: str) -> int:
    if len(word) != 1 or word.upper() not in INITIALS:
        raise ValueError(word)
    return INITIALS.index(word.upper())


def _parse_words(words: list[str], mover: int | None) -> RoyalMove | None:
    if not words:
        return None
    head, rest = words[0].lower(), words[1:]
    if head == "go" and len(rest) == 1 and rest[0].lower() in ORDER:
        return ORDER[rest[0].lower()]
    # Well-formed words that name something the rules forbid (a +4 counter, "play A9",
    # "shift 5 0") still make a move, so that the refusal can say which rule it breaks.
    if head == "counter" and len(rest) == 2:
        value, h = int(rest[0]), _house_from_initial(rest[1])
        return COUNTER.get((value, h)) or RoyalMove("counter", target=_zone(h), value=(value,))
    if head == "play" and len(rest) == 1:
        card = _card_word(rest[0])
        return PLAY.get(card) or RoyalMove("play", cards=(card,), target=_zone(house_of(card)))
    if head == "gift" and len(rest) == 1:
        # The receiver is always the rival, so the notation leaves it implicit.
        rival = 1 - mover if mover is not None else 1
        card = _card_word(rest[0])
        return GIFT.get((card, rival)) or RoyalMove("gift", cards=(card,), target=f"hand:{rival}")
    if head == "keep" and not rest:
        return KEEP
    if head == "swap" and len(rest) == 2:
        a, b = sorted((_house_from_initial(rest[0]), _house_from_initial(rest[1])))
        return SWAP.get((a, b)) or RoyalMove("swap", value=(HOUSES[a], HOUSES[b]))
    if head == "from" and len(rest) == 1:
        return SOURCE[_house_from_initial(rest[0])]
    if head == "to" and len(rest) == 1:
        return DEST[_house_from_initial(rest[0])]
    if head == "shift" and len(rest) == 2:
        mine, theirs = int(rest[0]), int(rest[1])
        return SHIFT.get((mine, theirs)) or RoyalMove("shift", value=(mine, theirs))
    return None


def _card_word(word: str) -> str:
    """A house initial and a number (``A5``, ``d12``), upper-cased; anything else is not a
    card word."""
    card = word.upper()
    if len(card) < 2 or card[0] not in INITIALS or not card[1:].isdigit():
        raise ValueError(word)
    return card


SPEC = register(
    GameSpec(
        id="royal_houses",
        title="Royal Houses",
        pitch="A two-player duel of influence and gifts over six Royal Houses.",
        min_players=2,
        max_players=2,
        options=(
            OptionSpec(
                "garnets",
                "int-list",
                None,
                "Garnets",
                "The player with more garnets chooses who goes first (a coin decides a tie).",
                minimum=0,
                maximum=999,
            ),
            OptionSpec(
                "deck",
                "card-list",
                None,
                "Fixed deck",
                "Deal this exact card order (first player's 8, second's 7, then the draw pile).",
                advanced=True,
            ),
        ),
        factory=RoyalHouses,
        rules_file="royal_houses.md",
        test_configs=((2, {}), (2, {"garnets": [3, 1]})),
        # The counters are laid in secret, in turn. Every game: who goes first, 12 counters,
        # 34 plays and 33 gifts (the deck's 33 cards are drawn one a turn).
        shape=GameShape(simultaneous="in-turn", decisions="both", shortest=80),
    )
)
RoyalHouses.spec = SPEC
