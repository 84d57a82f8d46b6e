"""Court of the Medici: a duel (2 players) and the Alliances variant (4 players, two teams).

Sources: RULES-NOTES.md ("Court of the Medici") for the base game and
``shared/sources/000_842a9ddcc649b389.txt`` for Alliances; our house readings are marked in
``medici.md``.

Cards are named by house initial, rank code and copy letter: ``G7a`` / ``G7b`` are Gonzaga's two
7s, ``RMa`` a Della Rovere Minister, ``OJb`` an Orsini Jester, ``PXa`` a Pazzi Mistress and
``GD`` the Gonzaga Duke (there is one). Stacks are ``stack:N`` zones, numbered as they appear.

Decisions: ``court`` (a card alone into the Outer Court), ``build`` (onto a stack), ``plan``
(a card to the bottom of your deck); then follow-ups: ``value`` (a Jester's or Mistress's
value when played), ``strike``/``spare`` (a conspiracy), ``name`` (a Jester or Mistress drawn
as the last card of a deck). Drawing is automatic.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Literal, TypedDict

from .core import (
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
    sentence_start,
)
from .state import DICT, HANDS, LIST, LISTS, VALUE, Kind, unsaved

# Every refusal code this game raises (besides core.GENERIC_REFUSALS): code -> what it means.
REFUSALS: dict[str, str] = {
    "bad-notation": "the text is not a Court of the Medici move",
    "bad-value": "the value chosen or named is not one the card may take",
    "deck-empty": "planning for the future needs a card left in the deck",
    "inner-circle-closed": "no card may be built onto the Inner Circle (4 players)",
    "no-such-card": "the move does not name one card",
    "no-such-stack": "the stack named is not at court",
    "not-equal": "a conspiracy strikes only a stack of equal value",
    "not-in-hand": "the player does not hold the card",
    "over-limit": "the card is worth more than the last card allows",
    "own-stack": "a conspiracy strikes another stack than the one just built",
    "wrong-card": "naming a value must name the card just played",
    "wrong-step": "the move belongs to another step of the turn",
    "wrong-target": "the card goes somewhere else",
}

HOUSES = ("Gonzaga", "Della Rovere", "Orsini", "Pazzi")
INITIALS = "GROP"
# Orsini and Pazzi stand for the variant's Black and Yellow houses: names and titles are ours.
TITLES: dict[str, tuple[str, ...]] = {
    "Gonzaga": (
        "Friar",
        "Painter",
        "Poet",
        "Scholar",
        "Merchant",
        "Captain-General",
        "Lord",
        "Cardinal",
        "Countess",
    ),
    "Della Rovere": (
        "Chamberlain",
        "Sculptor",
        "Playwright",
        "Architect",
        "Banker",
        "Knight",
        "Lady",
        "Praefect",
        "Count",
    ),
    "Orsini": (
        "Falconer",
        "Illuminator",
        "Lutenist",
        "Astronomer",
        "Goldsmith",
        "Condottiere",
        "Baron",
        "Bishop",
        "Marchioness",
    ),
    "Pazzi": (
        "Apothecary",
        "Glassblower",
        "Troubadour",
        "Physician",
        "Wool Merchant",
        "Admiral",
        "Viscount",
        "Archbishop",
        "Margravine",
    ),
}
SPECIAL_NAMES = {
    "M": "Minister",
    "L": "Lady-in-Waiting",
    "J": "Jester",
    "D": "Duke",
    "X": "Mistress",
}
HAND = 5
INNER_STACKS = 4  # Alliances: four Inner Circle stacks built at setup
DUEL_INNER = 4  # duel: each player deals 4 single cards into the Inner Circle
PAIRS = tuple(f"{HOUSES[a]} / {HOUSES[b]}" for a in range(4) for b in range(4) if a != b)


def _house_cards(h: int, mistresses: bool) -> list[str]:
    """The house deck in its printed order: nobles 2-10 twice, then the specials."""
    i = INITIALS[h]
    cards = [f"{i}{n}{c}" for n in range(2, 11) for c in "ab"]
    cards += [f"{i}{k}{c}" for k in "MLJ" for c in "ab"] + [f"{i}D"]
    if mistresses:
        cards += [f"{i}Xa", f"{i}Xb"]
    return cards


ALL_CARDS = tuple(c for h in range(4) for c in _house_cards(h, True))
HOUSE_OF: dict[str, int] = {c: INITIALS.index(c[0]) for c in ALL_CARDS}
CODE_OF: dict[str, str] = {c: c[1:].rstrip("ab") for c in ALL_CARDS}
# Fixed face values; Jester (J) and Mistress (X) are None: their value is chosen when played.
FACE: dict[str, int | None] = {
    c: {"M": 0, "L": 1, "D": 15, "J": None, "X": None}.get(CODE_OF[c])
    if not CODE_OF[c].isdigit()
    else int(CODE_OF[c])
    for c in ALL_CARDS
}
JESTER_VALUES = tuple(range(1, 11))
MISTRESS_VALUES = tuple(range(-1, -11, -1))


def card_name(card: str) -> str:
    """``"the Gonzaga Cardinal (9)"``, ``"a Pazzi Jester"``, ``"an Orsini Mistress"``."""
    house, code = HOUSES[HOUSE_OF[card]], CODE_OF[card]
    if code.isdigit():
        return f"the {house} {TITLES[house][int(code) - 2]} ({code})"
    article = "the" if code == "D" else "an" if house[0] in "AEIOU" else "a"
    return f"{article} {house} {SPECIAL_NAMES[code]}"


def is_variable(card: str) -> bool:
    return FACE[card] is None


class MediciMove(Move):
    """A Court of the Medici decision with the game's short notation.

    ``court G7a`` · ``build G7a on 12`` · ``plan G7a`` · ``value 7`` · ``value -3`` ·
    ``strike 12`` · ``spare`` · ``name GJa 7``.
    """

    def __str__(self) -> str:
        try:
            return self._notation()
        except (IndexError, TypeError, ValueError, AttributeError):
            return super().__str__()  # a malformed move still prints, in the generic form

    def _notation(self) -> str:
        k = self.kind
        if k in ("court", "plan") and len(self.cards) == 1:
            return f"{k} {self.cards[0]}"
        if k == "build" and len(self.cards) == 1 and self.target.startswith("stack:"):
            return f"build {self.cards[0]} on {int(self.target[6:])}"
        if k == "value" and len(self.value) == 1:
            return f"value {int(self.value[0])}"
        if k == "strike" and self.target.startswith("stack:"):
            return f"strike {int(self.target[6:])}"
        if k == "spare" and not self.cards and not self.value:
            return "spare"
        if k == "name" and len(self.cards) == 1 and len(self.value) == 1:
            return f"name {self.cards[0]} {int(self.value[0])}"
        return Move.__str__(self)


CHOOSE_VALUE = {v: MediciMove("value", value=(v,)) for v in (*JESTER_VALUES, *MISTRESS_VALUES)}
SPARE = MediciMove("spare")


def _stack_zone(sid: int) -> str:
    return f"stack:{sid}"


def _stack_id(zone: Any) -> int | None:
    if isinstance(zone, str) and zone.startswith("stack:") and zone[6:].isdigit():
        return int(zone[6:])
    return None


# ---- what view(seat) returns


class MediciStackCard(TypedDict):
    """A card in a stack: its owner, house, value (None: a Jester or Mistress whose value is
    not chosen yet) and the influence points it is worth."""

    card: str
    owner: int
    house: str
    value: int | None
    points: int | None


class MediciStack(TypedDict):
    """A stack in the Inner Circle (``area``) or at court, bottom card first."""

    id: str  # its zone, "stack:3"
    area: str
    cards: list[MediciStackCard]
    total: int  # the sum of the known values


class MediciPending(TypedDict, total=False):
    """The card whose value is being chosen, and the stack it went to ({}: none)."""

    card: str
    stack: str


class MediciView(TypedDict):
    """What :meth:`Medici.view` shows a seat (``viewer``; ``None``: the public table).
    Per-seat lists are indexed by seat."""

    game: Literal["medici"]
    viewer: int | None
    players: int
    phase: str
    to_move: int | None
    over: bool
    turn: int
    houses: list[str]  # [seat]: its house
    teams: list[list[int]]
    stacks: list[MediciStack]
    hands: list[list[str] | None]  # None: hidden from the viewer
    hand_counts: list[int]
    deck_counts: list[int]
    my_deck_bottom: list[str]  # the viewer's planned bottom cards, nearest the top first
    discards: list[list[str]]
    revealed: list[str | None]
    limits: list[int | None]
    values: dict[str, int]  # chosen values of Jesters and Mistresses
    pending: MediciPending
    points: list[int]
    end_reason: str


def _copy_stacks(stacks: dict[int, list[str]]) -> dict[int, list[str]]:
    return {sid: list(c) for sid, c in stacks.items()}


class Medici(Game):
    # 2: a Minister that clears a stack may conspire against another stack worth 0.
    RULES_VERSION: ClassVar[int] = 2
    move_type: ClassVar[type[Move]] = MediciMove
    STATE: ClassVar[Mapping[str, Kind]] = {
        "houses": LIST,
        # Worked out from the options at setup: the snapshot need not repeat them.
        "mistresses": unsaved(VALUE),
        "seat_of_house": unsaved(DICT),
        "teams": unsaved(VALUE),
        "decks": LISTS,
        "known_bottom": LIST,
        "hands": HANDS,
        "discards": LISTS,
        # Written together by snapshot(), one entry a stack.
        "stacks": Kind(_copy_stacks, None),
        "area": unsaved(DICT),
        "next_stack": VALUE,
        "values": DICT,
        "revealed": LIST,
        "limit": LIST,
        "phase": VALUE,
        "current": VALUE,
        "turn": VALUE,
        "pending": DICT,
        "end_reason": VALUE,
    }

    def __init__(self, players: int, seed: int | None, options: Mapping[str, Any]) -> None:
        super().__init__(players, seed, options)
        duel = players == 2
        if duel:
            a, b = self.options["houses"].split(" / ")
            self.houses = [HOUSES.index(a), HOUSES.index(b)]
            mistresses = bool(self.options["mistresses"])
        else:
            self.houses = list(range(players))
            mistresses = True  # the Alliances variant always adds the Mistresses
        self.mistresses = mistresses
        self.seat_of_house = {h: s for s, h in enumerate(self.houses)}
        self.teams: tuple[tuple[int, ...], ...] = (
            ((0, 2), (1, 3)) if players == 4 else tuple((s,) for s in range(players))
        )
        orders = self._deck_orders(mistresses)
        # Stored reversed so that the top card is at the end (cheap pop()); index 0 = bottom.
        self.decks: list[list[str]] = [order[::-1] for order in orders]
        self.known_bottom = [0] * players  # how many bottom cards their owner planned there
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.discards: list[list[str]] = [[] for _ in range(players)]
        self.stacks: dict[int, list[str]] = {}
        self.area: dict[int, str] = {}
        self.next_stack = 1
        self.values: dict[str, int] = {}  # chosen values of Jesters and Mistresses
        self.revealed: list[str | None] = [None] * players
        self.limit: list[int | None] = [None] * players
        self.phase = "action"
        self.current = 0
        self.turn = 1
        self.pending: dict[str, Any] = {}
        self.end_reason = ""
        events: list[Event] = []
        if duel:
            for s in range(players):
                for _ in range(DUEL_INNER):
                    self._new_stack([self._setup_card(s)], "inner")
                self.hands[s] = [self.decks[s].pop() for _ in range(HAND)]
        else:
            for s in range(players):
                self.hands[s] = [self.decks[s].pop() for _ in range(HAND)]
            for _ in range(INNER_STACKS):
                self._new_stack([self._setup_card(s) for s in range(players)], "inner")
        events.append(
            Event(
                "setup",
                "The Inner Circle is dealt: %s." % self._describe_inner(),
                {"inner": [list(self.stacks[sid]) for sid in self.stacks]},
            )
        )
        self.current, why = self._first_player()
        events.append(Event("first", "{p%d} %s and starts." % (self.current, why), {}))
        self.opening_events = events

    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The Alliances variant's two teams (seats 0 and 2 against 1 and 3); in the duel
        each player alone."""
        return self.teams

    # ---- setup ---------------------------------------------------------------------
    def _deck_orders(self, mistresses: bool) -> list[list[str]]:
        fixed = self.options.get("decks")
        orders = []
        for h in self.houses:
            cards = _house_cards(h, mistresses)
            if fixed is None:
                order = list(cards)
                self.rng.shuffle(order)
            else:
                order = [c for c in fixed if c[:1] == INITIALS[h]]
                if sorted(order) != sorted(cards):
                    raise SetupError(
                        f"The fixed decks must list each of the {len(cards)} {HOUSES[h]} cards "
                        f"({cards[0]} … {cards[-1]}) exactly once."
                    )
            orders.append(order)
        if fixed is not None:
            used = {INITIALS[h] for h in self.houses}
            if any(c[:1] not in used for c in fixed):
                raise SetupError("The fixed decks name a card of a house that is not in play.")
        return orders

    def _setup_card(self, seat: int) -> str:
        card = self.decks[seat].pop()
        if card not in FACE:
            raise SetupError(f"{card!r} is not a card.")
        if is_variable(card):
            # House reading: a Jester dealt at setup counts 1 and a Mistress -1, for good.
            self.values[card] = 1 if CODE_OF[card] == "J" else -1
        return card

    def _new_stack(self, cards: list[str], area: str) -> int:
        sid = self.next_stack
        self.next_stack += 1
        self.stacks[sid] = cards
        self.area[sid] = area
        return sid

    def _describe_inner(self) -> str:
        return "; ".join(
            " + ".join(card_name(c) for c in self.stacks[sid])
            for sid in self.stacks
            if self.area[sid] == "inner"
        )

    def _first_player(self) -> tuple[int, str]:
        """Duel: higher Inner Circle total; Alliances: most influence in play. Ties: the
        higher single cards, then a seeded coin."""
        key = {}
        for s in range(self.players):
            mine = [
                self.value_of(c)
                for sid in self.stacks
                for c in self.stacks[sid]
                if self.owner(c) == s
            ]
            key[s] = (sum(mine), sorted(mine, reverse=True))
        best = max(key.values())
        top = [s for s in range(self.players) if key[s] == best]
        totals = [key[s][0] for s in range(self.players)]
        if len(top) == 1:
            s = top[0]
            if totals.count(totals[s]) == 1:
                return s, "has the most influence at court (%d)" % totals[s]
            return s, "ties on influence but holds the highest noble"
        return self.rng.choice(top), "wins the coin toss (influence and nobles tied)"

    # ---- card facts -------------------------------------------------------------------
    def owner(self, card: str) -> int:
        return self.seat_of_house[HOUSE_OF[card]]

    def value_of(self, card: str) -> int:
        face = FACE[card]
        return face if face is not None else self.values.get(card, 0)

    @staticmethod
    def points_of_card(card: str, value: int) -> int:
        code = CODE_OF[card]
        return 1 if code == "J" else -1 if code == "X" else value

    def total(self, sid: int) -> int:
        return sum(self.value_of(c) for c in self.stacks[sid])

    # ---- questions -----------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.phase == "over" else self.current

    def _can_play(self, seat: int, card: str) -> bool:
        """The last-card limit: nothing of higher value than the revealed last card."""
        lim = self.limit[seat]
        if lim is None:
            return True
        return self._lowest_value(card) <= lim

    def _lowest_value(self, card: str) -> int:
        if card in self.values:
            return self.values[card]
        code = CODE_OF[card]
        return 1 if code == "J" else -10 if code == "X" else FACE[card]  # type: ignore[return-value]

    def _buildable(self) -> list[int]:
        if self.players == 2:
            return list(self.stacks)
        return [sid for sid in self.stacks if self.area[sid] == "outer"]

    def _action_moves(self, me: int) -> list[Move]:
        hand = sorted(self.hands[me])
        targets = [_stack_zone(sid) for sid in self._buildable()]
        moves: list[Move] = []
        for card in hand:
            if not self._can_play(me, card):
                continue
            moves.append(MediciMove("court", (card,), "outer"))
            moves.extend(MediciMove("build", (card,), t) for t in targets)
        if self.decks[me]:
            deck = f"deck:{me}"
            moves.extend(MediciMove("plan", (card,), deck) for card in hand)
        return moves

    def _value_range(self, me: int, card: str) -> tuple[int, ...]:
        base = JESTER_VALUES if CODE_OF[card] == "J" else MISTRESS_VALUES
        lim = self.limit[me]
        return base if lim is None else tuple(v for v in base if v <= lim)

    def _equal_stacks(self, sid: int) -> list[int]:
        t = self.total(sid)
        return [o for o in self.stacks if o != sid and self.total(o) == t]

    def _legal_moves(self) -> list[Move]:
        me, phase = self.current, self.phase
        if phase == "action":
            return self._action_moves(me)
        if phase == "value":
            return [CHOOSE_VALUE[v] for v in self._value_range(me, self.pending["card"])]
        if phase == "conspire":
            strikes = [
                MediciMove("strike", target=_stack_zone(o))
                for o in self._equal_stacks(self.pending["stack"])
            ]
            return [*strikes, SPARE]
        if phase == "name":
            card = self.pending["card"]
            base = JESTER_VALUES if CODE_OF[card] == "J" else MISTRESS_VALUES
            return [MediciMove("name", (card,), value=(v,)) for v in base]
        return []

    def _describe(self, move: Move, seat: int | None, names: Sequence[str]) -> str | None:
        k = move.kind
        if k == "value":
            return f"Value {move.value[0]}".replace("-", "−")
        if k == "name":
            return f"Name it {move.value[0]}".replace("-", "−")
        if k == "spare":
            return "Don't conspire"
        if k == "strike":
            sid = move.target.removeprefix("stack:")
            stacks = self.view(seat)["stacks"]
            total = next((s["total"] for s in stacks if s["id"] == move.target), None)
            return f"Strike stack {sid}" + (f" (total {total})" if total is not None else "")
        if k == "court" and move.cards:
            return f"Send {card_name(move.cards[0])} to court"
        if k == "build" and move.cards:
            return f"Build {card_name(move.cards[0])} on stack {move.target[6:]}"
        if k == "plan" and move.cards:
            return f"Plan {card_name(move.cards[0])}"
        return None

    def prompt(self) -> str:
        phase, me = self.phase, self.current
        if phase == "over":
            return ""
        if phase == "action":
            # Short enough for two lines of the TV's status bar beside its buttons.
            text = (
                "Send a noble to the Outer Court, build on "
                + ("one of its stacks" if self.players > 2 else "a stack")
                + (", or plan for the future" if self.decks[me] else "")
                + "."
            )
            if self.limit[me] is not None:
                text = text[:-1] + f" (no card above {self.limit[me]}: your last card)."
            return text
        if phase == "value":
            card = self.pending["card"]
            span = self._value_range(me, card)
            return f"Choose the value of {card_name(card)} ({min(span)} to {max(span)})."
        if phase == "conspire":
            t = self.total(self.pending["stack"])
            return f"Conspire: eliminate one stack worth {t}, or spare them all."
        card = self.pending["card"]
        return f"Your last card is {card_name(card)}: name its value now."

    def _explain(self, move: Move) -> IllegalMove | None:
        me, k, phase = self.current, move.kind, self.phase
        wanted = {
            "action": ("court", "build", "plan"),
            "value": ("value",),
            "conspire": ("strike", "spare"),
            "name": ("name",),
        }[phase]
        if k not in wanted:
            expected = {
                "action": "send a noble to court, build an alliance or plan for the future",
                "value": "choose the value of the card you just played",
                "conspire": "eliminate a stack of equal value or spare them",
                "name": "name the value of your last card",
            }[phase]
            return IllegalMove("wrong-step", f"Now you must {expected}.", move)
        if k in ("court", "build", "plan", "name"):
            card = move.cards[0] if len(move.cards) == 1 else None
            if card not in FACE:
                why = f"'{move}' does not name one card."
                if isinstance(card, str) and card[:1] in INITIALS:
                    why = (
                        f"There is no card {card}: each house holds nobles 2 to 10 (copies a and "
                        "b), two each of Minister (M), Lady (L), Jester (J) and, where they "
                        "play, Mistress (X), and one Duke (D)."
                    )
                return IllegalMove("no-such-card", why, move)
            if k == "name":
                if card != self.pending["card"]:
                    return IllegalMove(
                        "wrong-card", f"You must name {card_name(self.pending['card'])}.", move
                    )
                return IllegalMove("bad-value", self._range_text(card, None), move)
            if card not in self.hands[me]:
                return IllegalMove("not-in-hand", f"You do not hold {card_name(card)}.", move)
            if k == "plan":
                if not self.decks[me]:
                    return IllegalMove(
                        "deck-empty",
                        "Your deck is empty: you can no longer plan for the future.",
                        move,
                    )
                return IllegalMove(
                    "wrong-target", "Planning puts a card under your own deck.", move
                )
            last = self.revealed[me]
            if not self._can_play(me, card) and last is not None:
                return IllegalMove(
                    "over-limit",
                    f"Your last card was {card_name(last)}: you may not play a card "
                    f"worth more than {self.limit[me]}.",
                    move,
                )
            if k == "court":
                return IllegalMove(
                    "wrong-target",
                    "A noble sent to court goes alone into the Outer Court, never into the Inner "
                    "Circle.",
                    move,
                )
            sid = _stack_id(move.target)
            if sid is None or sid not in self.stacks:
                return IllegalMove("no-such-stack", "Build onto a stack that is at court.", move)
            if self.players > 2 and self.area[sid] == "inner":
                return IllegalMove(
                    "inner-circle-closed",
                    "No card may be played onto the Inner Circle: it can only be struck by a "
                    "conspiracy from the Outer Court.",
                    move,
                )
        if k == "value":
            return IllegalMove("bad-value", self._range_text(self.pending["card"], me), move)
        if k == "strike":
            sid = _stack_id(move.target)
            mine = self.pending["stack"]
            if sid == mine:
                return IllegalMove(
                    "own-stack",
                    "A conspiracy strikes another stack, not the one you have just built.",
                    move,
                )
            if sid is None or sid not in self.stacks:
                return IllegalMove("no-such-stack", "Strike a stack that is at court.", move)
            return IllegalMove(
                "not-equal",
                f"A conspiracy only strikes a stack of equal value: yours is worth "
                f"{self.total(mine)}, that one {self.total(sid)}.",
                move,
            )
        return None

    def _range_text(self, card: str, me: int | None) -> str:
        span = self._value_range(me, card) if me is not None else None
        if span is None:
            span = JESTER_VALUES if CODE_OF[card] == "J" else MISTRESS_VALUES
        return f"{sentence_start(card_name(card))} may be worth {min(span)} to {max(span)} here."

    # ---- applying a decision ----------------------------------------------------------------
    def _apply(self, move: Move) -> list[Event]:
        me, k = self.current, move.kind
        if k == "court":
            return self._court(me, move.cards[0])
        if k == "build":
            return self._build(me, move.cards[0], _stack_id(move.target))  # type: ignore[arg-type]
        if k == "plan":
            return self._plan(me, move.cards[0])
        if k == "value":
            return self._set_value(me, move.value[0])
        if k == "strike":
            return self._strike(me, _stack_id(move.target))  # type: ignore[arg-type]
        if k == "spare":
            sid = self.pending["stack"]
            ev = Event(
                "spare",
                "{p%d} spares the stacks level with stack %d." % (me, sid),
                {"stack": _stack_zone(sid)},
            )
            return [ev, *self._end_action(me)]
        return self._name(me, move.cards[0], move.value[0])

    def _court(self, me: int, card: str) -> list[Event]:
        self.hands[me].remove(card)
        sid = self._new_stack([card], "outer")
        events = [
            Event(
                "court",
                "{p%d} sends %s to the Outer Court: stack %d." % (me, card_name(card), sid),
                {"seat": me, "card": card, "stack": _stack_zone(sid)},
            )
        ]
        self.pending = {"card": card, "stack": sid, "kind": "court", "below": 0}
        if card not in self.values and is_variable(card):
            self.phase = "value"
            return events
        return events + self._end_action(me)

    def _build(self, me: int, card: str, sid: int) -> list[Event]:
        self.hands[me].remove(card)
        below = len(self.stacks[sid])
        self.stacks[sid].append(card)
        events = [
            Event(
                "build",
                "{p%d} builds an alliance: %s joins stack %d." % (me, card_name(card), sid),
                {"seat": me, "card": card, "stack": _stack_zone(sid)},
            )
        ]
        self.pending = {"card": card, "stack": sid, "kind": "build", "below": below}
        if card not in self.values and is_variable(card):
            self.phase = "value"
            return events
        return events + self._resolve_build(me)

    def _set_value(self, me: int, v: int) -> list[Event]:
        card = self.pending["card"]
        self.values[card] = v
        events = [
            Event(
                "value",
                "{p%d} sets %s at %d." % (me, card_name(card), v),
                {"seat": me, "card": card, "value": v},
            )
        ]
        if self.pending["kind"] == "court":
            return events + self._end_action(me)
        return events + self._resolve_build(me)

    def _resolve_build(self, me: int) -> list[Event]:
        """Minister and Lady effects, then a possible conspiracy. Every build may conspire, a
        Minister's included: the Minister left alone is worth 0 and may strike another stack
        worth 0 (RULES-NOTES, Court of the Medici). A Lady leaves no stack to conspire with."""
        card, sid, below = self.pending["card"], self.pending["stack"], self.pending["below"]
        code = CODE_OF[card]
        events: list[Event] = []
        if code == "M" and below >= 2:
            gone = self.stacks[sid][:-1]
            self.stacks[sid] = [card]
            self._discard(gone)
            events.append(
                Event(
                    "minister",
                    "The Minister dismisses %s from stack %d."
                    % (", ".join(card_name(c) for c in gone), sid),
                    {"seat": me, "stack": _stack_zone(sid), "cards": gone},
                )
            )
        if code == "L":
            cards, area = self.stacks.pop(sid), self.area.pop(sid)
            new = [self._new_stack([c], area) for c in cards]
            event = Event(
                "lady",
                "The Lady-in-Waiting breaks stack %d into %d single cards." % (sid, len(cards)),
                {"seat": me, "stack": _stack_zone(sid), "into": [_stack_zone(n) for n in new]},
            )
            return [event, *self._end_action(me)]
        if self._equal_stacks(sid):
            self.phase = "conspire"
            return events
        return events + self._end_action(me)

    def _discard(self, cards: list[str]) -> None:
        for c in cards:
            self.discards[self.owner(c)].append(c)

    def _strike(self, me: int, sid: int) -> list[Event]:
        cards = self.stacks.pop(sid)
        area = self.area.pop(sid)
        self._discard(cards)
        event = Event(
            "conspire",
            "{p%d} conspires and eliminates stack %d of the %s (%s)."
            % (
                me,
                sid,
                "Inner Circle" if area == "inner" else "Outer Court",
                ", ".join(card_name(c) for c in cards),
            ),
            {"seat": me, "stack": _stack_zone(sid), "cards": cards, "area": area},
        )
        return [event, *self._end_action(me)]

    def _plan(self, me: int, card: str) -> list[Event]:
        self.hands[me].remove(card)
        self.decks[me].insert(0, card)
        self.known_bottom[me] += 1
        events = private_event(
            me,
            "plan",
            "You put %s under your deck." % card_name(card),
            {"seat": me, "card": card},
            "{p%d} plans for the future: a card goes under their deck." % me,
            {"seat": me},
            reveals=(),  # the seat's own choice, told back to it
        )
        self.pending = {}
        return events + self._end_action(me)

    def _end_action(self, me: int) -> list[Event]:
        """After the action: end at once if the court says so, else draw and pass the turn."""
        self.pending = {}
        reason = self._court_ended()
        if reason:
            return self._finish(reason)
        events = self._draw(me)
        if self.phase == "name":
            return events
        return events + self._next_turn(me)

    def _court_ended(self) -> str:
        inner = [sid for sid in self.stacks if self.area[sid] == "inner"]
        if not inner:
            return "The Inner Circle is empty."
        if self.players == 2:
            for s in range(2):
                if not any(self.owner(c) == s for sid in inner for c in self.stacks[sid]):
                    return "{p%d} has no noble left in the Inner Circle." % s
        return ""

    def _draw(self, me: int) -> list[Event]:
        deck = self.decks[me]
        if not deck:
            return []
        card = deck.pop()
        self.known_bottom[me] = min(self.known_bottom[me], len(deck))
        self.hands[me].append(card)
        if deck:
            return private_event(
                me,
                "draw",
                "You draw %s." % card_name(card),
                {"seat": me, "card": card},
                "{p%d} draws a card." % me,
                {"seat": me},
            )
        self.revealed[me] = card
        event = Event(
            "reveal",
            "{p%d} draws the last card of their deck and shows it: %s." % (me, card_name(card)),
            {"seat": me, "card": card},
        )
        if card in self.values or not is_variable(card):
            self.limit[me] = self.value_of(card)
        else:
            self.phase = "name"
            self.pending = {"card": card}
        return [event]

    def _name(self, me: int, card: str, v: int) -> list[Event]:
        self.values[card] = v
        self.limit[me] = v
        self.pending = {}
        event = Event(
            "name",
            "{p%d} names %s at %d: it will be worth that." % (me, card_name(card), v),
            {"seat": me, "card": card, "value": v},
        )
        return [event, *self._next_turn(me)]

    def _next_turn(self, me: int) -> list[Event]:
        self.current = (me + 1) % self.players
        self.phase = "action"
        self.turn += 1
        if not self._action_moves(self.current):
            return self._finish("{p%d} cannot play a card." % self.current)
        return []

    def _finish(self, reason: str) -> list[Event]:
        self.phase = "over"
        self.pending = {}
        self.end_reason = reason
        return [Event("end", "The game is over: " + reason, {})]

    # ---- end ----------------------------------------------------------------------------
    def in_play(self) -> list[str]:
        return [c for sid in self.stacks for c in self.stacks[sid]]

    def points(self) -> list[int]:
        """Influence points of each player's house cards in play (Jester 1, Mistress -1)."""
        pts = [0] * self.players
        for c in self.in_play():
            pts[self.owner(c)] += self.points_of_card(c, self.value_of(c))
        return pts

    def provisional_scores(self) -> tuple[float, ...]:
        """Scoring as if the game ended now: each seat's team's influence points in play."""
        pts = self.points()
        team_pts = {s: sum(pts[m] for m in team) for team in self.teams for s in team}
        return tuple(float(team_pts[s]) for s in range(self.players))

    def outcome(self) -> Outcome:
        if not self.over:
            raise ValueError("The game is not over yet.")
        pts = self.points()
        team_pts = [sum(pts[s] for s in team) for team in self.teams]
        nobles: list[list[int]] = [[] for _ in self.teams]
        team_of = {s: t for t, team in enumerate(self.teams) for s in team}
        for c in self.in_play():
            nobles[team_of[self.owner(c)]].append(self.value_of(c))
        for row in nobles:
            row.sort(reverse=True)
        best = max(team_pts)
        top = [t for t, p in enumerate(team_pts) if p == best]
        who = "the team of " if self.players == 4 else ""

        def names(t: int) -> str:
            return who + " and ".join("{p%d}" % s for s in self.teams[t])

        decided_by = "points"
        if len(top) == 1:
            win = top
            detail = f"{names(top[0])} wins with {best} influence points."
            detail = detail[0].upper() + detail[1:]  # "The team of…" starts a sentence
        else:
            high = max(nobles[t] for t in top)
            win = [t for t in top if nobles[t] == high]
            if len(win) == 1:
                decided_by = "highest card"
                detail = (
                    f"Influence ties at {best}; {names(win[0])} wins with the highest-value "
                    f"card in play ({high[0] if high else 0})."
                )
            else:
                decided_by = "shared"
                detail = f"Influence ties at {best} and so do the cards in play: a shared win."
        if self.end_reason:  # why it ended (source: the Inner Circle empty, or no card to play)
            detail = f"The court closes: {self.end_reason} {detail}"
        winners = tuple(sorted(s for t in win for s in self.teams[t]))
        scores = tuple(float(team_pts[team_of[s]]) for s in range(self.players))
        breakdown = {
            "points": pts,
            "teams": [list(t) for t in self.teams],
            "team_points": team_pts,
            "team_cards": nobles,
            "decided_by": decided_by,
            "end": self.end_reason,
        }
        return Outcome(scores, winners, detail, breakdown)

    # ---- what each seat sees --------------------------------------------------------------
    def view(self, seat: int | None) -> MediciView:
        over = self.phase == "over"
        stacks: list[MediciStack] = []
        for sid, cards in self.stacks.items():
            rows: list[MediciStackCard] = []
            for c in cards:
                v = self.value_of(c) if (c in self.values or not is_variable(c)) else None
                rows.append(
                    {
                        "card": c,
                        "owner": self.owner(c),
                        "house": HOUSES[HOUSE_OF[c]],
                        "value": v,
                        "points": None if v is None else self.points_of_card(c, v),
                    }
                )
            stacks.append(
                {
                    "id": _stack_zone(sid),
                    "area": self.area[sid],
                    "cards": rows,
                    "total": sum(r["value"] or 0 for r in rows),
                }
            )
        hands: list[list[str] | None] = []
        for s in range(self.players):
            hands.append(sorted(self.hands[s]) if over or s == seat else None)
        pending: MediciPending = {}
        if self.pending:
            pending = {"card": self.pending["card"]}
            if "stack" in self.pending:
                pending["stack"] = _stack_zone(self.pending["stack"])
        bottom = []
        if seat is not None and 0 <= seat < self.players and self.known_bottom[seat]:
            bottom = self.decks[seat][: self.known_bottom[seat]][::-1]  # nearest the top first
        return {
            "game": "medici",
            "viewer": seat,
            "players": self.players,
            "phase": self.phase,
            "to_move": self.to_move,
            "over": over,
            "turn": self.turn,
            "houses": [HOUSES[h] for h in self.houses],
            "teams": [list(t) for t in self.teams],
            "stacks": stacks,
            "hands": hands,
            "hand_counts": [len(h) for h in self.hands],
            "deck_counts": [len(d) for d in self.decks],
            "my_deck_bottom": bottom,
            "discards": [list(d) for d in self.discards],
            "revealed": list(self.revealed),
            "limits": list(self.limit),
            "values": dict(sorted(self.values.items())),
            "pending": pending,
            "points": self.points(),
            "end_reason": self.end_reason,
        }

    def hidden_cards(self, seat: int | None) -> set[str]:
        hidden: set[str] = set()
        for s in range(self.players):
            deck = self.decks[s]
            k = self.known_bottom[s] if s == seat else 0
            hidden.update(deck[k:])
            if s != seat and self.phase != "over":
                hidden.update(c for c in self.hands[s] if c != self.revealed[s])
        return hidden

    def census(self) -> list[str]:
        out = self.in_play()
        for s in range(self.players):
            out += self.decks[s] + self.hands[s] + self.discards[s]
        return out

    def snapshot(self) -> dict[str, Any]:
        # Each stack is written with its area, as one entry.
        return super().snapshot() | {
            "stacks": [[sid, self.area[sid], list(c)] for sid, c in self.stacks.items()]
        }

    def determinize(self, seat: int, rng: random.Random) -> Medici:
        """A copy where what ``seat`` cannot see is dealt again: the rivals' hands and decks
        (the revealed last card stays put) and the unplanned part of ``seat``'s own deck."""
        copy = self._determinized_copy(seat, rng)
        assert isinstance(copy, Medici)
        for s in range(self.players):
            if s == seat:
                k = self.known_bottom[s]
                # Sorted first: the result must not depend on the hidden order.
                rest = sorted(self.decks[s][k:])
                rng.shuffle(rest)
                copy.decks[s] = self.decks[s][:k] + rest
                continue
            if self.phase == "over":
                continue
            kept = [c for c in self.hands[s] if c == self.revealed[s]]
            pool = sorted([c for c in self.hands[s] if c != self.revealed[s]] + self.decks[s])
            rng.shuffle(pool)
            n = len(self.hands[s]) - len(kept)
            copy.hands[s] = kept + pool[:n]
            copy.decks[s] = pool[n:]
            copy.known_bottom[s] = 0
        return copy

    # ---- notation -----------------------------------------------------------------------------
    def parse_move(self, text: str) -> MediciMove:
        """Read :class:`MediciMove` notation; raise IllegalMove('bad-notation') if unreadable."""
        if not isinstance(text, str):
            raise IllegalMove("bad-notation", "A move must be written as text.", text)
        try:
            move = self._parse_words(text.split())
        except (KeyError, ValueError, IndexError):
            move = None
        if move is None:
            raise IllegalMove(
                "bad-notation",
                f"'{text[:40]}' is not a Court of the Medici move (try 'court G7a', "
                "'build G7a on 3', 'plan G7a', 'value 7', 'strike 3', 'spare', 'name GJa 7').",
                text,
            )
        return move

    def _parse_words(self, words: list[str]) -> MediciMove | None:
        if not words:
            return None
        head, rest = words[0].lower(), words[1:]
        if head == "spare" and not rest:
            return SPARE
        if head == "value" and len(rest) == 1:
            return MediciMove("value", value=(int(rest[0]),))
        if head == "strike" and len(rest) == 1:
            return MediciMove("strike", target=_stack_zone(_number(rest[0])))
        card = _card(rest[0]) if rest else None
        if card is None:
            return None
        if head == "court" and len(rest) == 1:
            return MediciMove("court", (card,), "outer")
        if head == "plan" and len(rest) == 1:
            seat = self.seat_of_house.get(INITIALS.index(card[0]), -1)
            return MediciMove("plan", (card,), f"deck:{seat}")
        if head == "build" and len(rest) == 3 and rest[1].lower() == "on":
            return MediciMove("build", (card,), _stack_zone(_number(rest[2])))
        if head == "name" and len(rest) == 2:
            return MediciMove("name", (card,), value=(int(rest[1]),))
        return None


