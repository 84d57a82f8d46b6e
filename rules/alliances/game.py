"""Alliances: world domination — the game: bidding and trick-taking conflicts over a map of 20
countries.

Source: ``shared/sources/004_f6b725bd12fb4163.txt``; decisions: RULES-NOTES.md ("Alliances").
Our house readings are marked in ``alliances.md``.

Cards: power cards ``M1``..``M12``, ``E1``..``E12``, ``P1``..``P12`` (Military, Economics,
Politics) and 12 special action cards named in kebab-case (``covert-operation``, ``spin``); see
:mod:`.cards`. Tiles are addressed by grid position: zone ``tile:r,c`` with row 0-3 and column
0-4; see :mod:`.map`.

Players sit clockwise in seat order (the player "on the left" is the next seat). Sides: with 4
players seats 0 and 2 against 1 and 3; with 2 each player is a side; with 3 the Empire (side 0)
against the two Rebels (side 1). Tokens are recorded by the seat that placed them.

Decisions: ``keep`` (drafting variant), ``show`` (secret meeting), ``bid``/``pass`` (State of the
Nations), ``call`` (dominant suit, 2 and 3 players), ``set``/``give``/``pair`` (3-player rise to
power), ``target``, ``play``, then a special action's choices: ``choose`` (a card on the table)
and ``boost`` (the player Dual Allegiance adds to).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, ClassVar, Literal, NotRequired, TypedDict

from ..core import (
    RNG,
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
from ..state import DICT, HANDS, LIST, LISTS, LOG, SETS, VALUE, Kind, unsaved
from . import conflict, notation
from .cards import ALL_CARDS, SUIT_RANK, SUITS, card_label, card_name, rank_of, suit_of
from .map import CORNERS, COUNTRY, TILES, neighbours, tile_index, tile_zone
from .notation import PASS, AlliancesMove, play_move
from .specials import SPECIAL_ACTIONS, is_special

BID_MIN, BID_MAX = 10, 20

#: Every refusal code this game raises, with what it means (the core's are GENERIC_REFUSALS).
REFUSALS: dict[str, str] = {
    "already-shown": "a card shown at the secret meeting is shown again",
    "bad-bid": "a bid is not a number from the range and a suit",
    "bad-choice": "a special action's choice names no option it offers",
    "bad-notation": "the text is not an Alliances move",
    "bad-pair": "the Empire's set-aside pair taken is not pair 1 or 2",
    "bad-suit": "the suit called is not M, E or P",
    "bid-too-low": "a bid must beat the bid standing",
    "must-follow-suit": "a card of the suit led (or a special action) must be played",
    "neutral-first": "a rival country is targeted while a neutral one is in reach",
    "no-such-card": "the move does not name one card",
    "no-such-tile": "the target is not a country on the map",
    "not-adjacent": "the target is not next to a country the alliance controls",
    "not-in-hand": "the player does not hold the card",
    "not-in-packet": "a drafted card is not in the hand passed on",
    "own-country": "the alliance already controls the target",
    "wrong-step": "the move belongs to another step of the turn",
    "wrong-tribute": "a Rebel's tribute to the Empire must be the highest power card",
}


def _listing(items: list[str], last: str = "and") -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {last} {items[-1]}"


def _seat(seat: int) -> str:
    return "{p%d}" % seat


# ---- what view(seat) returns


class AlliancesTile(TypedDict):
    """A country of the map: its zone (``"tile:1,2"``), printed defence, the seats' tokens on
    it and who controls it (None: nobody)."""

    id: str
    country: str
    defence: dict[str, int]  # suit -> value
    tokens: list[int]
    controller: int | None


class AlliancesPlayed(TypedDict):
    """A card played to the conflict: by whom, whether a special discarded it, and the cards
    its special action chose."""

    seat: int
    card: str
    discarded: bool
    choice: list[str]
    boosted: int | None  # Dual Allegiance: the seat whose power its card joined


class AlliancesWinning(TypedDict):
    """Who wins the conflict so far (seat None: a draw), with which suit and value."""

    seat: int | None
    suit: str | None
    value: int


class AlliancesRise(TypedDict):
    """The rise of the Empire (3 players) and the tribute: counts for everyone, contents for
    the seats allowed to see them."""

    pairs: list[int]
    tribute: list[int]
    my_pairs: NotRequired[list[list[str]]]  # the Empire's own view of the pairs
    my_tribute: NotRequired[list[str]]


class AlliancesPending(TypedDict, total=False):
    """The special action waiting for its choice, and the card it acts on ({}: none)."""

    special: str
    card: str | None


class AlliancesView(TypedDict):
    """What :meth:`Alliances.view` shows a seat (``viewer``; ``None``: the public table).
    Per-seat lists are indexed by seat."""

    game: Literal["alliances"]
    viewer: int | None
    players: int
    phase: str
    to_move: int | None
    over: bool
    campaign: int
    conflict: int  # counted from 1
    sides: list[int]  # [seat]: its side
    empire: int | None  # 3 players: the Empire's seat
    exact_bid: bool
    grid: list[AlliancesTile]
    hands: list[list[str] | None]  # None: hidden from the viewer
    hand_counts: list[int]
    packet: list[str] | None  # drafting: the viewer's packet
    packet_counts: list[int]
    showing: list[str] | None  # the cards the viewer shows (secret meeting)
    known: dict[str, list[str]]  # str(seat) -> cards of that hand the viewer has seen
    reserve_count: int
    discard: list[str]
    table: list[AlliancesPlayed]
    powers: list[list[str | int] | None]  # [seat]: [suit, value] or None
    leading: str | None  # the led suit
    winning: AlliancesWinning
    target: str | None  # the target's zone
    defence: dict[str, int]
    dominant: str | None
    bid: list[int | str] | None  # [count, suit, seat]
    bids: list[list[Any]]
    passed: list[bool]
    aggressor: int
    starter: int
    conflicts_won: list[int]
    drafting_tricks: list[int]
    rise: AlliancesRise
    pending: AlliancesPending
    last_conflict: dict[str, Any]
    campaign_wins: list[int]
    empire_tiles: list[int]
    rebel_tricks: list[int]
    results: list[dict[str, Any]]


# The verb a "choose" move takes under each special action.
_CHOOSE_VERBS = {
    "bribe": "Take",
    "dual-allegiance": "Take",
    "monopoly": "Keep",
    "reinforcement": "Double",
    "covert-operation": "Discard",
}
_CARD_VERBS = {"play": "Play", "keep": "Keep", "show": "Show", "set": "Set aside", "give": "Give"}


def _plain_bid(bid: tuple[int, str, int] | None) -> list[Any] | None:
    return list(bid) if bid else None


def _copy_table(table: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [dict(e, choice=list(e["choice"])) for e in table]


def _plain_table(table: list[dict[str, Any]]) -> list[list[Any]]:
    return [
        [e["seat"], e["card"], e["discarded"], list(e["choice"]), e.get("value")] for e in table
    ]


class Alliances(Game):
    # 2: Monopoly discards Economics special action cards too (a save from version 1 whose
    # Monopoly met an Economics special may no longer replay; an older app refuses version 2).
    RULES_VERSION: ClassVar[int] = 2
    move_type: ClassVar[type[Move]] = AlliancesMove
    STATE: ClassVar[Mapping[str, Kind]] = {
        # Worked out from the options at setup: the snapshot need not repeat them.
        "drafting": unsaved(VALUE),
        "meeting": unsaved(VALUE),
        "exact_bid": unsaved(VALUE),
        "first": VALUE,
        "campaign": VALUE,
        "results": LOG,
        "campaign_wins": LIST,
        "empire_tiles": LIST,
        "rebel_tricks": LIST,
        "empire": VALUE,
        "draft_round": unsaved(VALUE),
        "grid": LIST,
        "tokens": LISTS,
        "dominant": VALUE,
        "bid": Kind(None, _plain_bid),
        "aggressor": VALUE,
        "conflict": VALUE,
        "conflicts_won": LIST,
        "starter": VALUE,
        "target": VALUE,
        "table": Kind(_copy_table, _plain_table),
        "pending": DICT,
        "discard": LIST,
        "reserve": LIST,
        "duel_tricks": LIST,
        "last_trick_winner": VALUE,
        "pairs": LISTS,
        "tribute": LISTS,
        # What the table shows of the conflict just resolved: a view's business, not a save's.
        "last_conflict": unsaved(DICT),
        "known": SETS,
        "shows": LISTS,
        "packets": HANDS,
        "passed": LIST,
        "bid_log": LISTS,
        # The generator's fingerprint, taken at each deal (the last use of the generator);
        # snapshot() writes it in place of the base class's.
        "rng": unsaved(RNG),
        "rng_mark": unsaved(VALUE),
        "hands": HANDS,
        "phase": VALUE,
        "current": VALUE,
    }

    def __init__(self, players: int, seed: int | None, options: Mapping[str, Any]) -> None:
        super().__init__(players, seed, options)
        n = players
        first = self.options.get("first", -1)
        if first >= n:
            raise SetupError(f"The first player must be a seat from 0 to {n - 1}.")
        self.drafting = bool(self.options.get("drafting")) and n >= 3
        self.meeting = bool(self.options.get("secret_meeting")) and n == 4
        self.exact_bid = bool(self.options.get("exact_bid")) and n == 2
        self._check_fixed()
        # First bidder (4p), first Empire (3p) or first drafting-phase starter (2p).
        self.first = first if first >= 0 else self.rng.randrange(n)
        self.campaign = 0
        self.results: list[dict[str, Any]] = []
        self.campaign_wins = [0, 0]  # per side, 2 and 4 players
        self.empire_tiles = [0] * n  # 3 players: tiles ruled while Empire
        self.rebel_tricks = [0] * n  # 3 players: conflicts won while Rebel
        self.empire = 0
        self.draft_round = 0  # drafting variant: the round being drafted
        self.opening_events = self._start_campaign()

    def _check_fixed(self) -> None:
        deck = self.options.get("deck")
        if deck is not None and sorted(deck) != sorted(ALL_CARDS):
            raise SetupError(
                "The fixed deck must list each of the 48 cards (M1 … P12 and the 12 special "
                "action cards) exactly once."
            )
        tiles = self.options.get("tiles")
        if tiles is not None and sorted(tiles) != sorted(COUNTRY):
            raise SetupError("The fixed tiles must list each of the 20 countries exactly once.")

    # ---- sides -------------------------------------------------------------------------
    def side(self, seat: int) -> int:
        if self.players == 4:
            return seat % 2
        if self.players == 2:
            return seat
        return 0 if seat == self.empire else 1

    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Partners with 4 players (seats 0 and 2 against 1 and 3). With 2 players each is a
        side; with 3 the Empire changes hands, and each player's result is their own."""
        if self.players == 4:
            return ((0, 2), (1, 3))
        return super().sides()

    def side_seats(self, side: int) -> list[int]:
        return [s for s in range(self.players) if self.side(s) == side]

    def controller(self, tile: int) -> int | None:
        stack = self.tokens[tile]
        return self.side(stack[-1]) if stack else None

    def controlled(self, side: int) -> list[int]:
        return [t for t in range(TILES) if self.controller(t) == side]

    def token_count(self, side: int) -> int:
        """Every token of a side on the board, covered ones included (RULES-NOTES)."""
        return sum(1 for stack in self.tokens for s in stack if self.side(s) == side)

    # ---- campaign set-up ------------------------------------------------------------------
    def _start_campaign(self) -> list[Event]:
        n = self.players
        self.campaign += 1
        fixed = self.campaign == 1
        names = list(self.options["tiles"]) if fixed and self.options.get("tiles") else None
        if names is None:
            names = sorted(COUNTRY)
            self.rng.shuffle(names)
        self.grid: list[str] = names
        if n == 3:
            self.empire = (self.first + self.campaign - 1) % 3
        self.tokens: list[list[int]] = [[] for _ in range(TILES)]
        if n == 4:
            groups = {s: [CORNERS[s]] for s in range(4)}
        elif n == 2:
            groups = {0: [CORNERS[0], CORNERS[2]], 1: [CORNERS[1], CORNERS[3]]}
        else:
            e = self.empire
            groups = {e: [CORNERS[0], CORNERS[2]], (e + 1) % 3: [CORNERS[1]]}
            groups[(e + 2) % 3] = [CORNERS[3]]
        for s, gs in groups.items():
            for g in gs:
                for t in g:
                    self.tokens[t].append(s)
        self.dominant: str | None = None
        self.bid: tuple[int, str, int] | None = None  # (count, suit, seat)
        self.aggressor = 0
        self.conflict = 0
        self.conflicts_won = [0] * n
        self.starter = 0
        self.target: int | None = None
        self.table: list[dict[str, Any]] = []
        self.pending: dict[str, Any] = {}
        self.discard: list[str] = []
        self.reserve: list[str] = []
        self.duel_tricks = [0, 0]
        self.last_trick_winner: int | None = None
        self.pairs: list[list[str]] = []
        self.tribute: list[list[str]] = [[] for _ in range(n)]
        self.last_conflict: dict[str, Any] = {}
        events = [
            Event(
                "campaign",
                "Campaign %d begins: the countries are laid out." % self.campaign,
                {"campaign": self.campaign, "grid": list(self.grid)},
            )
        ]
        return events + self._deal(fixed)

    def _deal(self, fixed: bool) -> list[Event]:
        n = self.players
        deck = list(self.options["deck"]) if fixed and self.options.get("deck") else None
        if deck is None:
            deck = sorted(ALL_CARDS)
            self.rng.shuffle(deck)
        size = 16 if n == 3 else 12
        dealt = [deck[s * size : (s + 1) * size] for s in range(n)]
        self.reserve = deck[n * size :][::-1]  # top of the reserve at the end
        self.discard = []
        self.known: list[set[str]] = [set() for _ in range(n)]  # cards seen in others' hands
        self.shows: list[list[str]] = [[] for _ in range(n)]
        self.packets: list[list[str]] = [[] for _ in range(n)]
        self.passed = [False] * n
        self.bid_log: list[list[Any]] = []
        self.bid = None
        # Every use of the rng ends with a deal: fingerprint its state once here, not per snapshot.
        self.rng_mark = hashlib.sha256(repr(self.rng.getstate()).encode()).hexdigest()[:16]
        events = [Event("deal", "The cards are shuffled and dealt.", {"campaign": self.campaign})]
        if self.drafting:
            self.hands: list[list[str]] = [[] for _ in range(n)]
            self.packets = dealt
            self.draft_round = 1  # each player keeps 2 cards per round
            self.phase, self.current = "draft", 0
            return events
        self.hands = dealt
        return events + self._after_draft()

    def _after_draft(self) -> list[Event]:
        n = self.players
        if self.meeting:
            self.phase, self.current = "meeting", 0
            return []
        if n == 4:
            self.phase = "bid"
            self.current = (self.first + self.campaign - 1) % n
            return []
        if n == 3:
            self.phase, self.current = "rise-set", self.empire
            return []
        self.phase = "duel"
        self.starter = self.current = (self.first + self.campaign - 1) % 2
        return []

    # ---- questions ---------------------------------------------------------------------------
    def secret_round(self) -> Hashable | None:
        """The drafting (each round every player keeps 2 cards of the packet in hand, then the
        packets pass on) and the secret meeting (each player picks 2 cards to show their ally)
        are made by everyone at once."""
        if self.phase == "draft":
            return ("draft", self.campaign, self.draft_round)
        if self.phase == "meeting":
            return ("meeting", self.campaign)
        return None

    @property
    def to_move(self) -> int | None:
        return None if self.phase == "over" else self.current

    def playable(self, hand: list[str]) -> list[str]:
        """The cards of ``hand`` that may be played to the conflict now."""
        if not self.table:
            return sorted(hand)
        lead = suit_of(self.table[0]["card"])
        if not any(suit_of(c) == lead for c in hand):
            return sorted(hand)
        return sorted(c for c in hand if is_special(c) or suit_of(c) == lead)

    def legal_targets(self, seat: int) -> list[int]:
        """Neutral tiles next to the side's own; else rival ones; else any (RULES-NOTES)."""
        me = self.side(seat)
        mine = set(self.controlled(me))
        near = {t for m in mine for t in neighbours(m)} - mine
        neutral = sorted(t for t in near if self.controller(t) is None)
        if neutral:
            return neutral
        rival = sorted(t for t in near if self.controller(t) is not None)
        if rival:
            return rival
        other = [t for t in range(TILES) if t not in mine]
        return other or list(range(TILES))

    def _bid_options(self) -> list[tuple[int, str]]:
        low = (BID_MIN - 1, "P") if self.bid is None else (self.bid[0], self.bid[1])
        out = []
        for count in range(BID_MIN, BID_MAX + 1):
            for suit in SUITS:
                if (count, SUIT_RANK[suit]) > (low[0], SUIT_RANK[low[1]]):
                    out.append((count, suit))
        return out

    def _rise_give_options(self, seat: int) -> list[str]:
        """A Rebel's tribute: the highest dominant power card, then the highest of another suit
        (house reading: lacking one, the highest power card left, then any card)."""
        hand = self.hands[seat]
        given = self.tribute[seat]
        dom = self.dominant
        powers = [c for c in hand if not is_special(c)]
        if not given:
            pool = [c for c in powers if suit_of(c) == dom] or powers
        else:
            pool = [c for c in powers if suit_of(c) != dom] or powers
        if not pool:
            return sorted(hand)
        top = max(rank_of(c) for c in pool)
        return sorted(c for c in pool if rank_of(c) == top)

    def _choice_options(self) -> list[Move]:
        p = self.pending
        card = p["special"]
        if card == "dual-allegiance" and p.get("card"):
            seats = conflict.boostable(self._played())
            return [AlliancesMove("boost", target=f"seat:{s}") for s in seats]
        return [AlliancesMove("choose", (c,)) for c in self._choosable(card)]

    def _choosable(self, special: str) -> list[str]:
        """The cards on the table that ``special`` (the last card played) may act on."""
        return conflict.choosable(self._played(), special)

    def _legal_moves(self) -> list[Move]:
        me, phase = self.current, self.phase
        if phase == "draft":
            return [AlliancesMove("keep", (c,)) for c in sorted(self.packets[me])]
        if phase == "meeting":
            return [
                AlliancesMove("show", (c,))
                for c in sorted(self.hands[me])
                if c not in self.shows[me]
            ]
        if phase == "bid":
            return [*(AlliancesMove("bid", value=b) for b in self._bid_options()), PASS]
        if phase in ("declare", "rise-call"):
            if phase == "declare" and self.exact_bid:
                return [
                    AlliancesMove("bid", value=(n, s))
                    for n in range(BID_MIN, BID_MAX + 1)
                    for s in SUITS
                ]
            return [AlliancesMove("call", value=(s,)) for s in SUITS]
        if phase == "rise-set":
            return [AlliancesMove("set", (c,)) for c in sorted(self.hands[me])]
        if phase == "rise-give":
            return [AlliancesMove("give", (c,)) for c in self._rise_give_options(me)]
        if phase == "rise-pick":
            return [AlliancesMove("pair", value=(1,)), AlliancesMove("pair", value=(2,))]
        if phase == "target":
            return [AlliancesMove("target", target=tile_zone(t)) for t in self.legal_targets(me)]
        if phase in ("play", "duel"):
            return [play_move(c) for c in self.playable(self.hands[me])]
        if phase == "choose":
            return self._choice_options()
        return []

    # ---- prompts and refusals ----------------------------------------------------------------
    def _describe(self, move: Move, seat: int | None, names: Sequence[str]) -> str | None:
        k = move.kind
        card = move.cards[0] if move.cards else ""
        if k == "pass":
            return "Pass"
        if k == "bid" and len(move.value) == 2:
            verb = "Declare" if self.view(seat)["phase"] == "declare" else "Bid"
            return f"{verb} {move.value[0]} {SUITS.get(str(move.value[1]), move.value[1])}"
        if k == "call" and move.value:
            return f"Call {SUITS.get(str(move.value[0]), move.value[0])}"
        if k == "pair" and move.value:
            return f"Take pair {move.value[0]}"
        if k == "target":
            grid = self.view(seat)["grid"]
            tile = next((t for t in grid if t["id"] == move.target), None)
            return f"Target {tile['country']}" if tile else f"Target {move.target[5:]}"
        if k == "boost" and move.target.startswith("seat:"):
            to = int(move.target[5:])
            return f"Add to {names[to]}" if to < len(names) else f"Add to seat {to}"
        if k == "choose" and card:
            special = self.view(seat)["pending"].get("special")
            return f"{_CHOOSE_VERBS.get(str(special), 'Choose')} {card_label(card)}"
        if k in _CARD_VERBS and card:
            return f"{_CARD_VERBS[k]} {card_label(card)}"
        return None

    def prompt(self) -> str:
        phase, me = self.phase, self.current
        if phase == "over":
            return ""
        if phase == "draft":
            return "Drafting: keep a card from the hand passed to you (2 each round)."
        if phase == "meeting":
            return "Secret meeting: choose a card to show your ally (2 in all)."
        if phase == "bid":
            if self.bid is None:
                # Short enough for two lines of a TV's status bar with a long name before it.
                return (
                    "Bid how many countries you will control (10-20) and the dominant suit, "
                    "or pass."
                )
            count, suit, _ = self.bid
            return f"Outbid {count} {SUITS[suit]} or pass."
        if phase == "declare":
            if self.exact_bid:
                return "You won the drafting: declare your exact bid and the dominant suit."
            return "You won the drafting phase: call the dominant suit."
        if phase == "rise-set":
            left = 4 - sum(len(p) for p in self.pairs)
            return f"Rise to power: set aside a card face down for the Rebels ({left} to go)."
        if phase == "rise-call":
            return "Rise to power: call the dominant suit."
        if phase == "rise-give":
            which = "of the dominant suit" if not self.tribute[me] else "of another suit"
            return f"Rise to power: give the Empire your highest power card {which}."
        if phase == "rise-pick":
            return "Rise to power: take one of the Empire's two face-down pairs."
        if phase == "target":
            return "Choose the country to target in this conflict."
        if phase == "duel":
            return "Drafting phase: play a card to the conflict."
        if phase == "play":
            if not self.table:
                return "Lead a card to the conflict: its suit becomes the leading suit."
            lead = SUITS[suit_of(self.table[0]["card"])]
            return f"Play a card to the conflict (follow {lead} or play a special action card)."
        special = SPECIAL_ACTIONS[self.pending["special"]][0]
        what = {
            "bribe": "take the Politics card that becomes your Economics power",
            "dual-allegiance": "take a Politics card from the table",
            "monopoly": "choose the one Economics card to keep",
            "reinforcement": "choose the Military card to double",
            "covert-operation": "choose the special action card to discard",
        }[self.pending["special"]]
        if self.pending.get("card"):
            what = "choose the player whose conflict power it joins"
        return f"{special}: {what}."

    def _explain(self, move: Move) -> IllegalMove | None:
        me, k, phase = self.current, move.kind, self.phase
        wanted = {
            "draft": ("keep",),
            "meeting": ("show",),
            "bid": ("bid", "pass"),
            "declare": ("bid",) if self.exact_bid else ("call",),
            "rise-set": ("set",),
            "rise-call": ("call",),
            "rise-give": ("give",),
            "rise-pick": ("pair",),
            "target": ("target",),
            "play": ("play",),
            "duel": ("play",),
            "choose": ("choose", "boost"),
        }[phase]
        if k not in wanted:
            why = self._wrong_step(k)
            return IllegalMove("wrong-step", f"{why}Now: {self.prompt()}", move)
        card = move.cards[0] if len(move.cards) == 1 else ""  # "" names no card
        if k in ("keep", "show", "set", "give", "play") and card not in ALL_CARDS:
            return IllegalMove("no-such-card", f"'{move}' does not name one card.", move)
        if k == "keep":
            return IllegalMove(
                "not-in-packet",
                f"{sentence_start(card_name(card))} is not in the hand passed to you.",
                move,
            )
        if k in ("show", "set", "give", "play") and card not in self.hands[me]:
            return IllegalMove("not-in-hand", f"You do not hold {card_name(card)}.", move)
        if k == "show":
            return IllegalMove("already-shown", "You are already showing that card.", move)
        if k == "give":
            allowed = _listing([card_name(c) for c in self._rise_give_options(me)], "or")
            which = "of another suit" if self.tribute[me] else "of the dominant suit"
            second = bool(self.tribute[me])
            powers = [c for c in self.hands[me] if not is_special(c)]
            if not any((suit_of(c) != self.dominant) == second for c in powers):
                which += (
                    " (house reading: lacking one, their highest power card; lacking any "
                    "power card, any card)"
                )
            return IllegalMove(
                "wrong-tribute",
                f"A Rebel gives the Empire their highest power card {which}: you must give "
                f"{allowed}.",
                move,
            )
        if k == "play":
            return self._explain_follow(card, move)
        if k == "bid":
            if (
                len(move.value) != 2
                or move.value[1] not in SUITS
                or not isinstance(move.value[0], int)
            ):
                return IllegalMove("bad-bid", "A bid is a number and a suit (M, E or P).", move)
            count, _suit = move.value
            if not BID_MIN <= count <= BID_MAX:
                return IllegalMove("bad-bid", "A bid must be from 10 to 20 countries.", move)
            if self.bid is not None:
                return IllegalMove(
                    "bid-too-low",
                    f"Your bid must beat {self.bid[0]} {SUITS[self.bid[1]]}: a higher number, "
                    "or the same number in a higher suit.",
                    move,
                )
        if k == "call":
            return IllegalMove("bad-suit", "Call one of M, E or P.", move)
        if k == "pair":
            return IllegalMove(
                "bad-pair", "The Empire set aside two pairs: take pair 1 or pair 2.", move
            )
        if k == "target":
            return self._explain_target(me, move)
        if k == "choose":
            return self._explain_choice(card, move)
        if k == "boost":
            return self._explain_boost(move)
        return None

    def _wrong_step(self, kind: str) -> str:
        """Why a decision of ``kind`` is not the one the rules ask for now ('' if no rule
        says more than the prompt)."""
        phase = self.phase
        if kind == "target" and phase in ("play", "choose"):
            assert self.target is not None
            return (
                f"The Conflict token is already on {self.grid[self.target]}: a conflict has "
                "one target, chosen before its first card. "
            )
        if kind == "play" and phase == "target":
            return "The starting player first puts the Conflict token on a country. "
        if kind in ("play", "target") and phase == "choose":
            name = SPECIAL_ACTIONS[self.pending["special"]][0]
            return f"{name} acts as soon as it is played: its choice comes first. "
        if kind == "call" and phase == "bid":
            return (
                "With 4 players the dominant suit comes with a bid (State of the Nations), "
                "for instance 10 countries with Politics. "
            )
        if kind == "call" and phase == "declare":
            return (
                "With State of Nations the drafting winner declares the exact number of "
                "countries with the suit, for instance 12 countries with Politics. "
            )
        if kind == "bid" and phase == "declare":
            return (
                "In the 2-player game the drafting winner only calls the dominant suit, for "
                "instance Politics (the number is declared only with State of Nations). "
            )
        if kind == "pass" and phase in ("declare", "rise-call"):
            return "The dominant suit must be called: there is no passing. "
        if kind in ("bid", "pass") and phase in ("target", "play", "duel", "choose"):
            return "The bidding happens once, before the campaign's first conflict. "
        return ""

    def _explain_target(self, me: int, move: Move) -> IllegalMove:
        t = tile_index(move.target)
        if t is None:
            return IllegalMove("no-such-tile", "Target a country on the map.", move)
        name = self.grid[t]
        if self.controller(t) == self.side(me):
            return IllegalMove(
                "own-country",
                f"Your alliance already controls {name}: target a neutral country next to "
                "one of yours (a rival one only when no neutral country is in reach).",
                move,
            )
        legal = self.legal_targets(me)
        neutral = [x for x in legal if self.controller(x) is None]
        if self.controller(t) is not None and neutral:
            reach = _listing(sorted(self.grid[x] for x in neutral))
            return IllegalMove(
                "neutral-first",
                f"{name} belongs to the rival alliance, and you may target a rival country "
                f"only when no neutral country is in reach: {reach} "
                f"{'is' if len(neutral) == 1 else 'are'}.",
                move,
            )
        return IllegalMove(
            "not-adjacent",
            f"{name} is not next to (diagonals do not count) a country your alliance "
            "controls: target a country beside one of yours.",
            move,
        )

    def _explain_choice(self, card: str | None, move: Move) -> IllegalMove:
        special = self.pending["special"]
        name = SPECIAL_ACTIONS[special][0]
        if special == "dual-allegiance" and self.pending.get("card"):
            taken = card_name(self.pending["card"])
            return IllegalMove(
                "bad-choice",
                f"Dual Allegiance has taken {taken}: now choose the player whose conflict "
                "power it joins.",
                move,
            )
        options = _listing([card_name(c) for c in self._choosable(special)], "or")
        what = card_name(card) if card in ALL_CARDS else f"'{move}'"
        live = {e["card"] for e in self.table if not e["discarded"]}
        if card == special:
            why = f"{name} does not act on itself"
        elif card not in live:
            gone = any(e["card"] == card for e in self.table)
            why = f"{what} is {'discarded' if gone else 'not on the table'}"
        elif special in ("bribe", "dual-allegiance") and card in conflict.taken(self._played()):
            why = f"{what} has already been taken"
        else:
            kind = {
                "bribe": "takes a Politics power card",
                "dual-allegiance": "takes a Politics power card",
                "monopoly": "keeps one Economics card (power or special action)",
                "reinforcement": "doubles a Military power card",
                "covert-operation": "discards another special action card",
            }[special]
            why = f"{name} {kind} from the table, and {what} is not one"
        return IllegalMove("bad-choice", f"{why[0].upper()}{why[1:]}: choose {options}.", move)

    def _explain_boost(self, move: Move) -> IllegalMove:
        if not self.pending.get("card"):
            return IllegalMove(
                "bad-choice",
                "Dual Allegiance first takes a Politics power card from the table: choose it.",
                move,
            )
        seat = int(move.target[5:])
        seats = _listing([str(s) for s in conflict.boostable(self._played())], "or")
        if not 0 <= seat < self.players:
            why = f"There is no seat {seat} (seats count from 0 to {self.players - 1})"
        else:
            why = (
                f"Seat {seat} has not played to this conflict yet, and Dual Allegiance adds "
                "the card only to a player who has (house reading: no card played, no "
                "conflict power)"
            )
        return IllegalMove("bad-choice", f"{why}: choose seat {seats}.", move)

    def _explain_follow(self, card: str, move: Move) -> IllegalMove:
        lead = suit_of(self.table[0]["card"])
        name = SUITS[lead]
        mine = sorted(
            (c for c in self.hands[self.current] if suit_of(c) == lead and not is_special(c)),
            key=rank_of,
        )
        if mine:
            ranks = _listing([str(rank_of(c)) for c in mine])
            return IllegalMove(
                "must-follow-suit",
                f"You must follow {name}: you hold the {ranks} of {name} (or play a special "
                "action card).",
                move,
            )
        return IllegalMove(
            "must-follow-suit",
            f"You hold a {name} special action card, so you must play a special action card.",
            move,
        )

    # ---- applying a decision --------------------------------------------------------------------
    def _apply(self, move: Move) -> list[Event]:
        campaign = self.campaign
        events = self._apply_move(move)
        if self.campaign != campaign:
            # The last conflict's cards went back into the new deal within this same move: the
            # events keep their words but drop the card ids, which now sit in hidden hands.
            events = [_without_cards(e) for e in events]
        return events

    def _apply_move(self, move: Move) -> list[Event]:
        me, k = self.current, move.kind
        if k == "keep":
            return self._keep(me, move.cards[0])
        if k == "show":
            return self._show(me, move.cards[0])
        if k == "bid" and self.phase == "bid":
            return self._bid(me, move.value[0], move.value[1])
        if k == "pass":
            return self._pass(me)
        if k in ("call", "bid"):
            return self._declare(me, move)
        if k == "set":
            return self._set(me, move.cards[0])
        if k == "give":
            return self._give(me, move.cards[0])
        if k == "pair":
            return self._pick_pair(me, move.value[0])
        if k == "target":
            return self._target(me, tile_index(move.target))  # type: ignore[arg-type]
        if k == "play":
            return self._play_card(me, move.cards[0])
        if k == "choose":
            return self._choose(me, move.cards[0])
        return self._boost(me, int(move.target[5:]))

    # -- drafting variant and secret meeting
    def _keep(self, me: int, card: str) -> list[Event]:
        self.packets[me].remove(card)
        self.hands[me].append(card)
        events = private_event(
            me,
            "keep",
            "You keep %s." % card_name(card),
            {"seat": me, "card": card},
            "{p%d} keeps a card." % me,
            {"seat": me},
            reveals=(),  # the seat's own choice, told back to it
        )
        if len(self.hands[me]) < 2 * self.draft_round and self.packets[me]:
            return events  # the second card of this round
        if me < self.players - 1:
            self.current = me + 1
            return events
        n = self.players
        self.packets = [self.packets[(s - 1) % n] for s in range(n)]
        self.draft_round += 1
        self.current = 0
        if not any(self.packets):
            events.append(Event("drafted", "The drafting is over.", {}))
            return events + self._after_draft()
        return events

    def _show(self, me: int, card: str) -> list[Event]:
        self.shows[me].append(card)
        events = private_event(
            me,
            "show",
            "You will show %s to your ally." % card_name(card),
            {"seat": me, "card": card},
            "{p%d} picks a card to show their ally." % me,
            {"seat": me},
            reveals=(),  # the seat's own choice, told back to it
        )
        if len(self.shows[me]) < 2:
            return events
        if me < self.players - 1:
            self.current = me + 1
            return events
        for s in range(self.players):
            ally = (s + 2) % 4
            self.known[ally].update(self.shows[s])
            events += private_event(
                ally,
                "shown",
                "%s shows you %s." % (_seat(s), _listing([card_name(c) for c in self.shows[s]])),
                {"seat": s, "cards": list(self.shows[s])},
                "%s shows two cards to %s." % (_seat(s), _seat(ally)),
                {"seat": s},
            )
        self.shows = [[] for _ in range(self.players)]
        self.phase = "bid"
        self.current = (self.first + self.campaign - 1) % self.players
        return events

    # -- State of the Nations (4 players)
    def _next_bidder(self, me: int) -> int:
        n = self.players
        for step in range(1, n + 1):
            s = (me + step) % n
            if not self.passed[s]:
                return s
        return me

    def _bid(self, me: int, count: int, suit: str) -> list[Event]:
        self.bid = (count, suit, me)
        self.bid_log.append([me, count, suit])
        events = [
            Event(
                "bid",
                "%s bids %d %s." % (_seat(me), count, SUITS[suit]),
                {"seat": me, "count": count, "suit": suit},
            )
        ]
        return events + self._bidding_goes_on(me)

    def _pass(self, me: int) -> list[Event]:
        self.passed[me] = True
        self.bid_log.append([me, None, None])
        events = [Event("pass", "%s passes." % _seat(me), {"seat": me})]
        if all(self.passed):
            events.append(Event("redeal", "Everyone passed: the cards are dealt again.", {}))
            # House reading: after a pass-out the next player opens the bidding.
            self.first += 1
            return events + self._deal(False)
        return events + self._bidding_goes_on(me)

    def _bidding_goes_on(self, me: int) -> list[Event]:
        active = [s for s in range(self.players) if not self.passed[s]]
        if self.bid is not None and active == [self.bid[2]]:
            count, suit, who = self.bid
            self.dominant = suit
            self.aggressor = self.side(who)
            self.starter = who
            self.phase, self.current = "target", who
            return [
                Event(
                    "contract",
                    "%s wins the bidding with %d %s: %s's alliance is the Aggressor."
                    % (_seat(who), count, SUITS[suit], _seat(who)),
                    {"seat": who, "count": count, "suit": suit},
                )
            ]
        self.current = self._next_bidder(me)
        return []

    # -- 2-player declaration and 3-player call
    def _declare(self, me: int, move: Move) -> list[Event]:
        suit = move.value[-1]
        self.dominant = suit
        if self.phase == "rise-call":
            self.phase = "rise-give"
            self.current = (self.empire + 1) % 3
            return [
                Event(
                    "call",
                    "%s calls %s as the dominant suit." % (_seat(me), SUITS[suit]),
                    {"seat": me, "suit": suit},
                )
            ]
        self.aggressor = self.side(me)
        self.starter = me
        self.phase = "target"
        if move.kind == "bid":
            self.bid = (move.value[0], suit, me)
            text = "%s declares exactly %d countries, %s dominant." % (
                _seat(me),
                move.value[0],
                SUITS[suit],
            )
        else:
            text = "%s calls %s as the dominant suit." % (_seat(me), SUITS[suit])
        return [Event("call", text, {"seat": me, "suit": suit})]

    # -- 3-player rise to power
    def _set(self, me: int, card: str) -> list[Event]:
        self.hands[me].remove(card)
        if not self.pairs or len(self.pairs[-1]) == 2:
            self.pairs.append([])
        self.pairs[-1].append(card)
        events = private_event(
            me,
            "set",
            "You set aside %s (pair %d)." % (card_name(card), len(self.pairs)),
            {"seat": me, "card": card},
            "%s sets a card aside face down." % _seat(me),
            {"seat": me},
            reveals=(),  # the seat's own choice, told back to it
        )
        if sum(len(p) for p in self.pairs) == 4:
            self.phase = "rise-call"
        return events

    def _give(self, me: int, card: str) -> list[Event]:
        self.hands[me].remove(card)
        self.tribute[me].append(card)
        events = private_event(
            me,
            "give",
            "You give %s to the Empire." % card_name(card),
            {"seat": me, "card": card},
            "%s puts a card face down for the Empire." % _seat(me),
            {"seat": me},
            reveals=(),  # the seat's own choice, told back to it
        )
        if len(self.tribute[me]) < 2:
            return events
        if me == (self.empire + 1) % 3:
            self.current = (self.empire + 2) % 3
            return events
        self.phase, self.current = "rise-pick", (self.empire + 1) % 3
        return events

    def _pick_pair(self, me: int, number: int) -> list[Event]:
        e = self.empire
        other = (e + 2) % 3
        mine, theirs = self.pairs[number - 1], self.pairs[2 - number]
        events = [
            Event(
                "pair",
                "%s takes pair %d of the Empire's." % (_seat(me), number),
                {"seat": me, "pair": number},
            )
        ]
        for rebel, pair in ((me, mine), (other, theirs)):
            self.hands[rebel] += pair
            self.known[e].update(pair)
            events += private_event(
                rebel,
                "receive",
                "You receive %s." % _listing([card_name(c) for c in pair]),
                {"seat": rebel, "cards": list(pair)},
                "%s takes a pair." % _seat(rebel),
                {"seat": rebel},
            )
        for rebel in (me, other):
            self.hands[e] += self.tribute[rebel]
            self.known[rebel].update(self.tribute[rebel])
            events += private_event(
                e,
                "tribute",
                "%s gives you %s."
                % (_seat(rebel), _listing([card_name(c) for c in self.tribute[rebel]])),
                {"seat": rebel, "cards": list(self.tribute[rebel])},
                "The Empire takes %s's two cards." % _seat(rebel),
                {"seat": rebel},
            )
            self.tribute[rebel] = []
        self.pairs = []
        self.phase, self.current = "target", e
        self.starter = e
        self.aggressor = 0
        return events

    # -- conflicts
    def _target(self, me: int, tile: int) -> list[Event]:
        self.target = tile
        self.phase = "play"
        name = self.grid[tile]
        return [
            Event(
                "target",
                "%s targets %s." % (_seat(me), name),
                {"seat": me, "tile": tile_zone(tile), "country": name},
            )
        ]

    def _play_card(self, me: int, card: str) -> list[Event]:
        self.hands[me].remove(card)
        for known in self.known:
            known.discard(card)
        entry: dict[str, Any] = {"seat": me, "card": card, "discarded": False, "choice": []}
        self.table.append(entry)
        events = [
            Event("play", "%s plays %s." % (_seat(me), card_name(card)), {"seat": me, "card": card})
        ]
        if self.phase == "duel" or not is_special(card):
            return events + self._next_player(me)
        return events + self._resolve_special(me, entry)

    def _resolve_special(self, me: int, entry: dict[str, Any]) -> list[Event]:
        card = entry["card"]
        if card in ("peace-treaty", "embargo"):
            gone = self._discard(conflict.discarded_by(self._played(), card))
            return self._special_done(me, entry, gone)
        if card == "reserve-forces":
            controllers = [self.controller(t) for t in range(TILES)]
            entry["value"] = conflict.reserve_forces(self._defences(), controllers, self.side(me))
            return self._special_done(me, entry, [])
        if card == "global-trading":
            assert self.target is not None
            entry["value"] = conflict.global_trading(self._defences(), self.target)
            return self._special_done(me, entry, [])
        if card in ("bribe", "dual-allegiance", "monopoly", "reinforcement", "covert-operation"):
            options = self._choosable(card)
            if not options:
                return self._special_done(me, entry, [])
            self.pending = {"special": card}
            if len(options) == 1:  # only one way to resolve it: no question to ask
                return self._choose(me, options[0])
            self.phase = "choose"
            return []
        return self._special_done(me, entry, [])  # spin, free market, defensive pact

    def _discard(self, cards: list[str]) -> list[str]:
        """Discard ``cards`` from the table; returns them."""
        for e in self.table:
            if e["card"] in cards:
                e["discarded"] = True
        return cards

    def _special_done(self, me: int, entry: dict[str, Any], gone: list[str]) -> list[Event]:
        card = entry["card"]
        name = SPECIAL_ACTIONS[card][0]
        if gone:
            text = "%s: %s discarded." % (name, _listing([card_name(c) for c in gone]))
        elif card in ("reserve-forces", "global-trading"):
            text = "%s gives %s %d %s." % (name, _seat(me), entry["value"], SUITS[suit_of(card)])
        elif entry["choice"]:
            text = "%s resolves on %s." % (name, card_name(entry["choice"][0]))
        elif card == "spin":
            text = "Spin is on the table: it acts only if played last."
        elif card in ("free-market", "defensive-pact"):
            text = "%s strengthens the target's defence." % name
        else:
            text = "%s has nothing to act on." % name
        self.pending = {}
        self.phase = "play"
        event = Event("special", text, {"seat": me, "card": card, "discarded": gone})
        return [event, *self._next_player(me)]

    def _choose(self, me: int, card: str) -> list[Event]:
        special = self.pending["special"]
        entry = self.table[-1]
        if special == "dual-allegiance":
            self.pending["card"] = card
            if len(conflict.boostable(self._played())) == 1:
                return self._boost(me, me)
            self.phase = "choose"
            return []
        entry["choice"] = [card]
        gone = self._discard(conflict.discarded_by(self._played(), special, card))
        return self._special_done(me, entry, gone)

    def _boost(self, me: int, seat: int) -> list[Event]:
        entry = self.table[-1]
        entry["choice"] = [self.pending["card"], seat]
        events = [
            Event(
                "boost",
                "Dual Allegiance adds %s to %s's power."
                % (card_name(self.pending["card"]), _seat(seat)),
                {"seat": me, "card": self.pending["card"], "to": seat},
            )
        ]
        self.pending = {}
        self.phase = "play"
        return events + self._next_player(me)

    def _next_player(self, me: int) -> list[Event]:
        if len(self.table) < self.players:
            self.current = (me + 1) % self.players
            return []
        if self.phase == "duel":
            return self._end_duel_trick()
        return self._end_conflict()

    # ---- conflict power (the rules of :mod:`.conflict` over this table) ---------------------
    def _played(self) -> list[conflict.Played]:
        """The table as :class:`.conflict.Played` cards."""
        out = []
        for e in self.table:
            choice = e["choice"]
            chosen = choice[0] if choice else ""
            boosted = choice[1] if len(choice) == 2 else None
            out.append(
                conflict.Played(
                    e["seat"], e["card"], e["discarded"], chosen, boosted, e.get("value")
                )
            )
        return out

    def _defences(self) -> list[dict[str, int]]:
        """Each tile's printed defence values."""
        return [COUNTRY[name] for name in self.grid]

    def powers(self, final: bool = False) -> list[conflict.Power]:
        """Each seat's conflict power (suit, value), ``None`` without one (see
        :func:`.conflict.powers`); ``final``: the conflict is complete (a Spin played last acts)."""
        return conflict.powers(self._played(), self.players, self.phase == "duel", final)

    def defence_of(self, tile: int) -> dict[str, int]:
        """A country's printed defence values."""
        return dict(COUNTRY[self.grid[tile]])

    def defence(self) -> dict[str, int]:
        """The target's defence now: Defensive Pact and Free Market act for this conflict."""
        if self.target is None:
            return {}
        return conflict.defence(COUNTRY[self.grid[self.target]], self._played())

    def leader(self, final: bool = False) -> tuple[int | None, str | None, int]:
        """(winning seat or None on a draw, the deciding suit, the winning value)."""
        if not self.table:
            return None, None, 0
        return conflict.leader(self.powers(final), self.dominant, suit_of(self.table[0]["card"]))

    # ---- end of a conflict -----------------------------------------------------------------------
    def _clear_table(self) -> list[str]:
        cards = [e["card"] for e in self.table]
        self.discard += cards
        self.table = []
        return cards

    def _end_conflict(self) -> list[Event]:
        winner, suit, value = self.leader(final=True)
        spun = conflict.spin_acts(self._played(), self.players)
        target = self.target
        assert target is not None
        defence = self.defence()
        name = self.grid[target]
        events = []
        if spun:
            events.append(Event("spun", "Spin: every conflict power passes to the left.", {}))
        captured = False
        if winner is None:
            text = "The conflict over %s is a draw." % name
        else:
            self.conflicts_won[winner] += 1
            assert suit is not None
            captured = value > defence[suit]
            if captured:
                self.tokens[target].append(winner)
                text = "%s wins with %d %s and takes %s (defence %d)." % (
                    _seat(winner),
                    value,
                    SUITS[suit],
                    name,
                    defence[suit],
                )
            else:
                text = "%s wins with %d %s, but %s holds (defence %d)." % (
                    _seat(winner),
                    value,
                    SUITS[suit],
                    name,
                    defence[suit],
                )
        self.last_conflict = {
            "tile": tile_zone(target),
            "winner": winner,
            "captured": captured,
            "cards": [[e["seat"], e["card"], e["discarded"]] for e in self.table],
        }
        cards = self._clear_table()
        events.append(
            Event(
                "conflict",
                text,
                {"winner": winner, "tile": tile_zone(target), "captured": captured, "cards": cards},
            )
        )
        n = self.players
        if captured:
            assert winner is not None
            self.starter = winner
        elif n == 2 and winner is not None:
            self.starter = 1 - winner  # the winner loses the momentum (2-player rules)
        else:
            self.starter = (self.starter + 1) % n
        self.conflict += 1
        self.target = None
        if not any(self.hands):
            return events + self._end_campaign()
        self.phase, self.current = "target", self.starter
        return events

    def _end_duel_trick(self) -> list[Event]:
        winner, _, _ = self.leader()
        cards = self._clear_table()
        if winner is not None:
            self.duel_tricks[winner] += 1
            self.last_trick_winner = winner
            self.starter = winner
            text = "%s wins the drafting trick." % _seat(winner)
        else:
            text = "The drafting trick is a draw."  # house reading: the same player starts
        events = [Event("trick", text, {"winner": winner, "cards": cards})]
        for s in (self.starter, 1 - self.starter):
            if self.reserve:
                card = self.reserve.pop()
                self.hands[s].append(card)
                events += private_event(
                    s,
                    "draw",
                    "You draw %s." % card_name(card),
                    {"seat": s, "card": card},
                    "%s draws a card." % _seat(s),
                    {"seat": s},
                )
        if self.reserve:
            self.current = self.starter
            return events
        a, b = self.duel_tricks
        if a != b:
            champ = 0 if a > b else 1
        else:
            champ = self.last_trick_winner if self.last_trick_winner is not None else self.starter
        events.append(
            Event(
                "drafted",
                "%s wins the drafting phase (%d tricks to %d)."
                % (_seat(champ), max(a, b), min(a, b)),
                {"seat": champ},
            )
        )
        self.phase, self.current = "declare", champ
        return events

    def campaign_result(self) -> tuple[int, str]:
        """(winning side, why) of the campaign as the board stands (2 and 4 players)."""
        agg, dfn = self.aggressor, 1 - self.aggressor
        have = len(self.controlled(agg))
        if self.players == 2:
            other = len(self.controlled(dfn))
            if self.exact_bid and self.bid is not None:
                if have == self.bid[0]:
                    return agg, "controls exactly the %d countries declared" % have
                return dfn, "the Aggressor controls %d countries, not the %d declared" % (
                    have,
                    self.bid[0],
                )
            if have > other:
                return agg, "the Aggressor controls %d countries to %d" % (have, other)
            if other > have:
                return dfn, "the Defender controls %d countries to %d" % (other, have)
            return dfn, "a tie at %d countries goes to the Defender" % have
        assert self.bid is not None
        bid = self.bid[0]
        if have > bid or (have == bid and bid != BID_MIN):
            return agg, "the Aggressor controls %d countries, bid %d" % (have, bid)
        if have == bid:
            mine, theirs = self.token_count(agg), self.token_count(dfn)
            if mine > theirs:
                return agg, "the Aggressor controls exactly %d and has more tokens (%d to %d)" % (
                    have,
                    mine,
                    theirs,
                )
            return dfn, "the Aggressor controls exactly %d but has no more tokens (%d to %d)" % (
                have,
                mine,
                theirs,
            )
        return dfn, "the Aggressor controls only %d countries, bid %d" % (have, bid)

    def _end_campaign(self) -> list[Event]:
        events: list[Event] = []
        n = self.players
        # The map as the campaign leaves it, and each seat's side on it (public): the table
        # shows it while the end is explained, before the next campaign's map is laid out.
        final = {"map": self._grid_view(), "sides": [self.side(s) for s in range(n)]}
        if n == 3:
            e = self.empire
            tiles = len(self.controlled(0))
            self.empire_tiles[e] += tiles
            for s in range(3):
                if s != e:
                    self.rebel_tricks[s] += self.conflicts_won[s]
            self.results.append(
                {
                    "campaign": self.campaign,
                    "empire": e,
                    "tiles": tiles,
                    "tricks": list(self.conflicts_won),
                }
            )
            events.append(
                Event(
                    "campaign-end",
                    "Campaign %d ends: %s, the Empire, rules %d "
                    "countries." % (self.campaign, _seat(e), tiles),
                    {
                        "empire": e,
                        "tiles": tiles,
                        "campaign": self.campaign,
                        "empire_tiles": list(self.empire_tiles),
                        **final,
                    },
                )
            )
            done = self.campaign == 3
        else:
            side, why = self.campaign_result()
            self.campaign_wins[side] += 1
            seats = self.side_seats(side)
            countries = [len(self.controlled(0)), len(self.controlled(1))]
            self.results.append(
                {
                    "campaign": self.campaign,
                    "winner": side,
                    "why": why,
                    "countries": countries,
                }
            )
            # Everything the table needs to explain the campaign's end (all of it public).
            events.append(
                Event(
                    "campaign-end",
                    "Campaign %d goes to %s: %s."
                    % (self.campaign, " and ".join(_seat(s) for s in seats), why),
                    {
                        "side": side,
                        "why": why,
                        "campaign": self.campaign,
                        "aggressor": self.aggressor,
                        "bid": self.bid[0] if self.bid is not None else None,
                        "countries": countries,
                        "campaign_wins": list(self.campaign_wins),
                        **final,
                    },
                )
            )
            done = max(self.campaign_wins) == 2
        if done:
            self.phase = "over"
            events.append(Event("end", "The game is over.", {}))
            return events
        return events + self._start_campaign()

    # ---- the end ------------------------------------------------------------------------------
    def provisional_scores(self) -> tuple[float, ...]:
        if self.players == 3:
            return tuple(float(v) for v in self.empire_tiles)
        return tuple(float(self.campaign_wins[self.side(s)]) for s in range(self.players))

    def outcome(self) -> Outcome:
        if not self.over:
            raise ValueError("The game is not over yet.")
        scores = self.provisional_scores()
        if self.players == 3:
            best = max(self.empire_tiles)
            top = [s for s in range(3) if self.empire_tiles[s] == best]
            decided = "countries"
            if len(top) > 1:
                most = max(self.rebel_tricks[s] for s in top)
                top = [s for s in top if self.rebel_tricks[s] == most]
                decided = "rebel conflicts" if len(top) == 1 else "shared"
            # Why it ended (source: a 3-player game lasts exactly 3 campaigns).
            why = "Campaign 3 was the last: each player has been the Empire once. "
            if decided == "countries":
                detail = "%s wins with %d countries ruled as Empire." % (_seat(top[0]), best)
            elif decided == "rebel conflicts":
                detail = "Tied at %d countries; %s won more conflicts as a Rebel." % (
                    best,
                    _seat(top[0]),
                )
            else:
                detail = "Tied on countries and on conflicts won as a Rebel: the honours are split."
            detail = why + detail
            breakdown = {
                "empire_tiles": list(self.empire_tiles),
                "rebel_tricks": list(self.rebel_tricks),
                "campaigns": self.results,
                "decided_by": decided,
            }
            return Outcome(scores, tuple(top), detail, breakdown)
        side = 0 if self.campaign_wins[0] == 2 else 1
        seats = self.side_seats(side)
        # Why it ended (source: as soon as one side wins 2 campaigns).
        detail = "%s %s %d campaigns to %d: two campaign wins end the game." % (
            " and ".join(_seat(s) for s in seats),
            "win" if len(seats) > 1 else "wins",
            self.campaign_wins[side],
            self.campaign_wins[1 - side],
        )
        breakdown = {
            "campaign_wins": list(self.campaign_wins),
            "campaigns": self.results,
            # The sides as teams: the winners are one side, not a tie between players.
            "teams": [list(self.side_seats(0)), list(self.side_seats(1))],
        }
        return Outcome(scores, tuple(seats), detail, breakdown)

    # ---- what each seat sees --------------------------------------------------------------------
    def view(self, seat: int | None) -> AlliancesView:
        n = self.players
        over = self.phase == "over"
        me = seat if seat is not None and 0 <= seat < n else None  # a seat at this table
        mine = me is not None
        grid = self._grid_view()
        powers = self.powers() if self.table else [None] * n
        winner, suit, value = self.leader()
        known: dict[str, list[str]] = {}
        if me is not None:
            for s in range(n):
                cards = sorted(c for c in self.hands[s] if s != me and c in self.known[me])
                if cards:
                    known[str(s)] = cards
        rise: AlliancesRise = {
            "pairs": [len(p) for p in self.pairs],
            "tribute": [len(t) for t in self.tribute],
        }
        if mine and seat == self.empire and n == 3:
            rise["my_pairs"] = [list(p) for p in self.pairs]
        if me is not None:
            rise["my_tribute"] = list(self.tribute[me])
        pending: AlliancesPending = {}
        if self.pending:
            pending = {"special": self.pending["special"], "card": self.pending.get("card")}
        return {
            "game": "alliances",
            "viewer": seat,
            "players": n,
            "phase": self.phase,
            "to_move": self.to_move,
            "over": over,
            "campaign": self.campaign,
            "conflict": self.conflict + 1,
            "sides": [self.side(s) for s in range(n)],
            "empire": self.empire if n == 3 else None,
            "exact_bid": self.exact_bid,
            "grid": grid,
            "hands": [sorted(self.hands[s]) if (over or s == seat) else None for s in range(n)],
            "hand_counts": [len(h) for h in self.hands],
            "packet": sorted(self.packets[me]) if me is not None else None,
            "packet_counts": [len(p) for p in self.packets],
            "showing": list(self.shows[me]) if me is not None else None,
            "known": known,
            "reserve_count": len(self.reserve),
            "discard": list(self.discard),
            "table": [
                {
                    "seat": e["seat"],
                    "card": e["card"],
                    "discarded": e["discarded"],
                    "choice": [c for c in e["choice"] if isinstance(c, str)],
                    # Dual Allegiance: the seat whose power its card joined (public: the
                    # "boost" event names it), so the table can show the card move there.
                    "boosted": next((c for c in e["choice"][1:] if isinstance(c, int)), None),
                }
                for e in self.table
            ],
            "powers": [list(p) if p else None for p in powers],
            "leading": suit_of(self.table[0]["card"]) if self.table else None,
            "winning": {"seat": winner, "suit": suit, "value": value},
            "target": tile_zone(self.target) if self.target is not None else None,
            "defence": self.defence(),
            "dominant": self.dominant,
            "bid": list(self.bid) if self.bid else None,
            "bids": [list(b) for b in self.bid_log],
            "passed": list(self.passed),
            "aggressor": self.aggressor,
            "starter": self.starter,
            "conflicts_won": list(self.conflicts_won),
            "drafting_tricks": list(self.duel_tricks),
            "rise": rise,
            "pending": pending,
            "last_conflict": dict(self.last_conflict),
            "campaign_wins": list(self.campaign_wins),
            "empire_tiles": list(self.empire_tiles),
            "rebel_tricks": list(self.rebel_tricks),
            "results": [dict(r) for r in self.results],
        }

    def _grid_view(self) -> list[AlliancesTile]:
        """The map as every seat sees it (all of it public): each tile's country, defence,
        tokens and controller."""
        grid: list[AlliancesTile] = []
        for t in range(TILES):
            name = self.grid[t]
            grid.append(
                {
                    "id": tile_zone(t),
                    "country": name,
                    "defence": dict(COUNTRY[name]),
                    "tokens": list(self.tokens[t]),
                    "controller": self.controller(t),
                }
            )
        return grid

    def hidden_cards(self, seat: int | None) -> set[str]:
        hidden: set[str] = set(self.reserve)
        n = self.players
        for s in range(n):
            if s == seat:
                continue
            known = self.known[seat] if seat is not None else set()
            if self.phase != "over":
                hidden.update(c for c in self.hands[s] if c not in known)
            hidden.update(self.packets[s])
            hidden.update(self.tribute[s])
        if seat != self.empire or n != 3:
            for p in self.pairs:
                hidden.update(p)
        return hidden

    def census(self) -> list[str]:
        out = list(self.reserve) + list(self.discard) + [e["card"] for e in self.table]
        for s in range(self.players):
            out += self.hands[s] + self.packets[s] + self.tribute[s]
        for p in self.pairs:
            out += p
        return out

    def snapshot(self) -> dict[str, Any]:
        return super().snapshot() | {"rng": self.rng_mark}

    def determinize(self, seat: int, rng: random.Random) -> Alliances:
        """A copy where every card ``seat`` cannot see is dealt again into the same hidden
        places: rivals' hands (cards ``seat`` has been shown stay put), drafting packets, the
        reserve, face-down pairs and tributes."""
        copy = self._determinized_copy(seat, rng)
        assert isinstance(copy, Alliances)
        if self.phase == "over":
            return copy
        known = self.known[seat]
        places: list[list[str]] = []
        for s in range(self.players):
            if s != seat:
                places += [copy.hands[s], copy.packets[s], copy.tribute[s]]
        places.append(copy.reserve)
        if seat != self.empire or self.players != 3:
            places += copy.pairs
        pool = sorted(c for place in places for c in place if c not in known)
        rng.shuffle(pool)
        for place in places:
            keep = [c for c in place if c in known]
            need = len(place) - len(keep)
            place[:] = keep + pool[:need]
            del pool[:need]
        for s in range(self.players):
            if s != seat and copy.shows[s]:
                free = sorted(c for c in copy.hands[s] if c not in known)
                copy.shows[s] = rng.sample(free, len(copy.shows[s]))
        # What other seats were shown is theirs: the copy keeps only what ``seat`` also knows
        # (its own cards shown to an ally), never the real cards shown between others.
        mine = set(self.hands[seat]) | known
        for s in range(self.players):
            if s != seat:
                copy.known[s] = {c for c in copy.known[s] if c in mine}
        return copy

    # ---- notation ---------------------------------------------------------------------------
    def parse_move(self, text: str) -> AlliancesMove:
        """Read :class:`AlliancesMove` notation; raise IllegalMove('bad-notation') if unreadable."""
        return notation.parse_move(text)


