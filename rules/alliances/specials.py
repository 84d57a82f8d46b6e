"""Alliances' 12 special action cards: ids (kebab-case), display names, effects and suits.

What each one does in a conflict: :mod:`.conflict`.
"""

from __future__ import annotations

# id -> (display name, effect in a few words); grouped by suit as the source lists them.
SPECIAL_ACTIONS: dict[str, tuple[str, str]] = {
    "spin": ("Spin", "Played last: every power passes to the left"),
    "peace-treaty": ("Peace Treaty", "Discard all Military power cards"),
    "embargo": ("Embargo", "Discard all Economics power cards"),
    "dual-allegiance": ("Dual Allegiance", "Add a Politics card to any player's power"),
    "bribe": ("Bribe", "A Politics card becomes your Economics power"),
    "free-market": ("Free Market", "Target adds its Military to its Economic defence"),
    "global-trading": ("Global Trading", "Sum the target's neighbours' Economic values"),
    "monopoly": ("Monopoly", "Discard all Economics cards but one"),
    "reserve-forces": ("Reserve Forces", "Sum the Military of 4 of your countries"),
    "reinforcement": ("Reinforcement", "Double a Military power card"),
    "covert-operation": ("Covert Operation", "Discard a special action card"),
    "defensive-pact": ("Defensive Pact", "Triple the target's Military defence"),
}
SPECIAL_SUIT: dict[str, str] = {
    **dict.fromkeys(("spin", "peace-treaty", "embargo", "dual-allegiance"), "P"),
    **dict.fromkeys(("bribe", "free-market", "global-trading", "monopoly"), "E"),
    **dict.fromkeys(("reserve-forces", "reinforcement", "covert-operation", "defensive-pact"), "M"),
}


def is_special(card: str) -> bool:
    return card in SPECIAL_SUIT
