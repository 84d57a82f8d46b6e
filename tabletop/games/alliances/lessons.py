"""Alliances' guided first games: the 4-player game, then what changes with 2 and with 3.

The checklist is derived from the rule book (``shared/sources/004_f6b725bd12fb4163.txt``) and
RULES-NOTES ("Alliances"). The 4-player lesson joins the first campaign at its 10th conflict
(a prepared position: a fixed deal and map, 9 conflicts played silently) so that one short
lesson reaches both a campaign's end and the next campaign's bidding. The 2-player lesson
joins the drafting phase at its last tricks; the 3-player lesson starts at the deal.
"""

from __future__ import annotations

from tabletop.learn import Course, Lesson, Step

CHECKLIST: dict[str, str] = {
    # "Game Concepts and Terms": "Suits of Power", "Countries of the world"; "Components"
    "countries": "The world is 20 countries in 4 rows of 5, each with a Military, an Economic "
    "and a Political defence",
    "suits": "Power cards run 1 to 12 in three suits: Politics above Economics above Military",
    "special-cards": "Special action cards may always be played and act as soon as they are",
    # "Game Setup": "each pair sit opposite each other", "3 Alliance tokens ... in one of the
    # corners", "deal each player 12 cards"
    "partners": "Four players make two alliances; partners sit opposite each other",
    "corners": "Each player starts with three tokens on a corner of the map",
    "control": "A country belongs to the alliance whose token is on top; with none it is neutral",
    "deal": "Each campaign the map is laid out afresh and everyone is dealt 12 cards",
    # "State of the Nations phase"
    "bid": "In turn, pass or bid 10 to 20 countries your alliance will hold, naming the "
    "dominant suit",
    "outbid": "A bid must be a higher number, or the same number in a higher suit",
    "pass-out": "A player who passes is out of the bidding, but their partner may go on",
    "all-pass": "If everyone passes without a bid, the cards are dealt again",
    "aggressor": "The last bidder starts; their alliance is the Aggressor, the other the Defender",
    # "Conflict phase": "divided into 12 rounds of conflict"
    "conflicts": "A campaign is 12 conflicts, each a trick fought over one country",
    "target-neutral": "The starter targets a neutral country next to (not diagonal to) one "
    "their alliance holds",
    "target-rival": "Only when no such neutral country is left may they target a rival's "
    "country next to theirs",
    "lead": "The starter leads any card; its suit is the leading suit",
    "follow": "The others play a power card of the leading suit or any special action card",
    "void": "A player with no card of the leading suit at all may play any card",
    "dominant": "Any power in the dominant suit breaks the conflict: the highest dominant power "
    "wins, else the highest of the leading suit",
    "capture": "The winner takes the country if their power is higher than its defence in that "
    "suit, putting a token on it (over a rival's)",
    "defence-holds": "If the winner's power is not higher than the defence, nothing changes",
    "draw": "A tie for the highest power is a draw: nobody takes the country",
    # "Starting a new conflict"
    "next-start": "Whoever took the country starts the next conflict; otherwise the start "
    "passes clockwise",
    # "Special action symbols": the ones this lesson's deal brings to the table
    "reinforcement": "Reinforcement doubles one Military power card on the table",
    "reserve-forces": "Reserve Forces gives the Military of your alliance's four strongest "
    "countries",
    "defensive-pact": "Defensive Pact triples the target's Military defence",
    # "Concluding the campaign"
    "campaign-end": "After the 12th conflict the Aggressor wins with at least the countries bid; "
    "otherwise the Defender wins",
    "bid-ten": "A bid of 10 met exactly also needs more tokens on the map than the Defender",
    # "Game End"
    "game-end": "The first alliance to win two campaigns wins the game",
    # "2-player Game": "Setup", "Drafting phase", "Campaign", "Campaign End"
    "duel-setup": "With two, each player holds two opposite corners; 24 cards form a face-down "
    "reserve",
    "duel-draft": "Each campaign opens with a drafting phase: tricks for no country, with no "
    "dominant suit, won by the higher card of the suit led",
    "duel-draw": "After each drafting trick both players draw from the reserve; the winner "
    "leads the next",
    "duel-specials": "Special action cards are worth 0 in the drafting phase",
    "duel-draft-winner": "Whoever won more drafting tricks calls the dominant suit and starts "
    "as the Aggressor",
    "duel-momentum": "A conflict's winner who fails to take the country loses the start to the "
    "opponent",
    "duel-campaign-end": "After 12 conflicts more countries win the campaign; a tie goes to the "
    "Defender",
    # "3-player Game": "Setup", "Rise to Power phase", "Campaign", "Game end"
    "empire-roles": "With three, one player is the Empire against two allied Rebels; each is "
    "the Empire once in three campaigns",
    "empire-setup": "The Empire starts on two opposite corners, each Rebel on one; 16 cards each",
    "empire-set": "The Empire sets 4 cards aside face down in 2 pairs, then calls the dominant "
    "suit",
    "empire-tribute": "Each Rebel gives the Empire their highest power card of the dominant "
    "suit and their highest of another suit",
    "empire-pairs": "Each Rebel takes one of the Empire's pairs",
    "empire-starts": "The Empire starts the first conflict; conflicts run as with four",
    "empire-score": "At a campaign's end the Empire scores the countries it holds; each Rebel "
    "notes the conflicts they won",
    "empire-end": "After three campaigns the most countries scored as Empire wins; a tie goes "
    "to the most conflicts won as a Rebel",
}

