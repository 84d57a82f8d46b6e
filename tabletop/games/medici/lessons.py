"""Court of the Medici's lessons: the duel from its first move to the court closing, then the
four-player Alliances variant's differences from a prepared position near its end.

Both deal fixed decks (the ``decks`` option), so a lesson's table does not depend on how the
rules shuffle. Stack numbers in the words are the numbers on the table's badges.
"""

from __future__ import annotations

from tabletop.learn import Course, Lesson, Step


def _cards(text: str) -> list[str]:
    """A deck order written as card ids between spaces."""
    return text.split()


CHECKLIST: dict[str, str] = {
    # RULES-NOTES, Court of the Medici: "Each house deck has 25 cards: nobles 2–10 twice each,
    # Minister (0) ×2, Lady-in-Waiting (1) ×2, Jester (1–10) ×2, Duke (15) ×1".
    "houses": "Each player leads a house with its own deck of 25 cards; a card keeps its owner",
    "nobles": "A noble is worth its number, 2 to 10",
    "duke": "The Duke is worth 15",
    "jester": "A Jester's value, 1 to 10, is chosen when it is played; it scores only 1",
    "minister": "A Minister on a stack of two or more sends every card beneath it away; "
    "on a single card it simply joins it",
    "lady": "A Lady-in-Waiting on a stack breaks it, herself included, into single cards",
    # RULES-NOTES: "A stack's influence value is the sum of its cards' values."
    "stack-value": "A card alone or an alliance of cards is a stack, worth the sum of its cards",
    # RULES-NOTES: "2-player setup: each player deals 4 cards face up ... into the Inner Circle".
    "inner-circle": "At the start each player deals four cards face up into the Inner Circle "
    "and draws a hand of five",
    "first-player": "The player whose Inner Circle cards add up to more starts",
    # RULES-NOTES: "Turn: one action, then draw."
    "one-action-draw": "On your turn you do one action, then draw a card",
    "send-to-court": "Sending a noble to court puts a card alone into the Outer Court, "
    "never alone into the Inner Circle",
    "build": "Building an alliance puts a card on any stack, in the Inner Circle or the Outer "
    "Court, yours or not",
    "conspire": "A build that makes a stack worth exactly as much as another may eliminate "
    "that one; its cards go to their owners' discard piles",
    "spare": "A conspiracy is optional: you may decline it",
    "plan": "Planning for the future puts a card from your hand under your own deck",
    # RULES-NOTES: "Last card: whoever draws the last card of their deck reveals it".
    "last-card": "Whoever draws the last card of their deck shows it and may then play no card "
    "worth more",
    # RULES-NOTES: "End, 2 players: at once when a player has no card of their house left in
    # the Inner Circle, or the player to act cannot play."
    "end-inner": "The duel ends at once when a house has no card left in the Inner Circle",
    "end-cannot-play": "It also ends when the player to move cannot play a card",
    "scoring": "Each player scores the influence points of their cards at court, both areas",
    "tie": "A tie goes to the player with the highest-value card at court",
    # Source "Setting Up": "Players divide themselves into two teams of two ... an opponent
    # between him and his teammate".
    "teams": "Four players play in two teams of two, partners sitting across from each other",
    "team-cards": "Partners never see each other's hands: each plays their own house",
    # Source, components: "The Mistress: She can have any value between -1 and -10".
    "mistress": "The Mistress, worth -1 to -10 as chosen when played, scores -1",
    # Source "Setting Up": "four stacks of cards on the table each with a number of cards equal
    # to the number of players"; "The player with the highest influence goes first."
    "partner-setup": "The Inner Circle is dealt as four stacks of four cards, one from each "
    "player; the most influence there starts",
    # Source "Inner Circle": "No player may play a card to the Inner Circle."
    "closed-inner": "Nobody may play a card onto the Inner Circle: only a conspiracy from the "
    "Outer Court strikes it",
    # Source "Ending the Game": "no cards in the Inner Circle or a player cannot play a card".
    "partner-end": "The game ends when the Inner Circle is empty or a player cannot play",
    # Source "Ending the Game" / "Adjudicating Ties": partners add their totals; a tie goes to
    # "the team with the highest value noble".
    "team-score": "Partners add their points; the higher team wins, a tie going to the team "
    "with the highest card",
}