def _number(word: str) -> int:
    word = word.removeprefix("stack:")
    if not word.isdigit() or len(word) > 6:
        raise ValueError(word)
    return int(word)


def _card(word: str) -> str | None:
    """Card ids are case-sensitive in form (``G7a``); accept any case."""
    if len(word) < 2:
        return None
    guess = word[0].upper() + word[1:].upper()
    if guess[-1] in "AB" and len(guess) > 2:
        guess = guess[:-1] + guess[-1].lower()
    if guess in FACE:
        return guess
    # A house initial and a short rank that the deck lacks ("G11a", "G7c") is still read as a
    # card, so that the refusal can say which cards a deck holds.
    if guess[0] in INITIALS and len(guess) <= 4 and guess[1:].isalnum():
        return guess[0] + word[1:]
    return None


SPEC = register(
    GameSpec(
        id="medici",
        title="Court of the Medici",
        pitch="Place nobles at court, build alliances and conspire; 2-player duel or 4-player "
        "Alliances in two teams.",
        min_players=2,
        max_players=4,
        player_counts=(2, 4),
        options=(
            OptionSpec(
                "houses",
                "choice",
                PAIRS[0],
                "Houses (duel)",
                "The two houses of a 2-player game, the first seat's house listed first (the "
                "Inner Circle totals decide who starts). With 4 players every house plays "
                "(Gonzaga, Della Rovere, Orsini, Pazzi by seat).",
                choices=PAIRS,
                players=(2,),
            ),
            OptionSpec(
                "mistresses",
                "bool",
                False,
                "Mistresses (duel)",
                "Add the two Mistresses of the Alliances variant to each house in a 2-player "
                "game. With 4 players they are always in.",
                players=(2,),
            ),
            OptionSpec(
                "decks",
                "card-list",
                None,
                "Fixed decks",
                "Every card of every house in play, once each. Each house's cards, in the "
                "order they appear in the list, are that house's deck from the top: the duel "
                "deals the first 4 into the Inner Circle, the next 5 into the hand; with 4 "
                "players the first 5 are the hand and the next 4 go to Inner Circle stacks 1 to "
                "4. The rest is the draw pile. Houses may be interleaved freely; ids are house "
                "initial + rank + copy (G7a, RMb, OJa, PXb, GD).",
                advanced=True,
            ),
        ),
        factory=Medici,
        rules_file="medici.md",
        test_configs=(
            (2, {}),
            (2, {"houses": "Pazzi / Orsini", "mistresses": True}),
            (4, {}),
        ),
        # A bound, not the least: the duel ends at once when a house has no card left in the
        # Inner Circle, whose 4 single cards a turn can take out only one at a time (4 turns of
        # one player between 3 of the other).
        shape=GameShape(simultaneous="none", decisions="both", shortest=7),
    )
)
Medici.spec = SPEC