NAMES_4 = ("You", "Bruno", "Rosa", "Carla")

# The first campaign's fixed deal (12 cards a seat, in seat order) and map (row by row), and
# how its bidding and first 9 conflicts went: Rosa bid 10 Politics; 9 countries each, two
# neutral ones left, Bruno to start the 10th conflict.
DECK_4 = (
    *("M2", "E5", "P3", "P5", "E7", "embargo", "global-trading", "covert-operation", "P12"),
    *("reserve-forces", "E8", "M11"),
    *("P11", "M6", "E9", "bribe", "monopoly", "P10", "E3", "M1", "P4", "M9", "E10", "P1"),
    *("E11", "P7", "E2", "spin", "P9", "M12", "M10", "dual-allegiance", "P8", "M3", "P2", "M7"),
    *("free-market", "P6", "M8", "M5", "E12", "M4", "peace-treaty", "E1", "E6"),
    *("reinforcement", "E4", "defensive-pact"),
)
TILES_4 = (
    *("Kestoria", "Dunmere", "Caldessa", "Jorvand", "Halcyra"),
    *("Galvenor", "Pelmora", "Estravia", "Rosthal", "Istrelle"),
    *("Lunagard", "Morvania", "Sarmentia", "Orlesse", "Norhaven"),
    *("Brevmark", "Aldoria", "Ferrowind", "Tyrrhel", "Quillon"),
)
PRELUDE_4 = (
    *("pass", "pass", "bid 10 E", "bid 10 P", "pass"),
    *("target 2,3", "play M12", "play peace-treaty", "play M2", "play M1"),
    *("target 2,1", "play E12", "play embargo", "play E3", "play E2"),
    *("target 2,3", "play covert-operation", "play monopoly", "play M10", "play M4"),
    *("target 2,2", "play E11", "play E1", "play E5", "play E9"),
    *("target 1,2", "play P8", "play free-market", "play P12", "play bribe", "choose P12"),
    *("target 1,1", "play P7", "play P6", "play P3", "play P10"),
    *("target 2,1", "play M6", "play dual-allegiance", "play M5", "play global-trading"),
    *("target 0,2", "play P9", "play E6", "play P5", "play P11"),
    *("target 2,1", "play P4", "play spin", "play M8", "play E7"),
)

