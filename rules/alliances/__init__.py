"""Alliances: world domination. The game (:mod:`.game`), its cards (:mod:`.cards`, special
action cards in :mod:`.specials`), the map (:mod:`.map`), the conflict's pure rules shared with
the AI (:mod:`.conflict`) and the move notation (:mod:`.notation`). Importing the package
registers the game."""

from .cards import (
    ALL_CARDS,
    POWER_CARDS,
    RANKS,
    SUIT_RANK,
    SUITS,
    card_label,
    card_name,
    rank_of,
    suit_of,
)
from .game import BID_MAX, BID_MIN, REFUSALS, SPEC, Alliances, AlliancesView
from .map import (
    COLS,
    CORNERS,
    COUNTRIES,
    COUNTRY,
    ROWS,
    TILES,
    neighbours,
    tile_index,
    tile_zone,
)
from .notation import PASS, AlliancesMove
from .specials import SPECIAL_ACTIONS, SPECIAL_SUIT, is_special

__all__ = [
    "ALL_CARDS",
    "BID_MAX",
    "BID_MIN",
    "COLS",
    "CORNERS",
    "COUNTRIES",
    "COUNTRY",
    "PASS",
    "POWER_CARDS",
    "RANKS",
    "REFUSALS",
    "ROWS",
    "SPEC",
    "SPECIAL_ACTIONS",
    "SPECIAL_SUIT",
    "SUITS",
    "SUIT_RANK",
    "TILES",
    "Alliances",
    "AlliancesMove",
    "AlliancesView",
    "card_label",
    "card_name",
    "is_special",
    "neighbours",
    "rank_of",
    "suit_of",
    "tile_index",
    "tile_zone",
]
