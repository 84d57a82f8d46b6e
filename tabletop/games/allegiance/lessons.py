"""Allegiance's lesson: a whole first deal at four seats, from the secret Allegiance card to
the scoring, on a fixed deal (seed 1437) where the learner backs Stars.

The deal was chosen for what it puts in the learner's hand: the Moon, four Faces of Stars
(one to pledge, a Count, a Knight and an Assassin), two raising Traits and a single Victory,
while the other seats hold most of the Victories and hand them round quickly: every rule a
first deal meets comes up in six rounds.
"""

from __future__ import annotations

from tabletop.learn import Course, Lesson, Step

# Card ids (rules/allegiance.py): a Face is its House letter and rank, "T6" the Countess of
# Stars; Traits and Victories go by name. Tally pieces "tally:<house>" count each House's
# Victories: 0 Hearts, 1 Swords, 2 Spells, 3 Gems, 4 Stars.

CHECKLIST: dict[str, str] = {
    # Source, "The Goal": "you secretly support one of five noble Houses".
    "goal": "You secretly back one of five Houses; you want it to win the most Victories",
    # Source, "Deck": "35 Faces", "6 Traits", "12 Victories", "1 Moon".
    "cards": "Faces have a House and a rank from 7 (Count) to 1 (Maiden); Traits shift a rank "
    "by 2; Victories are the prizes",
    # Source, "Setup": "If playing with 4 players, deal 2 cards face up and place them off".
    "set-aside": "With four players two cards are set aside face up, out of the deal",
    # Source, "Setup": "each player chooses one of his/her Face cards, playing it face down".
    "allegiance": "Each player lays one Face face down: its House is the one they back, secret "
    "until the end",
    # Source, "Winning": "you benefit more by winning after giving up a high-ranking card".
    "allegiance-prize": "Your Allegiance card's rank is your prize: a high card pays more but "
    "leaves your hand",
    # Source, "Play": "The first round begins with the Moon card".
    "moon": "The Moon's holder opens the deal by playing the Moon",
    # Source, "Play": "proceeds clockwise, with each player playing a card face up".
    "any-card": "Each player in turn plays one card of any kind: there is no suit to follow",
    # Source, "Play": "If at least one Face card AND one Victory card have been played".
    "award": "When a round ends with a Face and a Victory in the trick, all its Victories go to "
    "the House of the best Face",
    "no-award": "A round without a Face or without a Victory wins nothing: another round piles "
    "onto the same trick",
    # Source, "Play": "The winning Face card is the card with the highest rank".
    "best-face": "The best Face is the one of highest rank, Traits included",
    # Source, "Play": "the Face card played first has Precedence".
    "precedence": "Between equal ranks the Face played first wins",
    # Source, "Play": "A House may win multiple Victories in a given round".
    "several": "One trick can give a House several Victories at once",
    # Source, "Play": "The next hand is lead by the player who played the winning Face card".
    "winner-leads": "The player of the winning Face leads the next round",
    # Source, "Play": "Traits can be played in two different ways".
    "trait-up": "A Trait played face up on a Face in the trick changes its rank at once",
    "trait-down": "A Trait laid face down in front of a player (yourself too) flips onto their "
    "next Face; only its owner knows it",
    # Source, "Play": "When Assassins are played ... remove (assassinate) a Face card".
    "assassin": "An Assassin is a rank 4 Face that may also remove another Face from the trick",
    # Source, "Play": "The game is over when all 12 Victories have been awarded".
    "deal-end": "The deal ends once every Victory in play has been won",
    # Source, "Winning": "Players allied with the winning House(s) gain a point for each rank".
    "scoring": "The House or Houses with the most Victories win; each of their backers scores "
    "the rank of their Allegiance card",
    # allegiance.md, "The end of a deal": "the player with the most points wins".
    "game-end": "The most points wins; a match of several deals adds the points up",
}


