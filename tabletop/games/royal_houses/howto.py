"""Royal Houses' *How to play* sheet for the phones (our own words; see tabletop.net.howto)."""

from __future__ import annotations

from tabletop.net.howto import HowTo, Section

HOWTO = HowTo(
    (
        Section(
            "The goal",
            "Two rivals put influence on six royal houses. When the deck runs out, each house "
            "pays its points to whoever leads it: the most points wins.",
            ("A5", "B3", "C8", "D7", "E2", "F4"),
        ),
        Section(
            "Before play",
            "Place your six majority counters (−2, 0, +1, +2, +3, +5), one on each house, "
            "in secret. The two counters on a house add up to its bonus.",
        ),
        Section(
            "A turn",
            "• Draw a card.\n"
            "• Play one card onto its own house: its number is what it does.\n"
            "• Give your rival one card. Never the one they just gave you.",
        ),
        Section(
            "The cards",
            "• 2, 4, 6, 8: put that much of your influence on the house.\n"
            "• 1: peek at your rival's counter there; you may swap two of yours.\n"
            "• 3: one influence, and your rival's next gift must be of this house.\n"
            "• 5: pull up to 3 influence here from one other house.\n"
            "• 7: push up to 4 influence from here to one other house.",
            ("A1", "A3", "A5", "A7"),
        ),
        Section(
            "Scoring",
            "Each influence is a point. Whoever has more influence on a house also scores its "
            "bonus. But watch your hand: if your rival ends holding a higher total of a "
            "house's cards than you, your score on that house is zero. That is the veto.",
            ("D7", "D2", "D4"),
        ),
    )
)
