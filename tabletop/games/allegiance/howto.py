"""Allegiance's *How to play* sheet for the phones (our own words; see tabletop.net.howto)."""

from __future__ import annotations

from tabletop.net.howto import HowTo, Section

HOWTO = HowTo(
    (
        Section(
            "The goal",
            "Five Houses (Hearts, Swords, Spells, Gems, Stars) race for Victories. You "
            "secretly back one of them: if it ends with the most Victories, you score the "
            "rank of the card you backed it with.",
            ("H7", "S5", "P3", "G6", "T2"),
        ),
        Section(
            "Your Allegiance",
            "At the start, lay one Face from your hand face down: its House is the one you "
            "back. A high Face scores more but leaves your hand weaker.",
        ),
        Section(
            "A round",
            "The Moon's holder leads. Everyone plays one card to the shared trick. Once the "
            "trick holds at least one Face and one Victory at the end of a round, all its "
            "Victories go to the House of its best Face; the trick is cleared and that Face's "
            "player leads. Otherwise the trick grows another round.",
            ("Moon", "Courage", "H5"),
        ),
        Section(
            "The cards",
            "• Faces rank 7 (Count) down to 1 (Maiden). Between equals, the earlier one wins.\n"
            "• Traits raise or lower a Face by 2: on a Face in the trick, or face down before "
            "a player, landing on their next Face.\n"
            "• The Assassin (4) may remove another Face from the trick.",
            ("T7", "Clever", "Foolish", "S4"),
        ),
        Section(
            "The end",
            "When every Victory is won, the Allegiance cards turn over. The House with the "
            "most Victories wins, and each player who backed it scores their card's rank.",
        ),
    )
)
