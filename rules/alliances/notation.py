"""Alliances' moves and their short notation: :class:`AlliancesMove` and :func:`parse_move`."""

from __future__ import annotations

from ..core import IllegalMove, Move
from .cards import POWER_CARDS, RANKS, SUITS
from .map import COLS, ROWS, tile_index
from .specials import SPECIAL_ACTIONS


class AlliancesMove(Move):
    """An Alliances decision with the game's short notation.

    ``bid 12 P`` · ``pass`` · ``call P`` · ``keep M5`` · ``show M5`` · ``set M5`` · ``give M5`` ·
    ``pair 1`` · ``target 2,4`` · ``play M5`` · ``choose P7`` · ``choose bribe`` · ``boost 2``.
    """

    def __str__(self) -> str:
        # Saves and the move history print the same moves again and again: each move keeps
        # its text (outside the dataclass fields, so equality and hashing are unchanged).
        text = self.__dict__.get("_text")
        if text is None:
            text = self._plain()
            object.__setattr__(self, "_text", text)
        return text

    def _plain(self) -> str:
        try:
            return self._notation()
        except (IndexError, TypeError, ValueError, AttributeError):
            return Move.__str__(self)

    def _notation(self) -> str:
        k = self.kind
        if k == "bid" and len(self.value) == 2 and not self.cards:
            return f"bid {int(self.value[0])} {self.value[1]}"
        if k == "pass" and not self.cards and not self.value and not self.target:
            return "pass"
        if k == "call" and len(self.value) == 1 and not self.cards:
            return f"call {self.value[0]}"
        one_card = k in ("keep", "show", "set", "give", "play", "choose") and len(self.cards) == 1
        if one_card and not self.value and self.target == ("conflict" if k == "play" else ""):
            return f"{k} {self.cards[0]}"
        if k == "pair" and len(self.value) == 1 and not self.cards:
            return f"pair {int(self.value[0])}"
        if k == "target" and tile_index(self.target) is not None and not self.cards:
            return f"target {self.target[5:]}"
        if k == "boost" and self.target.startswith("seat:") and not self.cards:
            return f"boost {int(self.target[5:])}"
        return Move.__str__(self)


PASS = AlliancesMove("pass")


def play_move(card: str) -> AlliancesMove:
    return AlliancesMove("play", (card,), "conflict")


def parse_move(text: str) -> AlliancesMove:
    """Read :class:`AlliancesMove` notation; raise IllegalMove('bad-notation') if unreadable."""
    if not isinstance(text, str):
        raise IllegalMove("bad-notation", "A move must be written as text.", text)
    try:
        move = _parse_words(text.split())
    except (KeyError, ValueError, IndexError):
        move = None
    if move is None:
        raise IllegalMove(
            "bad-notation",
            _notation_rule(text.split())
            or f"'{text[:40]}' is not an Alliances move (try 'bid 12 P', 'pass', "
            "'target 2,4', 'play M5', 'choose P7', 'boost 2').",
            text,
        )
    return move


def _notation_rule(words: list[str]) -> str | None:
    """For notation that names a country or card the game does not have: the rule it breaks."""
    if len(words) != 2:
        return None
    head, word = words[0].lower(), words[1].removeprefix("tile:")
    where = word.split(",")
    if head == "target" and len(where) == 2 and all(w.isdigit() and len(w) < 4 for w in where):
        return (
            f"There is no country at {word}: the map has {ROWS} rows of {COLS}, written "
            f"0 to {ROWS - 1} and 0 to {COLS - 1} from the top left (for instance 'target 2,4')."
        )
    cards = ("keep", "show", "set", "give", "play", "choose")
    if head in cards and word[:1].upper() in SUITS and word[1:].isdigit() and len(word) < 6:
        return (
            f"There is no card {word.upper()}: each suit has power cards 1 to {RANKS[-1]} "
            f"(for instance '{head} {word[0].upper()}{RANKS[-1]}')."
        )
    return None


def _card(word: str) -> str | None:
    low = word.lower()
    if low in SPECIAL_ACTIONS:
        return low
    up = word.upper()
    return up if up in POWER_CARDS else None


def _small(word: str) -> int:
    if not word.isdigit() or len(word) > 3:
        raise ValueError(word)
    return int(word)


def _parse_words(words: list[str]) -> AlliancesMove | None:
    if not words:
        return None
    head, rest = words[0].lower(), words[1:]
    if head == "pass" and not rest:
        return PASS
    if head == "bid" and len(rest) == 2 and rest[1].upper() in SUITS:
        return AlliancesMove("bid", value=(_small(rest[0]), rest[1].upper()))
    if head == "call" and len(rest) == 1 and rest[0].upper() in SUITS:
        return AlliancesMove("call", value=(rest[0].upper(),))
    if head == "pair" and len(rest) == 1:
        return AlliancesMove("pair", value=(_small(rest[0]),))
    if head == "target" and len(rest) == 1:
        zone = "tile:" + rest[0].removeprefix("tile:")
        if tile_index(zone) is None:
            return None
        return AlliancesMove("target", target=zone)
    if head == "boost" and len(rest) == 1:
        return AlliancesMove("boost", target=f"seat:{_small(rest[0].removeprefix('seat:'))}")
    if head in ("keep", "show", "set", "give", "play", "choose") and len(rest) == 1:
        card = _card(rest[0])
        if card is None:
            return None
        return AlliancesMove(head, (card,), "conflict" if head == "play" else "")
    return None
