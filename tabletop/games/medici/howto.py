"""Court of the Medici's *How to play* sheet for the phones (our own words; see
tabletop.net.howto)."""

from __future__ import annotations

from tabletop.net.howto import HowTo, Section

HOWTO = HowTo(
    (
        Section(
            "The goal",
            "Each player is a noble house with its own deck. Your cards at court score their "
            "value at the end: the house with the most points wins.",
            ("G10a", "R9a", "G5a"),
        ),
        Section(
            "The court",
            "Cards sit in stacks, each stack worth the sum of its cards. The Inner Circle is "
            "dealt at the start; stacks played later form the Outer Court. Every card keeps "
            "its owner, whatever stack it is in.",
        ),
        Section(
            "A turn",
            "Do one thing, then draw:\n"
            "• Send a card to court as a new stack.\n"
            "• Build: put a card on any stack.\n"
            "• Conspire: a build that makes a stack worth exactly as much as another lets you "
            "remove that other stack.\n"
            "• Plan: put a card under your own deck for later.",
        ),
        Section(
            "Special cards",
            "• Duke: worth 15.\n"
            "• Jester: you choose its value (1 to 10) when played; it scores 1.\n"
            "• Minister (0): built on a stack, it sends every card beneath it away.\n"
            "• Lady-in-Waiting (1): built on a stack, it breaks it into single cards.",
            ("GD", "GJa", "GMa", "GLa"),
        ),
        Section(
            "The end",
            "Your last card is shown to all: from then on you may not play anything worth "
            "more. The game ends at once when a house has no card left in the Inner Circle, "
            "or when the player to move cannot play. Add up your cards at court.",
        ),
    )
)
