"""Allegiance: 3 to 9 players secretly back one of five noble Houses and steer Victories to it.

Source: ``shared/sources/002_2087373f59983d5d.txt``; house readings in RULES-NOTES.md and
``allegiance.md``.

Card ids (short, stable, unique across the 54-card deck):

- Faces: house letter + rank, ``"H5"`` is the Knight of Hearts. Letters: ``H`` Hearts,
  ``S`` Swords, ``P`` Spells, ``G`` Gems, ``T`` Stars. Ranks: 7 Count, 6 Countess, 5 Knight,
  4 Assassin, 3 Lady, 2 Page, 1 Maiden.
- Traits, Victories and the Moon by name: ``"Clever"``, ``"Honor"``, ``"Moon"``.

Decisions, in order: each player picks an Allegiance card (seat order, each secret); then
turns of ``play`` / ``trait`` with the Assassin's follow-up ``kill`` or ``spare``; between
deals of a match, ``deal`` starts the next one. Awards and dealing are automatic.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, ClassVar, Literal, NotRequired, TypedDict

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
from .state import HANDS, LIST, LISTS, LOG, VALUE, Kind

# Every refusal code this game raises (besides core.GENERIC_REFUSALS): code -> what it means.
REFUSALS: dict[str, str] = {
    "bad-move": "'spare' or 'deal' written with a card or a place",
    "bad-notation": "the text is not an Allegiance move",
    "bad-value": "the move carries values no Allegiance move has",
    "face-not-in-trick": "a face-up Trait names a Face that is not in the current trick",
    "must-lead-moon": "the Moon's holder must play the Moon first",
    "no-such-card": "the move does not name one card of the deck",
    "no-such-player": "a face-down Trait names no player",
    "not-a-face": "the card must be a Face (an Allegiance card, a kill, a Trait's Face)",
    "not-a-trait": "a card that is not a Trait is played as one",
    "not-in-hand": "the player does not hold the card",
    "not-in-trick": "the Assassin's target is not in the trick",
    "self-kill": "the Assassin cannot remove itself",
    "trait-needs-target": "a Trait is played without a Face or a player to go to",
    "wrong-step": "the move belongs to another step of the turn",
    "wrong-target": "the card goes somewhere else",
}

HOUSES = ("Hearts", "Swords", "Spells", "Gems", "Stars")
LETTERS = "HSPGT"
RANK_NAMES = {
    7: "Count",
    6: "Countess",
    5: "Knight",
    4: "Assassin",
    3: "Lady",
    2: "Page",
    1: "Maiden",
}
ASSASSIN = 4
FACES = tuple(f"{LETTERS[h]}{r}" for h in range(5) for r in range(7, 0, -1))
TRAITS = {"Clever": 2, "Beloved": 2, "Valiant": 2, "Foolish": -2, "Craven": -2, "Despised": -2}
VICTORIES = (
    "Courage",
    "Honor",
    "Love",
    "Time",
    "Glory",
    "Wisdom",
    "Faith",
    "Fortune",
    "Justice",
    "Mercy",
    "Valor",
    "Peace",
)
MOON = "Moon"
CARDS = FACES + tuple(TRAITS) + VICTORIES + (MOON,)
FACE_SET = frozenset(FACES)
VICTORY_SET = frozenset(VICTORIES)
HOUSE_OF = {c: LETTERS.index(c[0]) for c in FACES}
RANK_OF = {c: int(c[1]) for c in FACES}
EXCLUDED = {3: 0, 4: 2, 5: 4, 6: 0, 7: 5, 8: 6, 9: 0}  # source, "Setup"
MAX_PLAYERS = 9
_BY_LOWER = {c.lower(): c for c in CARDS}


def winning_houses(victories: Sequence[int]) -> list[int]:
    """The houses that win a deal, by each house's Victories: those with the most (source,
    "Scoring"); none if no Victory was awarded at all (house reading)."""
    top = max(victories)
    return [h for h in range(len(victories)) if victories[h] == top and top > 0]


def allegiance_points(card: str | None, winning: Sequence[int]) -> int:
    """What an Allegiance card scores at a deal's end: its rank if its house won the deal
    (source, "Scoring"), else nothing."""
    return RANK_OF[card] if card is not None and HOUSE_OF[card] in winning else 0


def card_name(card: str) -> str:
    """``"the Knight of Hearts"``, ``"Clever"``, ``"the Moon"``."""
    if card in FACE_SET:
        return f"the {RANK_NAMES[RANK_OF[card]]} of {HOUSES[HOUSE_OF[card]]}"
    if card == MOON:
        return "the Moon"
    return card


def _kind_phrase(card: str) -> str:
    """``"Honor is a Victory"``, ``"Clever is a Trait"``, ``"the Moon is not a Face"``."""
    if card in VICTORY_SET:
        return f"{card} is a Victory"
    if card in TRAITS:
        return f"{card} is a Trait"
    return f"{card_name(card)} is not a Face"


class AllegianceMove(Move):
    """An Allegiance decision with the game's short notation.

    ``ally H5`` · ``play S7`` · ``play Honor`` · ``play Moon`` · ``trait Clever S7`` (face up
    on a Face in the trick) · ``trait Foolish @p2`` (face down in front of Player 2, counted
    from 1) · ``kill H3`` · ``spare`` · ``deal``.
    """

    def __str__(self) -> str:
        try:
            return self._notation()
        except (IndexError, TypeError, ValueError, AttributeError):
            return super().__str__()  # a malformed move still prints, in the generic form

    def _notation(self) -> str:
        k = self.kind
        if k in ("ally", "play", "kill"):
            return f"{k} {self.cards[0]}"
        if k == "trait":
            if self.target.startswith("front:"):
                return f"trait {self.cards[0]} @p{int(self.target[6:]) + 1}"
            return f"trait {self.cards[0]} {self.target.removeprefix('face:')}"
        return k  # spare, deal


# Every decision of the game exists once; reusing them keeps playouts fast.
ALLY = {
    (c, s): AllegianceMove("ally", cards=(c,), target=f"allegiance:{s}")
    for c in FACES
    for s in range(MAX_PLAYERS)
}
# Traits too: "play Clever" parses, so that it can be refused with the precise reason.
PLAY = {c: AllegianceMove("play", cards=(c,), target="trick") for c in CARDS}
TRAIT_UP = {
    (t, f): AllegianceMove("trait", cards=(t,), target=f"face:{f}") for t in TRAITS for f in FACES
}
TRAIT_DOWN = {
    (t, s): AllegianceMove("trait", cards=(t,), target=f"front:{s}")
    for t in TRAITS
    for s in range(MAX_PLAYERS)
}
KILL = {f: AllegianceMove("kill", cards=(f,), target="trick") for f in FACES}
SPARE = AllegianceMove("spare")
DEAL = AllegianceMove("deal")


# ---- what view(seat) returns


class AllegianceTrait(TypedDict):
    """A Trait on a Face in the trick, and the seat that placed it."""

    seat: int
    card: str


class AllegianceTrickCard(TypedDict):
    """A card played to the trick; a Face also shows its tile, traits and rank."""

    seat: int
    card: str
    tile: NotRequired[int]
    traits: NotRequired[list[AllegianceTrait]]
    rank: NotRequired[int]  # with its traits
    best: NotRequired[bool]  # winning the trick so far


class AllegianceWaiting(TypedDict):
    """A Trait placed face down before a seat: who placed it, and what (None: hidden)."""

    by: int
    card: str | None


class AllegianceView(TypedDict):
    """What :meth:`Allegiance.view` shows a seat (``viewer``; ``None``: the public table).
    Per-seat lists are indexed by seat; a finished deal shows everything."""

    game: Literal["allegiance"]
    viewer: int | None
    players: int
    phase: str
    to_move: int | None
    over: bool
    deal: int
    deals: int
    houses: list[str]
    hands: list[list[str] | None]  # None: hidden from the viewer
    hand_counts: list[int]
    allegiance: list[str | None]  # each seat's allegiance card, None if hidden or not chosen
    allegiance_chosen: list[bool]
    excluded: list[str]
    moon_holder: int | None
    leader: int | None
    round_left: list[int]
    trick: list[AllegianceTrickCard]
    waiting: list[list[AllegianceWaiting]]  # [seat]: Traits face down before it
    won: dict[str, list[str]]  # house -> cards won for it
    victories_in_play: int
    victories_left: int
    discard: list[str]
    kill_pending: bool
    scores: list[int]
    deal_results: list[dict[str, Any]]


def _copy_trick(trick: list[list[Any]]) -> list[list[Any]]:
    return [[e[0], e[1], e[2], list(e[3]) if e[2] else None] for e in trick]


def _plain_trick(trick: list[list[Any]]) -> list[list[Any]]:
    return [[e[0], e[1], e[2], [list(x) for x in e[3]] if e[2] else None] for e in trick]


def _plain_waiting(waiting: list[list[tuple[int, str]]]) -> list[list[list[Any]]]:
    return [[list(x) for x in w] for w in waiting]


class Allegiance(Game):
    RULES_VERSION: ClassVar[int] = 1
    move_type: ClassVar[type[Move]] = AllegianceMove
    STATE: ClassVar[Mapping[str, Kind]] = {
        "phase": VALUE,
        "deal_no": VALUE,
        "deals": VALUE,
        "hands": HANDS,
        "excluded": LIST,
        "allegiance": LIST,
        # [seat, card, tile, traits]: a Face's entry (tile > 0) holds the traits flipped onto it
        "trick": Kind(_copy_trick, _plain_trick),
        "tile": VALUE,
        "waiting": Kind(LISTS.copy, _plain_waiting),  # per seat: (placer, trait) face down
        "won": LISTS,
        "discard": LIST,
        "moon_holder": VALUE,
        "leader": VALUE,
        "round_seats": LIST,
        "in_play": VALUE,
        "totals": LIST,
        "records": LOG,
    }

    def __init__(self, players: int, seed: int | None, options: Mapping[str, Any]) -> None:
        super().__init__(players, seed, options)
        deck = self.options.get("deck")
        if deck is not None and sorted(deck) != sorted(CARDS):
            raise SetupError("A fixed deck must list each of the 54 cards once (H7 … T1, Moon).")
        self.deals: int = self.options["deals"]
        self.deal_no = 0
        self.totals = [0] * players
        self.records: list[dict[str, Any]] = []
        self.opening_events = self._start_deal(list(deck) if deck is not None else None)

    # ---- a deal -------------------------------------------------------------------
    def _start_deal(self, fixed: list[str] | None) -> list[Event]:
        """Exclude, deal round-robin from seat 0, redeal while a hand holds no Face."""
        n, k = self.players, EXCLUDED[self.players]
        events: list[Event] = []
        while True:
            if fixed is None:
                order = list(CARDS)
                self.rng.shuffle(order)
            else:
                order = fixed
            excluded: list[str] = []
            rest: list[str] = []
            for c in order:
                # House reading: the Moon is never set aside; the next card goes instead.
                if len(excluded) < k and c != MOON:
                    excluded.append(c)
                else:
                    rest.append(c)
            hands = [rest[i::n] for i in range(n)]
            faceless = [s for s in range(n) if not any(c in FACE_SET for c in hands[s])]
            if not faceless:
                break
            if fixed is not None:
                raise SetupError(
                    f"This fixed deal leaves Player {faceless[0] + 1} without a Face card."
                )
            events.append(
                Event(
                    "redeal",
                    "{p%d} holds no Face card: the cards are shuffled and dealt again."
                    % faceless[0],
                    {"seat": faceless[0]},
                )
            )
        self.deal_no += 1
        self.phase = "ally"
        self.hands = hands
        self.excluded = excluded
        self.allegiance: list[str | None] = [None] * n
        self.trick: list[list[Any]] = []  # [seat, card, tile, traits[(seat, trait)]]
        self.tile = 1
        self.waiting: list[list[tuple[int, str]]] = [[] for _ in range(n)]  # (placer, trait)
        self.won: list[list[str]] = [[] for _ in HOUSES]
        self.discard: list[str] = []
        self.moon_holder: int | None = next(s for s in range(n) if MOON in hands[s])
        self.leader = self.moon_holder
        self.round_seats: list[int] = []
        self.in_play = sum(1 for c in rest if c in VICTORY_SET)
        events.append(
            Event(
                "deal",
                "Deal %d of %d: %s set aside face up%s."
                % (
                    self.deal_no,
                    self.deals,
                    f"{len(excluded)} cards" if excluded else "no cards",
                    (" (" + ", ".join(card_name(c) for c in excluded) + ")") if excluded else "",
                ),
                {"deal": self.deal_no, "excluded": list(excluded)},
            )
        )
        for s in range(n):
            hand = sorted(hands[s])
            events += private_event(
                s,
                "hand",
                "You are dealt %s." % ", ".join(card_name(c) for c in hand),
                {"seat": s, "cards": hand},
                "{p%d} is dealt %d cards." % (s, len(hand)),
                {"seat": s, "count": len(hand)},
            )
        events.append(
            Event(
                "moon",
                "{p%d} holds the Moon and will lead." % self.moon_holder,
                {"seat": self.moon_holder},
            )
        )
        return events

    # ---- questions ---------------------------------------------------------------
    def secret_round(self) -> Hashable | None:
        """Each deal opens with every player choosing an Allegiance card in secret."""
        return ("ally", self.deal_no) if self.phase == "ally" else None

    @property
    def to_move(self) -> int | None:
        phase = self.phase
        if phase == "play" or phase == "kill":
            return self.round_seats[0]
        if phase == "ally":
            return self.allegiance.index(None)
        if phase == "next":
            return self.deal_no % self.players
        return None

    def _legal_moves(self) -> list[Move]:
        phase, me = self.phase, self.mover
        if phase == "play":
            hand = self.hands[me]
            if self.moon_holder == me:
                return [PLAY[MOON]]
            faces = [e[1] for e in self.trick if e[2]]
            out: list[Move] = []
            for c in sorted(hand):
                if c in TRAITS:
                    out += [TRAIT_UP[c, f] for f in faces]
                    out += [TRAIT_DOWN[c, s] for s in range(self.players)]
                else:
                    out.append(PLAY[c])
            return out
        if phase == "ally":
            return [ALLY[c, me] for c in sorted(self.hands[me]) if c in FACE_SET]
        if phase == "kill":
            assassin = self.trick[-1][1]
            return [*(KILL[e[1]] for e in self.trick if e[2] and e[1] != assassin), SPARE]
        if phase == "next":
            return [DEAL]
        return []

    def effective_rank(self, entry: list[Any]) -> int:
        """A Face's rank with every trait on it (source, 'Play': traits change rank by 2)."""
        return RANK_OF[entry[1]] + sum(TRAITS[t] for _, t in entry[3])

    def best_face(self) -> list[Any] | None:
        """The trick's winning Face so far: highest effective rank, then the lowest tile
        (precedence: the Face played first)."""
        best: list[Any] | None = None
        best_rank = -99
        for e in self.trick:
            if e[2]:
                r = self.effective_rank(e)
                if r > best_rank:  # strictly: an equal rank played later never takes over
                    best, best_rank = e, r
        return best

    def _describe(self, move: Move, seat: int | None, names: Sequence[str]) -> str | None:
        k = move.kind
        if k == "kill":
            return f"Assassinate {card_name(move.cards[0])}"
        if k == "spare":
            return "Spare them all"
        if k == "deal":
            return "Start the next deal"
        if k == "ally":
            return f"Back {HOUSES[HOUSE_OF[move.cards[0]]]} with {card_name(move.cards[0])}"
        if k == "play":
            return f"Play {card_name(move.cards[0])}"
        if k == "trait":
            target = move.target or ""
            if target.startswith("front:"):
                before = int(target[6:])
                who = names[before] if before < len(names) else f"Player {before + 1}"
                return f"{move.cards[0]} face down before {who}"
            return f"{move.cards[0]} on {card_name(target.removeprefix('face:'))}"
        return None

    def prompt(self) -> str:
        if self.over:
            return ""
        phase, me = self.phase, self.mover
        if phase == "ally":
            return "Choose your secret Allegiance card: one of your Face cards, played face down."
        if phase == "kill":
            return (
                "Your Assassin may remove one other Face (with its traits) from the trick, "
                "or spare them all."
            )
        if phase == "next":
            return f"Deal {self.deal_no} is over: start deal {self.deal_no + 1}."
        if self.moon_holder == me:
            return "You hold the Moon: lead it to begin the deal."
        if self.waiting[me]:
            return (
                "Play a card: a Face, a Victory, or a Trait (on a Face in the trick, or face "
                f"down in front of a player). {len(self.waiting[me])} face-down trait(s) wait "
                "for your next Face."
            )
        return (
            "Play a card: a Face, a Victory, or a Trait (on a Face in the trick, or face down "
            "in front of a player)."
        )

    def _explain(self, move: Move) -> IllegalMove | None:
        me, k, phase = self.mover, move.kind, self.phase
        wanted = {
            "ally": ("ally",),
            "play": ("play", "trait"),
            "kill": ("kill", "spare"),
            "next": ("deal",),
        }[phase]
        # Words a player reads (what to do now, with what), never a move's notation.
        expected = {
            "ally": "choose your Allegiance card: one Face from your hand, played face down",
            "play": (
                "play a card: a Face or a Victory into the trick, or a Trait on a Face or "
                "face down before a player"
            ),
            "kill": (
                "decide what your Assassin does: remove another Face from the trick, or spare "
                "them all"
            ),
            "next": "start the next deal",
        }[phase]
        if phase == "play" and self.moon_holder == me:
            expected = "lead the Moon to begin the deal"
        if k not in wanted:
            return IllegalMove("wrong-step", f"Now you must {expected}.", move)
        if move.value:
            return IllegalMove(
                "bad-value", f"'{move}' carries values no move of this game has.", move
            )
        if k in ("spare", "deal"):
            return IllegalMove("bad-move", f"'{k}' names no card and no place.", move)
        card = move.cards[0] if len(move.cards) == 1 else None
        if card not in CARDS:
            return IllegalMove(
                "no-such-card", f"'{move}' does not name one card of the deck.", move
            )
        name = card_name(card)
        if k == "kill":
            if card not in FACE_SET:
                return IllegalMove(
                    "not-a-face",
                    f"An Assassin removes a Face from the trick; {_kind_phrase(card)}.",
                    move,
                )
            entries = [e for e in self.trick if e[2] and e[1] == card]
            if card == self.trick[-1][1]:
                return IllegalMove(
                    "self-kill", "The Assassin removes another Face, not itself.", move
                )
            if not entries:
                return IllegalMove(
                    "not-in-trick", f"{sentence_start(name)} is not in the trick.", move
                )
            return None
        # What the rules forbid whatever the hand holds comes first.
        if k == "ally" and card not in FACE_SET:
            return IllegalMove(
                "not-a-face",
                f"An Allegiance card must be a Face; {_kind_phrase(card)}.",
                move,
            )
        if k == "trait" and card not in TRAITS:
            return IllegalMove(
                "not-a-trait",
                f"{sentence_start(name)} is not a Trait: play it into the trick.",
                move,
            )
        if card not in self.hands[me]:
            return IllegalMove("not-in-hand", f"You do not hold {name}.", move)
        if k == "ally":
            return IllegalMove(
                "wrong-target", "Your Allegiance card goes face down in front of you.", move
            )
        if self.moon_holder == me and card != MOON:
            return IllegalMove("must-lead-moon", "You hold the Moon: you must play it first.", move)
        if k == "play":
            if card in TRAITS:
                return IllegalMove(
                    "trait-needs-target",
                    "A Trait goes on a Face in the trick or face down in front of a player.",
                    move,
                )
            return IllegalMove("wrong-target", "Cards are played into the trick.", move)
        # k == "trait"
        target = move.target
        if target.startswith("face:"):
            face = target[5:]
            if face in CARDS and face not in FACE_SET:
                return IllegalMove(
                    "not-a-face",
                    f"A face-up Trait goes on a Face in the trick; {_kind_phrase(face)}.",
                    move,
                )
            if not any(e[2] and e[1] == face for e in self.trick):
                shown = card_name(face) if face in FACE_SET else repr(face)
                return IllegalMove(
                    "face-not-in-trick",
                    f"A face-up Trait goes on a Face in the current trick; {shown} is not there.",
                    move,
                )
        if target.startswith("front:"):
            return IllegalMove(
                "no-such-player",
                f"A face-down Trait goes in front of a player, and the players are Player 1 "
                f"to Player {self.players}: '{move}' names none of them.",
                move,
            )
        return IllegalMove(
            "wrong-target",
            "A Trait goes on a Face in the trick or face down in front of a player.",
            move,
        )

    # ---- applying a decision -------------------------------------------------------
    def _apply(self, move: Move) -> list[Event]:
        me = self.mover
        k = move.kind
        if k == "play":
            return self._play(me, move.cards[0])
        if k == "trait":
            return self._trait(me, move.cards[0], move.target)
        if k == "ally":
            return self._ally(me, move.cards[0])
        if k == "kill":
            return self._kill(me, move.cards[0])
        if k == "spare":
            self.phase = "play"
            spare = Event("spare", "{p%d}'s Assassin spares everyone." % me, {"seat": me})
            return [spare, *self._end_turn()]
        return self._start_deal(None)  # deal

    def _ally(self, me: int, card: str) -> list[Event]:
        self.hands[me].remove(card)
        self.allegiance[me] = card
        events = private_event(
            me,
            "ally",
            "You choose %s as your Allegiance card: you back %s."
            % (card_name(card), HOUSES[HOUSE_OF[card]]),
            {"seat": me, "card": card},
            "{p%d} places an Allegiance card face down." % me,
            {"seat": me},
            reveals=(),  # the seat's own choice, told back to it
        )
        if None not in self.allegiance:
            self.phase = "play"
            events += self._start_round()
        return events

    def _start_round(self) -> list[Event]:
        n, lead = self.players, self.leader
        # House reading: a player with an empty hand is skipped (never happens with the
        # source's deal sizes, where every hand holds the same number of cards).
        self.round_seats = [s for s in ((lead + i) % n for i in range(n)) if self.hands[s]]
        if not self.round_seats:
            return self._end_deal()
        return []

    def _play(self, me: int, card: str) -> list[Event]:
        self.hands[me].remove(card)
        if card in FACE_SET:
            flipped = self.waiting[me]
            self.waiting[me] = []
            tile = self.tile
            entry: list[Any] = [me, card, tile, flipped]
            self.tile += 1
            self.trick.append(entry)
            events = [
                Event(
                    "play",
                    "{p%d} plays %s (precedence %d)." % (me, card_name(card), tile),
                    {"seat": me, "card": card, "tile": tile},
                )
            ]
            if flipped:
                events.append(
                    Event(
                        "flip",
                        "The traits waiting in front of {p%d} flip onto %s: %s."
                        % (me, card_name(card), ", ".join(t for _, t in flipped)),
                        {"seat": me, "card": card, "traits": [[s, t] for s, t in flipped]},
                    )
                )
            if RANK_OF[card] == ASSASSIN and any(e[2] and e is not entry for e in self.trick):
                self.phase = "kill"
                return events
            return events + self._end_turn()
        self.trick.append([me, card, 0, None])
        if card == MOON:
            self.moon_holder = None
        events = [
            Event("play", "{p%d} plays %s." % (me, card_name(card)), {"seat": me, "card": card})
        ]
        return events + self._end_turn()

    def _trait(self, me: int, trait: str, target: str) -> list[Event]:
        self.hands[me].remove(trait)
        if target.startswith("face:"):
            face = target[5:]
            entry = next(e for e in self.trick if e[1] == face)
            entry[3].append((me, trait))
            events = [
                Event(
                    "trait",
                    "{p%d} plays %s on %s (now rank %d)."
                    % (me, trait, card_name(face), self.effective_rank(entry)),
                    {"seat": me, "card": trait, "face": face},
                )
            ]
        else:
            to = int(target[6:])
            self.waiting[to].append((me, trait))
            where = "themselves" if to == me else "{p%d}" % to
            events = private_event(
                me,
                "trait-down",
                "You place %s face down in front of %s."
                % (trait, "yourself" if to == me else "{p%d}" % to),
                {"seat": me, "card": trait, "to": to},
                "{p%d} places a trait face down in front of %s." % (me, where),
                {"seat": me, "to": to},
                reveals=(),  # the seat's own choice, told back to it
            )
        return events + self._end_turn()

    def _kill(self, me: int, face: str) -> list[Event]:
        entry = next(e for e in self.trick if e[1] == face)
        self.trick.remove(entry)
        self.discard.append(face)
        self.discard.extend(t for _, t in entry[3])
        self.phase = "play"
        event = Event(
            "kill",
            "{p%d}'s Assassin removes %s from the trick." % (me, card_name(face)),
            {"seat": me, "card": face, "owner": entry[0]},
        )
        return [event, *self._end_turn()]

    def _end_turn(self) -> list[Event]:
        self.round_seats.pop(0)
        if self.round_seats:
            return []
        events = self._award()
        if len(self.awarded_cards()) == self.in_play or not any(self.hands):
            return events + self._end_deal()
        return events + self._start_round()

    def awarded_cards(self) -> list[str]:
        return [v for pile in self.won for v in pile]

    def _award(self) -> list[Event]:
        """End of a round: award the trick's Victories if it holds a Face and a Victory."""
        victories = [e[1] for e in self.trick if e[1] in VICTORY_SET]
        best = self.best_face()
        if best is None or not victories:
            return []
        house = HOUSE_OF[best[1]]
        self.won[house].extend(victories)
        for e in self.trick:
            if e[1] not in VICTORY_SET:
                self.discard.append(e[1])
                if e[2]:
                    self.discard.extend(t for _, t in e[3])
        self.trick = []
        self.tile = 1
        self.leader = best[0]
        return [
            Event(
                "award",
                "%s go%s to %s: {p%d}'s %s wins at rank %d; {p%d} leads next."
                % (
                    " and ".join(victories),
                    "es" if len(victories) == 1 else "",
                    HOUSES[house],
                    best[0],
                    card_name(best[1]).removeprefix("the "),
                    self.effective_rank(best),
                    best[0],
                ),
                {"house": HOUSES[house], "victories": victories, "seat": best[0], "face": best[1]},
            )
        ]

    def _end_deal(self) -> list[Event]:
        counts = [len(p) for p in self.won]
        winning = winning_houses(counts)
        points = [allegiance_points(c, winning) for c in self.allegiance]
        for s, p in enumerate(points):
            self.totals[s] += p
        unawarded = self.in_play - sum(counts)
        # Card ids stay out of the record: in a later deal those cards are hidden again.
        self.records.append(
            {
                "deal": self.deal_no,
                "victories": {HOUSES[h]: counts[h] for h in range(5)},
                "unawarded": unawarded,
                "winning_houses": [HOUSES[h] for h in winning],
                "allegiance": [
                    {"house": HOUSES[HOUSE_OF[c]], "rank": RANK_OF[c]} if c else None
                    for c in self.allegiance
                ],
                "points": points,
            }
        )
        self.round_seats = []
        self.phase = "next" if self.deal_no < self.deals else "over"
        events = []
        if unawarded:
            events.append(
                Event(
                    "unawarded",
                    "%d Victor%s never awarded: they go to no house."
                    % (unawarded, "y was" if unawarded == 1 else "ies were"),
                    {"count": unawarded},
                )
            )
        for s, c in enumerate(self.allegiance):
            if c is None:  # every player chose one before the first card was played
                continue
            events.append(
                Event(
                    "reveal",
                    "{p%d} backed %s with %s: %d point%s."
                    % (
                        s,
                        HOUSES[HOUSE_OF[c]],
                        card_name(c),
                        points[s],
                        "" if points[s] == 1 else "s",
                    ),
                    {"seat": s, "card": c, "points": points[s]},
                )
            )
        text = (
            "No house won a Victory: nobody scores this deal."
            if not winning
            else "%s win%s the deal with %d Victor%s."
            % (
                " and ".join(HOUSES[h] for h in winning),
                "s" if len(winning) == 1 else "",
                max(counts),
                "y" if max(counts) == 1 else "ies",
            )
        )
        events.append(
            Event(
                "deal-end",
                text,
                {"deal": self.deal_no, "winning_houses": [HOUSES[h] for h in winning]},
            )
        )
        if self.phase == "over":
            events.append(Event("end", "The game is over.", {"scores": list(self.totals)}))
        return events

    # ---- end --------------------------------------------------------------------------
    def provisional_scores(self) -> tuple[float, ...]:
        """Totals as if the deal in play ended now: the Houses leading on Victories won score
        for the Allegiance cards backing them (a deal already scored adds nothing)."""
        if self.phase not in ("play", "kill"):
            return tuple(float(t) for t in self.totals)
        winning = winning_houses([len(p) for p in self.won])
        return tuple(
            float(self.totals[s] + allegiance_points(c, winning))
            for s, c in enumerate(self.allegiance)
        )

    def outcome(self) -> Outcome:
        if not self.over:
            raise ValueError("The game is not over yet.")
        top = max(self.totals)
        winners = tuple(s for s in range(self.players) if self.totals[s] == top)
        if top == 0:
            detail = "Nobody scored: the game is shared by everyone."
        elif len(winners) == 1:
            detail = "{p%d} wins with %d point%s." % (winners[0], top, "" if top == 1 else "s")
        else:
            detail = "%s share the win with %d points each." % (
                " and ".join("{p%d}" % s for s in winners),
                top,
            )
        detail = self._why_over() + " " + detail
        breakdown = {"deals": [dict(r) for r in self.records], "totals": list(self.totals)}
        return Outcome(tuple(float(t) for t in self.totals), winners, detail, breakdown)

    def _why_over(self) -> str:
        """Why the game ended, for the results: the match's deals are all played, or the one
        deal is over (source, "Winning": once all Victories are awarded; house reading: or the
        cards ran out first)."""
        if self.deals > 1:
            return "All %d deals are played." % self.deals
        last = self.records[-1] if self.records else {}
        if last.get("unawarded"):
            return "The cards ran out with %d Victor%s never awarded." % (
                last["unawarded"],
                "y" if last["unawarded"] == 1 else "ies",
            )
        return "All %d Victories are awarded." % self.in_play

    # ---- what each seat sees ------------------------------------------------------------
    def view(self, seat: int | None) -> AllegianceView:
        n = self.players
        public = self.phase in ("next", "over")  # a finished deal shows everything
        best = self.best_face()
        trick: list[AllegianceTrickCard] = []
        for e in self.trick:
            item: AllegianceTrickCard = {"seat": e[0], "card": e[1]}
            if e[2]:
                item["tile"] = e[2]
                item["traits"] = [{"seat": s, "card": t} for s, t in e[3]]
                item["rank"] = self.effective_rank(e)
                item["best"] = e is best
            trick.append(item)
        return {
            "game": "allegiance",
            "viewer": seat,
            "players": n,
            "phase": self.phase,
            "to_move": self.to_move,
            "over": self.phase == "over",
            "deal": self.deal_no,
            "deals": self.deals,
            "houses": list(HOUSES),
            "hands": [sorted(self.hands[s]) if public or s == seat else None for s in range(n)],
            "hand_counts": [len(h) for h in self.hands],
            "allegiance": [self.allegiance[s] if public or s == seat else None for s in range(n)],
            "allegiance_chosen": [c is not None for c in self.allegiance],
            "excluded": list(self.excluded),
            "moon_holder": self.moon_holder,
            "leader": self.leader,
            "round_left": list(self.round_seats),
            "trick": trick,
            "waiting": [
                [{"by": p, "card": t if public or p == seat else None} for p, t in self.waiting[s]]
                for s in range(n)
            ],
            "won": {HOUSES[h]: list(self.won[h]) for h in range(5)},
            "victories_in_play": self.in_play,
            "victories_left": self.in_play - len(self.awarded_cards()),
            "discard": list(self.discard),
            "kill_pending": self.phase == "kill",
            "scores": list(self.totals),
            "deal_results": [dict(r) for r in self.records],
        }

    def hidden_cards(self, seat: int | None) -> set[str]:
        if self.phase in ("next", "over"):
            return set()
        hidden: set[str] = set()
        for s in range(self.players):
            if s != seat:
                hidden.update(self.hands[s])
                chosen = self.allegiance[s]
                if chosen is not None:
                    hidden.add(chosen)
            for p, t in self.waiting[s]:
                if p != seat:
                    hidden.add(t)
        hidden.discard(MOON)  # its holder is announced: its place is public
        return hidden

    def census(self) -> list[str]:
        cards = list(self.excluded) + self.discard
        for h in self.hands:
            cards += h
        cards += [c for c in self.allegiance if c is not None]
        for e in self.trick:
            cards.append(e[1])
            if e[2]:
                cards += [t for _, t in e[3]]
        for w in self.waiting:
            cards += [t for _, t in w]
        for pile in self.won:
            cards += pile
        return cards

    def determinize(self, seat: int, rng: random.Random) -> Allegiance:
        """A copy in which everything ``seat`` cannot see is dealt again at random: the other
        hands, the other Allegiance cards (always Faces) and the face-down traits others
        placed (always Traits). The Moon stays with its announced holder, and a player still
        to choose an Allegiance keeps at least one Face."""
        copy = self._determinized_copy(seat, rng)
        assert isinstance(copy, Allegiance)
        if self.phase in ("next", "over"):
            return copy
        n = self.players
        others = [s for s in range(n) if s != seat]
        pool: list[str] = []
        for s in others:
            pool += self.hands[s]
            chosen = self.allegiance[s]
            if chosen is not None:
                pool.append(chosen)
        for w in self.waiting:
            pool += [t for p, t in w if p != seat]
        if MOON in pool:
            pool.remove(MOON)
        # Sorted first: the result must not depend on the hidden order (that would leak it).
        pool.sort()
        rng.shuffle(pool)
        traits = [c for c in pool if c in TRAITS]
        faces = [c for c in pool if c in FACE_SET]
        for w in copy.waiting:
            for i, (p, _) in enumerate(w):
                if p != seat:
                    w[i] = (p, traits.pop())
        for s in others:
            if self.allegiance[s] is not None:
                copy.allegiance[s] = faces.pop()
        reserved = {s: [faces.pop()] for s in others if self.allegiance[s] is None}
        rest = traits + faces + [c for c in pool if c in VICTORY_SET]
        rng.shuffle(rest)
        for s in others:
            hand = reserved.get(s, [])
            if s == self.moon_holder:
                hand = [*hand, MOON]
            need = len(self.hands[s]) - len(hand)
            copy.hands[s] = hand + rest[:need]
            del rest[:need]
        return copy

    # ---- notation -------------------------------------------------------------------------
    def parse_move(self, text: str) -> AllegianceMove:
        """Read :class:`AllegianceMove` notation; raise IllegalMove('bad-notation') if not."""
        if not isinstance(text, str):
            raise IllegalMove("bad-notation", "A move must be written as text.", text)
        try:
            move = _parse_words(text.split(), self.to_move)
        except (KeyError, ValueError, IndexError):
            move = None
        if move is None:
            unknown = next((w for w in text.split()[1:] if _looks_like_face(w)), None)
            if unknown is not None:
                raise IllegalMove(
                    "bad-notation",
                    f"'{unknown[:12]}' is not a card: a Face is written as its House letter "
                    "(H Hearts, S Swords, P Spells, G Gems, T Stars) and its rank, 1 (Maiden) "
                    "to 7 (Count), as in 'H5'.",
                    text,
                )
            raise IllegalMove(
                "bad-notation",
                f"'{text[:40]}' is not an Allegiance move (try 'ally H5', 'play S7', "
                "'play Honor', 'trait Clever S7', 'trait Foolish @p2', 'kill H3', 'spare', "
                "'deal').",
                text,
            )
        return move


