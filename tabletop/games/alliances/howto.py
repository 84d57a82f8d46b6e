"""Alliances' *How to play* sheet for the phones (our own words; see tabletop.net.howto)."""

from __future__ import annotations

from tabletop.net.howto import HowTo, Section

HOWTO = HowTo(
    (
        Section(
            "The goal",
            "Two alliances fight over a map of twenty countries. Partners sit opposite each "
            "other. Win two campaigns to win the game.",
        ),
        Section(
            "The bid",
            "Each campaign starts with a bid: how many countries your alliance will control "
            "at its end (10 to 20), and a dominant suit that beats the others. The highest "
            "bidder's alliance attacks; the other defends.",
            ("P12", "E12", "M12"),
        ),
        Section(
            "A conflict",
            "The starter picks a neutral country next to one of theirs and leads a card. "
            "Everyone else must follow the leading suit with a power card, or play a special "
            "action card; only with no card of that suit may you play anything. The highest "
            "card of the dominant suit wins, else the highest of the leading suit; a tie is "
            "a draw. The winner takes the country if their power beats its defence in that "
            "suit.",
            ("M7", "M10", "E5", "P3"),
        ),
        Section(
            "Special actions",
            "Twelve cards twist a conflict as soon as they are played: discard a suit's cards, "
            "double a power, steal a Politics card, raise a country's defence… Tap a card to "
            "read what it does.",
            ("peace-treaty", "bribe", "reinforcement", "covert-operation"),
        ),
        Section(
            "End of a campaign",
            "After twelve conflicts, the attackers win the campaign if they control at least "
            "the countries they bid; otherwise the defenders win it.",
        ),
    )
)