# Every card of both houses, each house's from the top: four to the Inner Circle, five to the
# hand, then the draw pile. The order sets up a Minister, a Lady and a Jester in the first turns.
_DUEL_DECKS = _cards(
    "G4a G8a GD G3a G7a G2a GMa G10a G5a GLa GJa G6a G9a G2b G3b GMb G4b G5b G6b G7b G8b G9b "
    "G10b GLb GJb "
    "R2a R6a R9a R5a R8a R6b R2b R3a R7a R4a R10a RMa R3b R4b R5b R7b R8b R9b R10b RMb RLa RLb "
    "RJa RJb RD"
)

DUEL = Lesson(
    id="medici",
    game_id="medici",
    title="The duel",
    players=2,
    seat=0,
    names=("You", "Lorenzo"),
    seed=1,
    options={"houses": "Gonzaga / Della Rovere", "decks": _DUEL_DECKS},
    intro="Two noble houses send their members to the Duke's court. When the court closes, the "
    "house with the most influence on the table wins. You play House Gonzaga against Lorenzo "
    "of House Della Rovere.",
    steps=(
        Step(
            "",
            "This is the court: each of you dealt four cards face up into the Inner Circle, in "
            "the middle, and drew a hand of five from your own deck of 25. The Outer Court "
            "around it starts empty.",
            point=("zone:inner",),
            teaches=("houses", "inner-circle"),
        ),
        Step(
            "",
            "A noble is worth its number and the Duke 15. You start, because your Inner Circle "
            "cards add up to more: 30 against Lorenzo's 22.",
            point=("card:GD",),
            teaches=("nobles", "duke", "first-player"),
        ),
        Step(
            "court G7a",
            "Each turn you do one thing, then draw. Drag your Captain-General (7) to the Outer "
            "Court: sending a noble to court puts it there alone, as a new stack, never alone "
            "into the Inner Circle.",
            point=("card:G7a", "zone:outer"),
            teaches=("send-to-court", "one-action-draw"),
        ),
        Step(
            "court R8a",
            "Lorenzo sent his Lady (8), a noble, to court. You both drew after your moves: "
            "hands stay at five.",
            point=("card:R8a",),
            teaches=("one-action-draw",),
        ),
        Step(
            "build G2a on 1",
            "Now build an alliance: drag your Friar (2) onto your Poet (4) in the Inner Circle. "
            "A stack is worth the sum of its cards, so this one makes 6, as much as Lorenzo's "
            "Banker.",
            point=("card:G2a", "zone:stack:1"),
            teaches=("build", "stack-value"),
        ),
        Step(
            "strike 6",
            "Two stacks of equal worth: you may conspire. Click stack 6 to eliminate his "
            "Banker: it goes to his discard pile, and he has one card fewer in the Inner Circle.",
            point=("zone:stack:6",),
            teaches=("conspire",),
        ),
        Step(
            "build R6b on 5",
            "In the duel anyone may build on any stack. Lorenzo put his other Banker (6) on his "
            "Chamberlain (2): 8, the worth of your Lord.",
            point=("zone:stack:5",),
            teaches=("build",),
        ),
        Step(
            "strike 2",
            "He conspired and struck your Lord. Keep an eye on totals: any stack that matches "
            "another can be struck.",
            point=("zone:inner",),
            teaches=("conspire",),
        ),
        Step(
            "build GMa on 5",
            "His stack 5 now holds two cards. Drag your Minister onto it: on a stack of two or "
            "more, a Minister sends every card beneath it away and stays alone, worth 0.",
            point=("card:GMa", "zone:stack:5"),
            teaches=("minister",),
        ),
        Step(
            "build R2b on 3",
            "Lorenzo built his Chamberlain (2) onto your Duke. A stack of two: a Minister of "
            "his could now sweep your Duke away.",
            point=("zone:stack:3",),
            teaches=("minister",),
        ),
        Step(
            "build GLa on 3",
            "Save your Duke: drag your Lady-in-Waiting onto his stack. She breaks a stack into "
            "single cards, herself included, and each stays where it was.",
            point=("card:GLa", "zone:stack:3"),
            teaches=("lady",),
        ),
        Step(
            "build R3a on 12",
            "Lorenzo put his Sculptor (3) on his lone Chamberlain: 5, the same as his own "
            "Architect.",
            point=("zone:stack:12",),
        ),
        Step(
            "spare",
            "The only equal stack was his own, so he chose not to conspire: striking is always "
            "a choice.",
            point=("zone:stack:8",),
            teaches=("spare",),
        ),
        Step(
            "build GJa on 9",
            "Your Jester is worth whatever you choose, 1 to 10. Drag him onto your "
            "Captain-General, stack 9.",
            point=("card:GJa", "zone:stack:9"),
            teaches=("jester",),
        ),
        Step(
            "value 2",
            "Choose 2: with the 7 that makes 9, the worth of Lorenzo's Praefect in the Inner "
            "Circle. At the end a Jester scores only 1, whatever his value.",
            point=("zone:stack:7",),
            teaches=("jester",),
        ),
        Step(
            "strike 7",
            "Strike stack 7: his Praefect leaves the Inner Circle.",
            point=("zone:stack:7",),
            teaches=("conspire",),
        ),
        Step(
            "court R10a",
            "Lorenzo sent his Count (10) to court. At the end, cards in the Outer Court score "
            "as much as those in the Inner Circle.",
            point=("card:R10a",),
            teaches=("scoring",),
        ),
        Step(
            "plan G10a",
            "Your Countess (10) has no good place yet: drag her onto your deck to plan for the "
            "future, and she goes under it. Whoever draws their last card shows it and may then "
            "play nothing worth more, so a high last card keeps you free.",
            point=("card:G10a", "zone:deck:0"),
            teaches=("plan", "last-card"),
        ),
        Step(
            "court R3b",
            "Lorenzo sent a Sculptor to court. He has two stacks left in the Inner Circle, both "
            "worth 5. When a house has no card there, the court closes at once.",
            point=("zone:stack:8", "zone:stack:12"),
            teaches=("end-inner",),
        ),
        Step(
            "build G5a on 5",
            "Drag your Scholar (5) onto your Minister, stack 5: 0 and 5 make 5, the worth of "
            "both his last stacks.",
            point=("card:G5a", "zone:stack:5"),
            teaches=("stack-value",),
        ),
        Step(
            "strike 12",
            "Strike stack 12: it holds two of his cards, so he loses more.",
            point=("zone:stack:12",),
            teaches=("conspire",),
        ),
        Step(
            "build R4a on 8",
            "Lorenzo built his Playwright (4) onto his last Inner Circle card: 9, as much as "
            "your Captain-General and Jester.",
            point=("zone:stack:8",),
        ),
        Step(
            "strike 9",
            "He struck them both. His last stack now has two cards.",
            point=("zone:stack:8",),
            teaches=("minister",),
        ),
        Step(
            "build GMb on 8",
            "Drag your second Minister onto stack 8: it sends his last two Inner Circle cards "
            "away, and the court closes.",
            point=("card:GMb", "zone:stack:8"),
            teaches=("end-inner",),
        ),
        Step(
            "",
            "Each card at court scores its value for its owner, in both areas; a Jester scores "
            "1. You have 30 points and Lorenzo 21, so you win; on a tie, the highest card at "
            "court would decide.",
            point=("zone:inner", "zone:outer"),
            teaches=("scoring", "tie"),
        ),
        Step(
            "",
            "One more way to close the court: the player to move cannot play, with no card in "
            "hand, or none allowed under their last card.",
            point=("zone:deck:0",),
            teaches=("end-cannot-play",),
        ),
    ),
    recap=(
        "On your turn: send a noble to court, build an alliance or plan for the future; then draw.",
        "A stack is worth the sum of its cards; build one to match another and you may strike it.",
        "A Minister clears a stack of two or more; a Lady-in-Waiting breaks one into singles.",
        "A Jester takes the value you choose but scores 1.",
        "Your last card limits what you may play.",
        "The court closes when a house has no card in the Inner Circle or someone cannot play;"
        " the most influence at court wins.",
    ),
)

