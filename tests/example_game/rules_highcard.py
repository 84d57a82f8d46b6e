"""High Card: the smallest game that uses the whole rules contract (a worked example).

Two players, nine cards ``N1`` … ``N9``. Each is dealt three; three are set aside face down
for good. Three rounds: the leader lays a card face down, then the other player lays one,
and both are revealed; the higher card wins the round and leads the next. More rounds won
wins the game.

Everything a real game has is here, in miniature: hidden hands and set-aside cards, a card
face down on the table that only its owner knows, a seeded deal (or a fixed one from the
``deck`` option), a readable notation (``play N7``), refusals with a code and a sentence
(:data:`REFUSALS`), views per seat, ``determinize``, ``census`` and an outcome.

A real game lives in ``rules/<id>.py`` and registers its spec at import
(``SPEC = register(GameSpec(...))``) and is imported by ``rules/__init__.py``. This one only
builds :data:`SPEC`: the tests register it for the length of a test, so that the other tests
(which go through every game in ``rules.GAMES``) never see it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from importlib.resources import files
from typing import Any, ClassVar

from rules.core import (
    Event,
    Game,
    GameSpec,
    IllegalMove,
    Move,
    OptionSpec,
    Outcome,
    SetupError,
    private_event,
)
from rules.state import HANDS, LIST, VALUE, Kind

GAME_ID = "highcard"

# Every refusal code this game raises (besides core.GENERIC_REFUSALS): code -> what it means.
REFUSALS: dict[str, str] = {
    "bad-notation": "the text is not a High Card move",
    "no-such-card": "the move does not name one of the nine cards",
    "not-a-play": "every decision of the game is a card laid on the table",
    "not-in-hand": "the player does not hold the card",
    "wrong-target": "a card is laid on the table, nowhere else",
}

CARDS = tuple(f"N{n}" for n in range(1, 10))
HAND = 3
ROUNDS = 3
TABLE = "table"  # the zone every card is laid on


def value_of(card: str) -> int:
    return int(card[1:])


def card_name(card: str) -> str:
    """How a player calls a card ("the 7"): what events and refusals say, never the id."""
    return f"the {value_of(card)}"


class HighMove(Move):
    """A High Card decision: ``play N7`` (lay the 7 face down on the table)."""

    def __str__(self) -> str:
        if self.kind == "play" and len(self.cards) == 1 and self.target == TABLE:
            return f"play {self.cards[0]}"
        return super().__str__()  # a malformed move still prints, in the generic form


# Every decision of the game exists once.
PLAY = {c: HighMove("play", cards=(c,), target=TABLE) for c in CARDS}


def _copy_rounds(rounds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [dict(r, cards=list(r["cards"])) for r in rounds]


class HighCard(Game):
    move_type: ClassVar[type[Move]] = HighMove
    # Every attribute of the position and its kind (rules/state.py): clone() and snapshot()
    # follow from this list, so an attribute set in __init__ or _apply goes here too.
    STATE: ClassVar[Mapping[str, Kind]] = {
        "hands": HANDS,
        # Face down for good: their order is no part of the position.
        "aside": Kind(list, sorted),
        "leader": VALUE,
        "down": VALUE,
        "rounds": Kind(_copy_rounds, _copy_rounds),  # a game's own kind: each round's cards
        "points": LIST,
    }

    def __init__(self, players: int, seed: int | None, options: Mapping[str, Any]) -> None:
        super().__init__(players, seed, options)
        deck = self.options.get("deck")
        if deck is None:
            order = list(CARDS)
            self.rng.shuffle(order)
        else:
            if sorted(deck) != sorted(CARDS):
                raise SetupError("A fixed deck must list each of the nine cards (N1 … N9) once.")
            order = list(deck)
        self.hands: list[list[str]] = [sorted(order[:HAND]), sorted(order[HAND : 2 * HAND])]
        self.aside: list[str] = order[2 * HAND :]
        self.leader = self.rng.randrange(2)
        self.down: str | None = None  # the leader's card, face down until the reply
        self.rounds: list[dict[str, Any]] = []  # {"leader", "cards" (by seat), "winner"}
        self.points = [0, 0]
        self.opening_events = [
            Event(
                "lead", "{p%d} wins the coin toss and leads." % self.leader, {"seat": self.leader}
            )
        ]

    # ---- questions --------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        if len(self.rounds) == ROUNDS:
            return None
        return self.leader if self.down is None else 1 - self.leader

    def _legal_moves(self) -> list[Move]:
        return [PLAY[c] for c in sorted(self.hands[self.mover])]

    def _describe(self, move: Move, seat: int | None, names: Sequence[str]) -> str | None:
        """A button's words: only the mover's own card, which its view shows."""
        return f"Lay the {value_of(move.cards[0])} face down" if move.cards else None

    def prompt(self) -> str:
        if self.over:
            return ""
        if self.down is None:
            return f"Round {len(self.rounds) + 1}: lay a card face down."
        return "Your rival laid a card face down: lay one of yours to beat it."

    def _explain(self, move: Move) -> IllegalMove | None:
        if move.kind != "play":
            return IllegalMove("not-a-play", "Lay one of your cards on the table.", move)
        card = move.cards[0] if len(move.cards) == 1 else None
        if card not in CARDS:
            return IllegalMove(
                "no-such-card", f"'{move}' does not name a card: they are N1 to N9.", move
            )
        if card not in self.hands[self.mover]:
            return IllegalMove("not-in-hand", f"You do not hold {card_name(card)}.", move)
        if move.target != TABLE:
            return IllegalMove("wrong-target", "Cards are laid on the table.", move)
        return None  # a value where none belongs: the generic sentence says enough

    # ---- playing ----------------------------------------------------------------------
    def _apply(self, move: Move) -> list[Event]:
        me, card = self.mover, move.cards[0]
        self.hands[me].remove(card)
        if self.down is None:
            self.down = card
            # The player sees their own choice again; the rival only that a card went down.
            return private_event(
                me,
                "lay",
                "{p%d} lays %s face down." % (me, card_name(card)),
                {"seat": me, "card": card},
                "{p%d} lays a card face down." % me,
                {"seat": me},
                reveals=(),
            )
        led, self.down = self.down, None
        cards = [led, card] if self.leader == 0 else [card, led]
        winner = 0 if value_of(cards[0]) > value_of(cards[1]) else 1
        loser = 1 - winner
        self.rounds.append({"leader": self.leader, "cards": cards, "winner": winner})
        self.points[winner] += 1
        self.leader = winner
        number = len(self.rounds)
        events = [
            Event(
                "reveal",
                "{p%d}'s %d beats {p%d}'s %d: {p%d} wins round %d."
                % (
                    winner,
                    value_of(cards[winner]),
                    loser,
                    value_of(cards[loser]),
                    winner,
                    number,
                ),
                {"cards": list(cards), "winner": winner},
            )
        ]
        if self.over:
            events.append(Event("end", "The game is over."))
        return events

    # ---- the end ----------------------------------------------------------------------
    def provisional_scores(self) -> tuple[float, ...]:
        return (float(self.points[0]), float(self.points[1]))

    def outcome(self) -> Outcome:
        if not self.over:
            raise ValueError("The game is not over yet.")
        w = 0 if self.points[0] > self.points[1] else 1  # three rounds: never a tie
        detail = "{p%d} wins %d rounds to %d." % (w, self.points[w], self.points[1 - w])
        breakdown = {"rounds": [dict(r) for r in self.rounds], "totals": list(self.points)}
        return Outcome((self.points[0], self.points[1]), (w,), detail, breakdown)

    # ---- what each seat sees ----------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        down = None
        if self.down is not None:
            down = {"seat": self.leader, "card": self.down if seat == self.leader else None}
        return {
            "game": GAME_ID,
            "viewer": seat,
            "players": 2,
            "to_move": self.to_move,
            "over": self.over,
            "round": min(len(self.rounds) + 1, ROUNDS),
            "leader": self.leader,
            "hands": [sorted(h) if s == seat else None for s, h in enumerate(self.hands)],
            "hand_counts": [len(h) for h in self.hands],
            "aside_count": len(self.aside),
            "down": down,
            "rounds": [
                {"leader": r["leader"], "cards": list(r["cards"]), "winner": r["winner"]}
                for r in self.rounds
            ],
            "points": list(self.points),
        }

    def hidden_cards(self, seat: int | None) -> set[str]:
        hidden = set(self.aside)  # never shown, not even at the end
        for s in (0, 1):
            if s != seat:
                hidden.update(self.hands[s])
        if self.down is not None and seat != self.leader:
            hidden.add(self.down)
        return hidden

    def census(self) -> list[str]:
        laid = [c for r in self.rounds for c in r["cards"]]
        down = [self.down] if self.down is not None else []
        return self.hands[0] + self.hands[1] + self.aside + down + laid

    def determinize(self, seat: int, rng: random.Random) -> HighCard:
        """A copy in which what ``seat`` cannot see is dealt again: the rival's hand, the
        rival's face-down card and the cards set aside."""
        copy = self._determinized_copy(seat, rng)
        assert isinstance(copy, HighCard)
        rival = 1 - seat
        rival_down = self.down is not None and self.leader == rival
        # Sorted first: the guess must not depend on where the hidden cards really are.
        pool = sorted(self.hands[rival] + self.aside + ([self.down] if rival_down else []))
        rng.shuffle(pool)
        held = len(self.hands[rival])
        copy.hands[rival] = sorted(pool[:held])
        if rival_down:
            copy.down = pool[held]
            held += 1
        copy.aside = pool[held:]
        return copy

    # ---- notation ---------------------------------------------------------------------
    def parse_move(self, text: str) -> HighMove:
        """Read ``play N7`` (or ``play 7``); raise IllegalMove('bad-notation') otherwise."""
        words = text.split() if isinstance(text, str) else []
        if len(words) == 2 and words[0].lower() == "play":
            card = words[1].upper()
            card = card if card.startswith("N") else "N" + card
            if card[1:].isdigit():
                # A well-formed word naming no card ("play N12") still makes a move, so that
                # the refusal can say which rule it breaks.
                return PLAY.get(card) or HighMove("play", cards=(card,), target=TABLE)
        raise IllegalMove(
            "bad-notation",
            f"'{str(text)[:40]}' is not a High Card move (try 'play N7').",
            text,
        )


SPEC = GameSpec(
    id=GAME_ID,
    title="High Card",
    pitch="Three rounds, one card each, face down: the higher card wins.",
    min_players=2,
    max_players=2,
    options=(
        OptionSpec(
            "deck",
            "card-list",
            None,
            "Fixed deck",
            "Deal this exact order (first player's 3, second's 3, then the 3 set aside).",
            advanced=True,
        ),
    ),
    factory=HighCard,
    # A real game names its text beside its rules module ("highcard.md" in rules/); this one
    # lives in the tests, so it names the file by its full path, which rules.rules_text
    # reads all the same (a full path joined to the rules folder is that path).
    rules_file=str(files(__package__ or "example_game").joinpath("highcard.md")),
    test_configs=((2, {}),),
)
HighCard.spec = SPEC