FOUR_PLAYERS = Lesson(
    id="alliances",
    game_id="alliances",
    title="Alliances for four",
    players=4,
    seat=0,
    names=NAMES_4,
    seed=161,
    options={"first": 3, "deck": list(DECK_4), "tiles": list(TILES_4)},
    prelude=PRELUDE_4,
    intro="You and Rosa against Bruno and Carla. We join the first campaign near its end, "
    "then play the start of the next one.",
    steps=(
        Step(
            "",
            "The world: 20 countries in 4 rows of 5. Each shows three defence values, "
            "Military, Economic and Political from left to right: the power it takes to win "
            "it in that suit.",
            point=("zone:tile:1,3",),
            teaches=("countries",),
        ),
        Step(
            "",
            "You and Rosa, sitting opposite, are one alliance; Bruno and Carla are the other. "
            "Each of you began with three tokens on a corner. A country belongs to the "
            "alliance whose token lies on top; one with no token is neutral.",
            point=("card:disc:2", "card:tokens:0,0"),
            teaches=("partners", "corners", "control"),
        ),
        Step(
            "",
            "Your cards: power cards 1 to 12 in three suits, Politics above Economics above "
            "Military, and special action cards. A campaign is 12 conflicts, each a trick "
            "over one country: this is the 10th.",
            point=("card:M11", "card:reserve-forces"),
            teaches=("suits", "conflicts"),
        ),
        Step(
            "",
            "Rosa won this campaign's bidding with 10 Politics: your alliance must hold 10 "
            "countries after the 12th conflict, and Politics is dominant, the trump suit. You "
            "hold 9 now.",
            teaches=("aggressor",),
        ),
        # The 10th conflict: Bruno's.
        Step(
            "target 1,3",
            "Bruno won the last conflict, so he starts: he targets Rosthal, a neutral country "
            "next to one of his alliance's.",
            point=("zone:tile:1,3",),
            teaches=("target-neutral", "next-start"),
        ),
        Step(
            "play M9",
            "He leads the 9 of Military: Military is the leading suit of this conflict.",
            point=("card:M9",),
            teaches=("lead",),
        ),
        Step(
            "play M3",
            "Rosa follows with the 3 of Military: each player after the leader must play a "
            "power card of the leading suit, or any special action card.",
            point=("card:M3",),
            teaches=("follow",),
        ),
        Step(
            "play reinforcement",
            "Carla plays Reinforcement, a special action card: it acts at once.",
            point=("card:reinforcement",),
            teaches=("special-cards",),
        ),
        Step(
            "choose M9",
            "She doubles Bruno's 9 of Military to 18, far above Rosthal's Military defence of 3.",
            point=("card:M9",),
            teaches=("reinforcement",),
        ),
        Step(
            "play reserve-forces",
            "Play Reserve Forces: a special card may always be played, and this one gives you "
            "the Military of your alliance's four strongest countries: 7 + 5 + 5 + 4 = 21.",
            point=("card:reserve-forces",),
            teaches=("reserve-forces", "special-cards"),
            redirect="That works too, but this lesson plays Reserve Forces: your four strongest "
            "countries give 21 Military, above Bruno's doubled 18.",
        ),
        # The 11th conflict: yours.
        Step(
            "target 3,2",
            "Your 21 beat Rosthal's defence of 3: your token went on it, so you start. Target "
            "Ferrowind, the last neutral country next to yours.",
            point=("zone:tile:3,2",),
            teaches=("capture", "next-start", "target-neutral"),
        ),
        Step(
            "play E8",
            "Lead the 8 of Economics, and keep your 11 of Military for the last conflict.",
            point=("card:E8",),
            teaches=("lead",),
            redirect="That works too, but this lesson leads the 8 of Economics and keeps the 11 "
            "of Military for the last conflict.",
        ),
        Step(
            "play E10",
            "Bruno has to follow Economics: his 10 beats your 8 and Ferrowind's Economic "
            "defence of 6.",
            point=("card:E10",),
            teaches=("follow",),
        ),
        Step(
            "play P2",
            "Rosa has no Economics at all, so she may play any card. Her 2 of Politics is "
            "dominant, and a dominant card beats every card of another suit, however high.",
            point=("card:P2",),
            teaches=("void", "dominant"),
        ),
        Step(
            "play E4",
            "Carla follows with the 4 of Economics. Rosa wins with 2 Politics, above "
            "Ferrowind's Political defence of 1: she takes it, your 11th country.",
            point=("zone:tile:3,2",),
            teaches=("capture",),
        ),
        # The 12th and last conflict: Rosa's.
        Step(
            "target 1,4",
            "The last conflict. No neutral country is left, so Rosa may target a rival's "
            "country next to yours: Istrelle, Bruno's.",
            point=("zone:tile:1,4",),
            teaches=("target-rival",),
        ),
        Step(
            "play M7",
            "She leads the 7 of Military: Istrelle's Military defence is only 3.",
            point=("card:M7",),
            teaches=("lead",),
        ),
        Step(
            "play defensive-pact",
            "Carla answers with Defensive Pact: it triples Istrelle's Military defence, from "
            "3 to 9.",
            point=("card:defensive-pact",),
            teaches=("defensive-pact",),
        ),
        Step(
            "play M11",
            "Play your last card, the 11 of Military: it beats Rosa's 7 and even the "
            "tripled defence of 9.",
            point=("card:M11",),
            teaches=("follow",),
        ),
        Step(
            "play P1",
            "But Bruno has no Military left: his 1 of Politics is dominant and wins. It is not "
            "above Istrelle's Political defence of 3, so the defence holds: nothing changes.",
            teaches=("dominant", "defence-holds"),
        ),
        Step(
            "",
            "When a defence holds, or the highest powers tie (a draw), nobody takes the "
            "country and the start passes clockwise.",
            teaches=("draw", "next-start"),
        ),
        Step(
            "",
            "That was the 12th conflict. Your alliance bid 10 and holds 11 countries: you win "
            "the campaign. Exactly 10 on a bid of 10 would also need more tokens on the map "
            "than your rivals.",
            teaches=("campaign-end", "bid-ten"),
        ),
        Step(
            "",
            "A new campaign: the countries are laid out afresh, everyone is back to three "
            "tokens on a corner, and each player has 12 new cards.",
            teaches=("deal", "corners"),
        ),
        # The second campaign's bidding: you open.
        Step(
            "bid 10 E",
            "Now the bidding: how many countries your alliance will hold after 12 conflicts "
            "(10 to 20) and which suit will be dominant. You hold six Economics: bid 10 "
            "Economics.",
            point=("zone:bid:10:E",),
            teaches=("bid",),
            redirect="That works too, but this lesson bids 10 Economics: your six Economics cards "
            "make it your strongest suit.",
        ),
        Step(
            "bid 10 P",
            "Bruno bids 10 Politics: the same number in a higher suit beats your bid.",
            teaches=("outbid", "suits"),
        ),
        Step(
            "pass",
            "Rosa passes: she is out of the bidding, but you may still bid for your alliance.",
            teaches=("pass-out",),
        ),
        Step(
            "pass",
            "Carla passes too. Had all four passed, the cards would have been dealt again.",
            teaches=("all-pass",),
        ),
        Step(
            "bid 11 E",
            "Bid 11 Economics: a higher number beats any suit.",
            point=("zone:bid:11:E",),
            teaches=("outbid",),
            redirect="That works too, but this lesson bids 11 Economics: a higher number beats "
            "Bruno's 10 Politics.",
        ),
        Step(
            "pass",
            "Bruno passes, so your 11 Economics wins: you start, and your alliance is the "
            "Aggressor, Bruno and Carla the Defender.",
            teaches=("aggressor",),
        ),
        # The second campaign's first conflict.
        Step(
            "target 1,1",
            "Choose the first target, a neutral country next to one your alliance holds: "
            "Dunmere, beside your corner, Economic defence 4.",
            point=("zone:tile:1,1",),
            teaches=("target-neutral",),
            redirect="That works too, but this lesson targets Dunmere, beside your corner: its "
            "Economic defence is only 4.",
        ),
        Step(
            "play E12",
            "Lead the 12 of Economics: Economics is dominant now, so no card can beat it.",
            point=("card:E12",),
            teaches=("dominant", "lead"),
            redirect="That works too, but this lesson leads the 12 of Economics: Economics is "
            "dominant, so nothing beats it.",
        ),
        Step("play E6", "Bruno has to follow with Economics: his 6.", point=("card:E6",)),
        Step(
            "play E3",
            "Rosa plays low, the 3 of Economics: her partner is already winning.",
            point=("card:E3",),
        ),
        Step(
            "play E1",
            "Carla follows with the 1. Your 12 beats Dunmere's defence of 4: it is yours, and "
            "you start again.",
            point=("zone:tile:1,1",),
            teaches=("capture", "next-start"),
        ),
        Step(
            "",
            "The campaign goes on like this to its 12th conflict. Your alliance has won one "
            "campaign: the first alliance to win two wins the game.",
            teaches=("game-end",),
        ),
    ),
    recap=(
        "Bid how many countries your alliance will hold, and the dominant suit.",
        "Target a neutral country next to yours; a rival's only when no neutral one is left.",
        "Follow the leading suit or play a special card; with none of that suit, play anything.",
        "A dominant card beats every other suit; a country falls only to power above its defence.",
        "The Aggressor needs the countries it bid; two campaigns win the game.",
    ),
)