# The four decks of a seeded deal, each house's from the top: five to the hand, then one card
# to each of the four Inner Circle stacks, then the draw pile.
_PARTNER_DECKS = _cards(
    "GLa GJb GXa GMa G10b G8a GD GXb G9a G4b GLb G7b G6a GMb G8b G10a G7a G3b G2b G2a G9b G5b "
    "GJa G6b G4a G5a G3a "
    "R8a RLb R5a R6b R9b RD R7b R4a R5b RXa RLa RMb R6a R10b RMa RJa R8b R2a RXb R4b RJb R10a "
    "R2b R3b R7a R3a R9a "
    "O4a O3b O6a O9b O5a OLa O4b O10a O9a OMb O2a OXb O10b OXa O7b O8b OLb O8a OJa O3a O7a OJb "
    "O5b O6b OMa O2b OD "
    "PLa PJb P10a P3a PXa PJa PMb P7b P6a P9a PD P3b P8b P5b P4b P7a P2a P9b PLb PMa P5a PXb "
    "P8a P4a P6b P10b P2b"
)

PARTNERS = Lesson(
    id="medici-partners",
    game_id="medici",
    title="Four players: the partnership",
    players=4,
    seat=0,
    names=("You", "Lucrezia", "Cosimo", "Piero"),
    seed=32,
    options={"decks": _PARTNER_DECKS},
    # A few turns in: two Inner Circle stacks have fallen to conspiracies.
    prelude=(
        "court G10b",
        "build R6b on 5",
        "build O4a on 5",
        "strike 3",
        "build PJb on 5",
        "value 9",
        "strike 4",
    ),
    intro="With four players Court of the Medici is a game of two teams. Everything from the "
    "duel still holds; this lesson shows what changes, near the end of a game.",
    steps=(
        Step(
            "",
            "You play House Gonzaga with your partner Cosimo, of House Orsini, who sits across "
            "from you; Lucrezia (Della Rovere) and Piero (Pazzi) play together against you, so "
            "the two teams take turns. Partners never see each other's cards, but they win or "
            "lose together.",
            teaches=("teams", "team-cards"),
        ),
        Step(
            "",
            "The deal is different: everyone drew five, then the Inner Circle was dealt as four "
            "stacks of four cards, one from each house, and the most influence there started. "
            "Conspiracies have already struck two of them.",
            point=("zone:inner",),
            teaches=("partner-setup",),
        ),
        Step(
            "build GXa on 5",
            "The Inner Circle is closed: nobody may play a card onto it, not even a Minister or a "
            "Lady, and only a conspiracy from the Outer Court strikes it. So drag your Mistress "
            "onto stack 5 in the Outer Court, worth 29.",
            point=("card:GXa", "zone:stack:5"),
            teaches=("closed-inner", "mistress"),
        ),
        Step(
            "value -4",
            "A Mistress is worth minus 1 to minus 10, as you choose: she brings a stack down. "
            "Choose minus 4, so that stack 5 falls to 25, the worth of stack 1 in the Inner "
            "Circle. At the end she scores minus 1.",
            point=("zone:stack:1",),
            teaches=("mistress",),
        ),
        Step(
            "strike 1",
            "Strike stack 1. Your Lord goes with it, but so does Lucrezia's Duke: count what each "
            "team loses before you strike, and 15 points off theirs matter most.",
            point=("zone:stack:1",),
            teaches=("closed-inner",),
        ),
        Step(
            "build RLb on 5",
            "Lucrezia's team is behind, so they want the game to go on: her Lady-in-Waiting "
            "broke your stack 5 into single cards, far from the 26 of the last Inner Circle "
            "stack.",
            point=("zone:stack:2",),
            teaches=("partner-end",),
        ),
        Step(
            "build O9b on 6",
            "Your partner built his Bishop (9) onto your Countess: 19. He cannot tell you what "
            "he holds, but his points and yours make one total.",
            point=("zone:stack:6",),
            teaches=("team-cards", "team-score"),
        ),
        Step(
            "court P10a",
            "Piero sent his Margravine (10) to court. With the Inner Circle closed, every "
            "build happens out here in the Outer Court, where the conspiracies are made.",
            point=("card:P10a",),
        ),
        Step(
            "build GJb on 6",
            "If the court closed now, your team would lead 41 to 25: so close it. Drag your "
            "Jester onto stack 6, worth 19.",
            point=("card:GJb", "zone:stack:6"),
            teaches=("team-score",),
        ),
        Step(
            "value 7",
            "Choose 7: 19 and 7 make 26, the worth of the last Inner Circle stack. At the end "
            "your Jester will still score only 1.",
            point=("zone:stack:2",),
        ),
        Step(
            "strike 2",
            "Strike stack 2. Your Duke falls with it, but the Inner Circle is then empty, and "
            "the court closes at once.",
            point=("zone:stack:2",),
            teaches=("partner-end",),
        ),
        Step(
            "",
            "Partners add up their points: your 10 and Cosimo's 13 make 23, against 7 and 11 "
            "for Lucrezia and Piero, so your team wins; a tie would go to the team with the "
            "highest card at court. The game also ends when the player to move cannot play.",
            point=("zone:outer",),
            teaches=("team-score", "partner-end"),
        ),
    ),
    recap=(
        "Two teams of two, partners sitting across from each other; every house has two "
        "Mistresses.",
        "The Inner Circle is four stacks of four, and closed: only a conspiracy from the Outer "
        "Court strikes it.",
        "A Mistress takes a value from −1 to −10 and scores −1.",
        "The game ends when the Inner Circle is empty or a player cannot play; partners add "
        "their points.",
    ),
)

COURSE = Course("medici", CHECKLIST, (DUEL, PARTNERS))