def _without_cards(event: Event) -> Event:
    data = {k: v for k, v in event.data.items() if k not in ("card", "cards", "discarded")}
    return Event(event.kind, event.text, data, event.audience, event.hidden_from)


SPEC = register(
    GameSpec(
        id="alliances",
        title="Alliances: world domination",
        pitch="Bid for the world, then fight for it country by country in trick-taking "
        "conflicts; 2 to 4 players, in alliances of two.",
        min_players=2,
        max_players=4,
        options=(
            OptionSpec(
                "drafting",
                "bool",
                False,
                "Drafting (3-4 players)",
                "Each campaign starts with a draft: keep 2 cards of the hand you hold and pass "
                "the rest to your left until every card is chosen. (The 2-player game always "
                "has its own drafting phase.)",
                players=(3, 4),
            ),
            OptionSpec(
                "secret_meeting",
                "bool",
                False,
                "Secret meeting (4 players)",
                "Before the bidding, allies secretly show each other 2 cards of their hands.",
                players=(4,),
            ),
            OptionSpec(
                "exact_bid",
                "bool",
                False,
                "State of Nations (2 players)",
                "The winner of the drafting phase declares the exact number of countries they "
                "will control, and wins the campaign only with exactly that many.",
                players=(2,),
            ),
            OptionSpec(
                "first",
                "int",
                -1,
                "First player",
                "Seat that bids first (4 players), is the first Empire (3 players) or starts the "
                "first drafting phase (2 players); -1 draws it at random.",
                minimum=-1,
                maximum=3,
                advanced=True,
            ),
            OptionSpec(
                "deck",
                "card-list",
                None,
                "Fixed deck",
                "All 48 cards in dealing order for the first campaign: each player in seat "
                "order receives the next 12 (16 with 3 players); with 2 players the remaining "
                "24 form the reserve, drawn in list order.",
                advanced=True,
            ),
            OptionSpec(
                "tiles",
                "card-list",
                None,
                "Fixed map",
                "The 20 country names in grid order (row by row, 5 per row) for the first "
                "campaign.",
                advanced=True,
            ),
        ),
        factory=Alliances,
        rules_file="alliances.md",
        test_configs=(
            (4, {}),
            (4, {"drafting": True, "secret_meeting": True}),
            (3, {}),
            (3, {"drafting": True}),
            (2, {}),
            (2, {"exact_bid": True}),
        ),
        # The drafts and the secret meeting are taken in secret, in turn. Shortest: 2 players
        # winning two campaigns straight, each a call, 12 targets and all 48 cards played.
        shape=GameShape(simultaneous="in-turn", decisions="both", shortest=122),
    )
)
Alliances.spec = SPEC