# The 2-player game on seed 94, you starting the drafting phase: its first 10 tricks.
PRELUDE_2 = (
    *("play M1", "play M4", "play E1", "play E4", "play P2", "play P1", "play P5", "play P6"),
    *("play free-market", "play E2", "play M3", "play defensive-pact", "play M5", "play M7"),
    *("play E3", "play E7", "play M2", "play monopoly", "play M6", "play embargo"),
)

TWO_PLAYERS = Lesson(
    id="alliances-2p",
    game_id="alliances",
    title="Alliances for two",
    players=2,
    seat=0,
    names=("You", "Bruno"),
    seed=94,
    options={"first": 0},
    prelude=PRELUDE_2,
    intro="What changes with two players: a drafting phase before each campaign, and the "
    "start that a failed winner loses.",
    steps=(
        Step(
            "",
            "With two, each of you holds two opposite corners of the map. You were dealt 12 "
            "cards; the rest form a face-down reserve, nearly used up now.",
            point=("card:reserve", "card:tokens:0,0"),
            teaches=("duel-setup",),
        ),
        Step(
            "",
            "Each campaign opens with a drafting phase to improve your hand: tricks fought for "
            "no country, with no dominant suit. You have won 7 of the first 10.",
            teaches=("duel-draft",),
        ),
        Step(
            "play M10",
            "You won the last trick, so you lead. Lead the 10 of Military: the higher card of "
            "the suit led wins the trick.",
            point=("card:M10",),
            teaches=("duel-draft",),
            redirect="That works too, but this lesson leads the 10 of Military, to see the higher "
            "card of the suit led win.",
        ),
        Step(
            "play M11",
            "Bruno's 11 of Military wins. After each trick you both draw a card from the "
            "reserve, and the winner leads the next.",
            point=("card:reserve",),
            teaches=("duel-draw",),
        ),
        Step(
            "play reinforcement",
            "Bruno leads Reinforcement. Special cards are worth 0 and do nothing in the "
            "drafting phase: a way to get rid of one.",
            point=("card:reinforcement",),
            teaches=("duel-specials",),
        ),
        Step(
            "play M12",
            "Win the last trick with the 12 of Military.",
            point=("card:M12",),
            teaches=("duel-draft",),
            redirect="That works too, but this lesson wins the last trick with the 12 of Military.",
        ),
        Step(
            "call P",
            "The reserve is empty and you won the drafting, 8 tricks to 4: call the dominant "
            "suit, and you start as the Aggressor. Call Politics, your strongest suit.",
            point=("zone:call:P",),
            teaches=("duel-draft-winner",),
            redirect="That works too, but this lesson calls Politics, your strongest suit.",
        ),
        Step(
            "target 0,2",
            "Target Brevmark, a neutral country next to your corner.",
            point=("zone:tile:0,2",),
            teaches=("target-neutral",),
            redirect="That works too, but this lesson targets Brevmark, next to your corner.",
        ),
        Step(
            "play M9",
            "Lead the 9 of Military: it beats Brevmark's Military defence of 6 and keeps your "
            "Politics for later.",
            point=("card:M9",),
            teaches=("lead",),
            redirect="That works too, but this lesson leads the 9 of Military: it beats "
            "Brevmark's Military defence of 6 and keeps your Politics.",
        ),
        Step(
            "play P3",
            "Bruno has no Military, so his 3 of Politics, dominant, wins, but it is not above "
            "Brevmark's Political defence of 3. A winner who fails to take the country loses "
            "the momentum: you start again.",
            point=("zone:tile:0,2",),
            teaches=("duel-momentum",),
        ),
        Step(
            "",
            "After the 12th conflict, whoever holds more countries wins the campaign, and a "
            "tie goes to the Defender. Two campaigns win the game.",
            teaches=("duel-campaign-end",),
        ),
    ),
    recap=(
        "Each of you holds two corners; the other 24 cards are a reserve.",
        "The drafting phase: tricks with no dominant suit, a draw after each; special cards "
        "are worth 0.",
        "The drafting winner calls the dominant suit and starts.",
        "A winner who fails to take the country loses the start; more countries win.",
    ),
)