def _card(word: str) -> str:
    return _BY_LOWER[word.lower()]


def _looks_like_face(word: str) -> bool:
    """A letter and a number that name no card ("H9", "X3", "S0"): written as a Face."""
    return (
        word.lower() not in _BY_LOWER
        and len(word) >= 2
        and word[0].isalpha()
        and word[1:].isdecimal()
    )


def _parse_words(words: list[str], mover: int | None) -> AllegianceMove | None:
    if not words:
        return None
    head, rest = words[0].lower(), words[1:]
    # Any card of the deck parses where a card is written, so that a move the rules forbid
    # ("ally Honor", "trait Honor S7", "kill Moon", "trait Clever @p0") is refused with the
    # rule (see _explain) rather than with the notation hint.
    if head == "ally" and len(rest) == 1:
        card, seat = _card(rest[0]), mover if mover is not None else 0
        return ALLY.get((card, seat)) or AllegianceMove(
            "ally", cards=(card,), target=f"allegiance:{seat}"
        )
    if head == "play" and len(rest) == 1:
        return PLAY[_card(rest[0])]
    if head == "trait" and len(rest) == 2:
        card, where = _card(rest[0]), rest[1].lower()
        if where.startswith("@p"):
            digits = where[2:]
            if not digits.isdecimal() or digits != str(int(digits)) or len(digits) > 3:
                return None
            seat = int(digits) - 1
            return TRAIT_DOWN.get((card, seat)) or AllegianceMove(
                "trait", cards=(card,), target=f"front:{seat}"
            )
        face = _card(rest[1])
        return TRAIT_UP.get((card, face)) or AllegianceMove(
            "trait", cards=(card,), target=f"face:{face}"
        )
    if head == "kill" and len(rest) == 1:
        card = _card(rest[0])
        return KILL.get(card) or AllegianceMove("kill", cards=(card,), target="trick")
    if head == "spare" and not rest:
        return SPARE
    if head == "deal" and not rest:
        return DEAL
    return None


