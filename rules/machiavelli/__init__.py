"""Machiavelli: the rules (:mod:`.game`), its cards and melds (:mod:`.melds`) and the exact
meld solver (:mod:`.solver`). Importing the package registers the game."""

from .game import DRAW, PASS, Machiavelli, MachiavelliMove, MachiavelliView, play_move
from .melds import ALL_CARDS, card_label, is_meld, meld_problem, penalty, table_problems

__all__ = [
    "ALL_CARDS",
    "DRAW",
    "PASS",
    "Machiavelli",
    "MachiavelliMove",
    "MachiavelliView",
    "card_label",
    "is_meld",
    "meld_problem",
    "penalty",
    "play_move",
    "table_problems",
]