STEPS: tuple[Step, ...] = (
    Step(
        "",
        "Five noble Houses compete for Victories, and every player secretly backs one of them. "
        "When the deal ends, the House with the most Victories pays its backers.",
        point=tuple(f"card:tally:{h}" for h in range(5)),
        teaches=("goal",),
    ),
    # ---- the Allegiance cards
    Step(
        "ally T6",
        "Pledge the Countess of Stars as your secret Allegiance card: if Stars win you score "
        "her rank, 6, and your Count, Knight and Assassin of Stars stay in hand to fight.",
        point=("card:T6", "zone:allegiance:0"),
        teaches=("allegiance", "allegiance-prize"),
    ),
    Step(
        "ally H6",
        "Ada chooses hers face down. Honor and Love, up at the top, were set aside face up: "
        "with four players two cards sit out the deal.",
        point=("card:Honor", "card:Love"),
        teaches=("set-aside",),
    ),
    Step(
        "ally P5",
        "Ben chooses too. Nobody says which House they back: you read it from how they play.",
        point=("zone:front:2",),
        teaches=("allegiance",),
    ),
    Step(
        "ally S5",
        "Cleo chooses last. In your hand: Faces rank from the Count (7) down to the Maiden (1), "
        "Traits like Valiant shift a rank by 2, and Victories like Valor are the prizes.",
        point=("card:T7", "card:Valiant", "card:Valor"),
        teaches=("cards",),
    ),
    # ---- round 1: the Moon, a Victory, the best Face and precedence
    Step(
        "play Moon",
        "You hold the Moon, so you open the deal: play it into the trick. Then each player adds "
        "one card of any kind, with no suit to follow.",
        point=("card:Moon", "zone:trick"),
        teaches=("moon", "any-card"),
    ),
    Step(
        "play Time",
        "Ada plays Time, a Victory. When everyone has played, the trick's Victories go to the "
        "House of its best Face.",
        point=("card:Time",),
        teaches=("award",),
    ),
    Step(
        "play P7",
        "Ben's Count of Spells is the best Face so far: rank 7, and first in the trick.",
        point=("card:P7",),
        teaches=("best-face",),
    ),
    Step(
        "play S7",
        "Cleo's Count of Swords only ties at 7, and on a tie the Face played first wins. Time "
        "goes to Spells, and Ben, whose Count won, leads the next round.",
        point=("card:tally:2",),
        teaches=("precedence", "winner-leads"),
    ),
    # ---- round 2: a Trait laid face down in front of you
    Step(
        "play Mercy",
        "Ben leads Mercy. A round that ends without a Victory, or without a Face, wins nothing: "
        "the next round piles onto the same trick.",
        point=("card:Mercy",),
        teaches=("no-award",),
    ),
    Step(
        "trait Despised @p1",
        "Cleo lays a Trait face down in front of you. It flips onto the next Face you play, and "
        "only Cleo knows which Trait it is.",
        point=("card:wait:0:0",),
        teaches=("trait-down",),
    ),
    Step(
        "play H3",
        "A rival's hidden Trait is rarely a gift: spend it on a Face you can spare, the Lady of "
        "Hearts, and keep your Stars for later.",
        point=("card:H3", "card:wait:0:0"),
        teaches=("trait-down",),
    ),
    Step(
        "play H2",
        "It was Despised: your Lady fell from 3 to 1. Ada's Page of Hearts, at 2, wins Mercy "
        "for Hearts, so Ada leads.",
        point=("card:tally:0",),
        teaches=("award", "winner-leads"),
    ),
    # ---- round 3: the Assassin
    Step("play Peace", "Ada leads Peace.", point=("card:Peace",), teaches=("any-card",)),
    Step(
        "play Glory",
        "Ben adds Glory: whichever House wins this trick takes both Victories.",
        point=("card:Glory",),
        teaches=("several",),
    ),
    Step(
        "play P6",
        "Cleo's Countess of Spells is the only Face, so Spells would take both. You play last.",
        point=("card:P6",),
        teaches=("best-face",),
    ),
    Step(
        "play T4",
        "Play your Assassin of Stars: a Face of rank 4 that may also remove another Face from "
        "the trick.",
        point=("card:T4",),
        teaches=("assassin",),
    ),
    Step(
        "kill P6",
        "Remove the Countess of Spells. Your Assassin is then the only Face, so Peace and Glory "
        "both go to Stars.",
        point=("card:P6",),
        teaches=("assassin", "several"),
    ),
    # ---- round 4: your own Trait face down, and one face up
    Step(
        "trait Valiant @p1",
        "You won, so you lead. Lay Valiant face down in front of yourself: it will lift your "
        "next Face by 2, and nobody else knows.",
        point=("card:Valiant", "zone:front:0"),
        teaches=("trait-down",),
    ),
    Step("play T3", "Ada leads her Lady of Stars, rank 3.", point=("card:T3",)),
    Step(
        "play Fortune",
        "Ben adds Fortune: he holds more Victories than Faces to win them.",
        point=("card:Fortune",),
    ),
    Step(
        "trait Craven T3",
        "Cleo plays Craven face up on that Lady: a face-up Trait changes a rank at once, here "
        "from 3 to 1. She is still the only Face, so Fortune goes to Stars and Ada leads.",
        point=("card:tally:4",),
        teaches=("trait-up", "award"),
    ),
    # ---- round 5: the hidden Trait pays off
    Step("play Courage", "Ada leads Courage.", point=("card:Courage",)),
    Step(
        "play Justice",
        "Ben adds Justice: two Victories in the trick again.",
        point=("card:Justice",),
        teaches=("several",),
    ),
    Step(
        "play H5",
        "Cleo's Knight of Hearts, rank 5, is best, and you play last.",
        point=("card:H5",),
        teaches=("best-face",),
    ),
    Step(
        "play T7",
        "Play your Count of Stars: Valiant flips onto it, 7 and 2 make 9, and Stars take both "
        "Victories.",
        point=("card:T7", "card:Valiant"),
        teaches=("trait-down", "best-face"),
    ),
    # ---- round 6: the last Victories
    Step(
        "play Valor",
        "Stars have 5 Victories and only 3 are left, so no House can catch up. Lead Valor: when "
        "every Victory is won, the deal ends.",
        point=("card:Valor", "card:tally:4"),
        teaches=("deal-end",),
    ),
    Step("play G1", "Ada plays the Maiden of Gems, the only Face this round.", point=("card:G1",)),
    Step("play Faith", "Ben adds Faith.", point=("card:Faith",)),
    Step(
        "play Wisdom",
        "Cleo adds Wisdom, the last Victory: all three go to Gems, and the deal is over.",
        point=("card:tally:3",),
        teaches=("deal-end",),
    ),
    # ---- the scoring and the end
    Step(
        "",
        "The Allegiance cards turn over. Stars have the most Victories, so everyone who backed "
        "Stars scores their card's rank: your Countess makes 6, and on a tie every top House "
        "would score.",
        point=("card:T6", "card:tally:4"),
        teaches=("scoring",),
    ),
    Step(
        "",
        "Nobody else backed Stars, so you win the game with 6 points. In a match of several "
        "deals the points add up, and the most points wins.",
        teaches=("game-end",),
    ),
)


LESSON = Lesson(
    id="allegiance",
    game_id="allegiance",
    title="Your first deal",
    players=4,
    seat=0,
    names=("You", "Ada", "Ben", "Cleo"),
    seed=1437,
    intro="A whole deal at four: you back a House in secret and steer the Victories its way.",
    steps=STEPS,
    recap=(
        "Pledge one Face in secret: its House is yours and its rank your prize.",
        "Any card goes in the trick; a round with a Face and a Victory gives every Victory "
        "to the best Face's House, the first played winning ties.",
        "Traits change a rank by 2, face up at once or face down on someone's next Face.",
        "An Assassin may remove another Face from the trick.",
        "When every Victory is won, the Houses with the most pay their backers.",
    ),
)

COURSE = Course("allegiance", CHECKLIST, (LESSON,))
