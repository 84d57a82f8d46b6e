"""Machiavelli's *How to play* sheet for the phones (our own words; see tabletop.net.howto)."""

from __future__ import annotations

from tabletop.net.howto import HowTo, Section

HOWTO = HowTo(
    (
        Section(
            "The goal",
            "Be the first to lay every card of your hand on the table. Two ordinary decks "
            "are shuffled together and each player gets 14 cards.",
        ),
        Section(
            "Melds",
            "• A set: three or four cards of one rank, all of different suits.\n"
            "• A run: three or more cards of one suit in a row. The ace comes after the king.",
            ("7S.1", "7H.1", "7C.1", "9H.1", "10H.1", "JH.1"),
        ),
        Section(
            "A turn",
            "Lay at least one card from your hand, or draw one card from the stock (pass once "
            "it is empty). The melds on the table belong to nobody: you may split, join and "
            "rebuild them as you like, as long as every card stays on the table and every "
            "meld is sound when you finish.",
        ),
        Section(
            "Opening",
            "Your very first play must be a whole meld made only from your own hand. After "
            "that, the whole table is yours to rearrange.",
            ("QS.1", "KS.1", "AS.1"),
        ),
        Section(
            "On this phone",
            "Tick the cards you want to lay and ask: the host finds a table that holds them "
            "(or says why none exists), and you confirm it. Three cards or more can also go "
            "down as a new meld of their own.",
        ),
        Section(
            "The end",
            "Whoever lays their last card wins the hand. The others count penalty points for "
            "what they still hold: an ace 11, a face card 10, any other card its number.",
        ),
    )
)