SPEC = register(
    GameSpec(
        id="allegiance",
        title="Allegiance",
        pitch="Secretly back one of five noble Houses and steer the Victories its way.",
        min_players=3,
        max_players=9,
        options=(
            OptionSpec(
                "deals",
                "int",
                1,
                "Deals in the match",
                "Play this many deals; each player's points are added up over all of them.",
                minimum=1,
                maximum=20,
            ),
            OptionSpec(
                "deck",
                "card-list",
                None,
                "Fixed deck",
                "Deal the first deal from this exact order of all 54 cards: the first cards "
                "(2 for 4 players, 4 for 5, 5 for 7, 6 for 8), skipping the Moon, are set "
                "aside face up; the rest are dealt one at a time to Player 1, Player 2, … in "
                "turn. Later deals are shuffled.",
                advanced=True,
            ),
        ),
        factory=Allegiance,
        rules_file="allegiance.md",
        test_configs=(
            (3, {}),
            (4, {}),
            (5, {}),
            (6, {}),
            (7, {}),
            (8, {}),
            (9, {}),
            (4, {"deals": 3}),
        ),
        # The allegiances are chosen in secret, in turn. Shortest: 8 players, the 6 cards set
        # aside all Victories, and the first round (the Moon, a Face and the 6 other
        # Victories) awards them all: 8 choices and 8 plays.
        shape=GameShape(simultaneous="in-turn", decisions="both", shortest=16),
    )
)
Allegiance.spec = SPEC