THREE_PLAYERS = Lesson(
    id="alliances-3p",
    game_id="alliances",
    title="Alliances for three",
    players=3,
    seat=0,
    names=("You", "Bruno", "Carla"),
    seed=16,
    options={"first": 0},
    intro="What changes with three players: the Empire against two Rebels, and the rise to power.",
    steps=(
        Step(
            "",
            "With three, one player is the Empire and the other two are Rebels, one alliance "
            "against it. Each of you is the Empire once in three campaigns: you are first.",
            teaches=("empire-roles",),
        ),
        Step(
            "",
            "The Empire starts on two opposite corners of the map, each Rebel on one. All 48 "
            "cards are dealt: 16 each.",
            point=("card:tokens:0,0", "card:tokens:3,4"),
            teaches=("empire-setup",),
        ),
        Step(
            "set M1",
            "First the rise to power: set aside 4 cards face down, in 2 pairs, for the Rebels. "
            "Give them weak ones: start with the 1 of Military.",
            point=("card:M1",),
            teaches=("empire-set",),
            redirect="That works too, but this lesson sets aside weak cards for the Rebels: the 1 "
            "of Military first.",
        ),
        Step(
            "set E1",
            "Then the 1 of Economics.",
            point=("card:E1",),
            teaches=("empire-set",),
            redirect="That works too, but this lesson sets aside the 1 of Economics next.",
        ),
        Step(
            "set E2",
            "The 2 of Economics starts the second pair.",
            point=("card:E2",),
            teaches=("empire-set",),
            redirect="That works too, but this lesson starts the second pair with the 2 of "
            "Economics.",
        ),
        Step(
            "set M3",
            "And the 3 of Military.",
            point=("card:M3",),
            teaches=("empire-set",),
            redirect="That works too, but this lesson sets aside the 3 of Military last.",
        ),
        Step(
            "call P",
            "Now call the dominant suit: Politics, where your cards are strongest.",
            point=("zone:call:P",),
            teaches=("empire-set",),
            redirect="That works too, but this lesson calls Politics, where your cards are "
            "strongest.",
        ),
        Step(
            "give P10",
            "Each Rebel must give you their highest power card of the dominant suit: Bruno "
            "puts his face down.",
            teaches=("empire-tribute",),
        ),
        Step(
            "give M12",
            "And his highest power card of another suit.",
            teaches=("empire-tribute",),
        ),
        Step("give P3", "Carla gives you her highest Politics card.", teaches=("empire-tribute",)),
        Step("give M11", "And her highest of another suit.", teaches=("empire-tribute",)),
        Step(
            "pair 1",
            "Bruno takes one of your pairs and Carla the other. Their gifts are in your hand: "
            "the 10 and 3 of Politics, the 12 and 11 of Military.",
            point=("card:M12",),
            teaches=("empire-pairs",),
        ),
        Step(
            "target 0,2",
            "The Empire starts the first conflict, and conflicts run as with four. Target "
            "Rosthal, next to your corner: its Military defence is 3.",
            point=("zone:tile:0,2",),
            teaches=("empire-starts",),
            redirect="That works too, but this lesson targets Rosthal: its Military defence is "
            "only 3.",
        ),
        Step(
            "play M12",
            "Lead the 12 of Military, a gift from Bruno: nothing in Military can beat it.",
            point=("card:M12",),
            teaches=("empire-starts",),
            redirect="That works too, but this lesson leads the 12 of Military: nothing in "
            "Military beats it.",
        ),
        Step("play M6", "Bruno follows with the 6 of Military.", point=("card:M6",)),
        Step(
            "play M2",
            "Carla follows with the 2. Your 12 takes Rosthal.",
            point=("zone:tile:0,2",),
        ),
        Step(
            "",
            "At the campaign's end the Empire scores the countries it holds, and each Rebel "
            "notes the conflicts they won. After three campaigns the most countries scored as "
            "Empire wins; a tie goes to the most conflicts won as a Rebel.",
            teaches=("empire-score", "empire-end"),
        ),
    ),
    recap=(
        "One Empire against two allied Rebels; each player is the Empire once.",
        "The Empire sets aside two pairs and calls the dominant suit; the Rebels give their "
        "best cards and take the pairs.",
        "The Empire scores the countries it holds; after three campaigns the most wins.",
    ),
)

COURSE = Course("alliances", CHECKLIST, (FOUR_PLAYERS, TWO_PLAYERS, THREE_PLAYERS))
