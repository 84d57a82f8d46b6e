"""Alliances rules fidelity: the decided readings of RULES-NOTES.md ("Decided after
an independent read of the source"), the worked examples of
sources/004_f6b725bd12fb4163.txt, refusals that say the rule, and the in-app text
rules/alliances.md held to its marking: every RULES-NOTES decision it states sits in a
"**House reading:**" item, and what the source itself says does not.

Each test cites the clause of the source ("source, <section>"), a worked example ("Example 4",
"Image 3") or the RULES-NOTES line ("notes: ...") it checks. Helpers come from
tests/test_alliances.py.
"""

from __future__ import annotations

import random
import re

import pytest

import rules
from rules import Move
from rules.alliances import COLS, COUNTRY, ROWS, Alliances, tile_index, tile_zone
from rules.alliances.conflict import Played
from tabletop.games.alliances.bots import _Judge
from tests.test_alliances import conflict, contract, new, play, refused
from tests.test_alliances_variants import drafted

HOUSE = "**House reading:**"


# --------------------------------------------------------------------------- Monopoly


def monopoly_table() -> Alliances:
    """Economics dominant; seat 0 leads the 9 of Economics against Galvenor (tile 1,1), seat 1
    plays Global Trading (its neighbours' Economic values: 1 + 6 + 3 + 2 = 12), seat 2
    Monopoly."""
    game = conflict([["E9"], ["global-trading"], ["monopoly"], []], bid="10 E", target="1,1")
    play(game, "play E9", "play global-trading")
    assert game.powers()[1] == ("E", 12)
    play(game, "play monopoly")
    return game


def test_monopoly_discards_an_economics_special() -> None:
    """Source, Special action symbols, Monopoly: "Discard all Economics cards on the table but
    one of your choice"; notes, decided after an independent read: "Monopoly discards every
    Economics card on the table, special cards included, except the one its player chooses".
    A Global Trading worth 12 is one of those cards: kept E9, it is discarded and worth
    nothing; the Monopoly itself stays (house reading: it acts on the cards already there)."""
    game = monopoly_table()
    assert game.phase == "choose" and game.to_move == 2
    assert {str(m) for m in game.legal_moves()} == {"choose E9", "choose global-trading"}
    play(game, "choose E9")
    assert [e["card"] for e in game.table if e["discarded"]] == ["global-trading"]
    assert game.powers()[:3] == [("E", 9), None, ("E", 0)]
    assert game.leader()[0] == 0


def test_monopoly_may_keep_the_special() -> None:
    """Notes, decided after an independent read: every Economics card is discarded "except the
    one its player chooses" — a special action card may be the one kept."""
    game = monopoly_table()
    play(game, "choose global-trading")
    assert [e["card"] for e in game.table if e["discarded"]] == ["E9"]
    assert game.powers()[:3] == [None, ("E", 12), ("E", 0)]


def test_monopoly_discarding_a_bribe_or_free_market_cancels_it() -> None:
    """Notes: Monopoly discards Economics special cards too (decided after an independent read),
    and a discarded special's power and modifiers are cancelled while the cards it already
    discarded stay discarded (notes, Covert Operation): a discarded Bribe gives its Politics
    card back; a discarded Free Market no longer strengthens the defence."""
    hands = [["P8"], ["bribe"], ["free-market"], ["monopoly"]]
    base = COUNTRY["Caldessa"]
    game = conflict(hands, bid="10 E")
    play(game, "play P8", "play bribe", "play free-market")
    assert game.powers()[:2] == [None, ("E", 8)]
    assert game.defence()["E"] == base["E"] + base["M"]
    other = game.clone()
    assert isinstance(other, Alliances)
    play(game, "play monopoly", "choose free-market")
    assert game.last_conflict["cards"][1] == [1, "bribe", True]
    assert game.last_conflict["winner"] is None, "E0 against E0: a draw"
    play(other, "play monopoly")
    assert {str(m) for m in other.legal_moves()} == {"choose bribe", "choose free-market"}
    other.play(other.parse_move("choose bribe"))
    assert other.last_conflict["cards"][2] == [2, "free-market", True]
    assert other.last_conflict["winner"] == 1 and other.last_conflict["captured"], (
        "E8 beats Caldessa's own Economic defence 5 once Free Market is gone"
    )


def test_monopoly_with_one_economics_card_discards_nothing() -> None:
    """Source, Monopoly: all Economics cards "but one of your choice": with a single Economics
    card on the table (here a special) there is nothing to discard (house reading: no
    question is asked)."""
    game = conflict([["free-market"], ["monopoly"], [], []], bid="10 E")
    play(game, "play free-market", "play monopoly")
    assert game.phase == "play" and game.to_move == 2
    assert not any(e["discarded"] for e in game.table)


def test_bot_mirrors_monopoly_on_specials() -> None:
    """The bot's copy of the conflict follows the decided Monopoly (notes, decided after an
    independent read: special cards included): each way the rules resolve the Monopoly is
    among the bot's resolutions."""
    game = conflict([["E9"], ["global-trading"], ["monopoly"], []], bid="10 E", target="1,1")
    play(game, "play E9", "play global-trading")
    judge = _Judge(game.view(2), 2)
    entry = Played(2, "monopoly")
    mirrored = [judge.powers(t) for t in judge._resolved(judge.entries, entry, judge.target)]
    played = game.clone()
    played.play(played.parse_move("play monopoly"))
    ruled = []
    for choice in played.legal_moves():
        after = played.clone()
        assert isinstance(after, Alliances)
        after.play(choice)
        ruled.append(after.powers())
    assert len(ruled) == 2
    assert all(p in mirrored for p in ruled)
    assert [None, ("E", 12), ("E", 0), None] in mirrored


# --------------------------------------------------------------------------- 2-player drafting


def test_two_player_drafting_specials_worth_zero_without_effect() -> None:
    """Notes, decided after an independent read: "2-player drafting phase: every special card
    is worth 0 and has no effect" (source, 2-player Drafting phase: "Most special action cards
    are worth zero conflict power in this phase"). Spin played last passes nothing, Embargo
    discards nothing, Global Trading and Dual Allegiance ask and give nothing."""
    hands = [["P5", "E7", "E1", "P3"], ["spin", "embargo", "global-trading", "dual-allegiance"]]
    game = new(hands, players=2, first=0)
    for lead, special in zip(hands[0], hands[1], strict=True):
        events = game.play_text(f"play {lead}") + game.play_text(f"play {special}")
        assert game.phase == "duel", f"{special} asks nothing in the drafting phase"
        assert not [e for e in events if e.kind in ("special", "boost", "spun")]
        assert [e.data["winner"] for e in events if e.kind == "trick"] == [0]
    assert game.duel_tricks == [4, 0]


# --------------------------------------------------------------------------- worked examples


def test_image_3_two_player_campaign_eleven_to_nine() -> None:
    """Source, 2-player Campaign End, Image 3: "the gold player is the clear winner with 11
    tiles to 9" — whichever role gold plays. (Board edited.)"""
    for gold_is_aggressor in (True, False):
        game = drafted()
        play(game, "call P")
        gold = game.aggressor if gold_is_aggressor else 1 - game.aggressor
        game.tokens = [[gold] if t < 11 else [1 - gold] for t in range(20)]
        side, why = game.campaign_result()
        assert side == gold and "11" in why and "9" in why


def test_example_4_step_by_step() -> None:
    """Example 4: A. 4M leads; B. 9M leads at the moment; C. a special card worth 12M takes the
    lead; D. 1P from a player with no Military wins as the dominant suit and beats the
    defence of 0P."""
    from tests.test_alliances import example_4_game

    game = example_4_game()
    play(game, "target 2,1", "play M4")
    assert game.leader() == (3, "M", 4)
    play(game, "play M9")
    assert game.leader() == (0, "M", 9)
    play(game, "play reserve-forces")
    assert game.leader() == (1, "M", 12)
    assert "M1" not in game.hands[2] and not any(c[0] == "M" for c in game.hands[2])
    play(game, "play P1")
    assert game.last_conflict == {
        "tile": "tile:2,1",
        "winner": 2,
        "captured": True,
        "cards": [
            [3, "M4", False],
            [0, "M9", False],
            [1, "reserve-forces", False],
            [2, "P1", False],
        ],
    }


# --------------------------------------------------------------------------- refusals say the rule


def test_refused_targets_say_the_targeting_rule() -> None:
    """Source, Conflict phase: target a neutral country orthogonally adjacent to your own; a
    rival one only when no neutral country can be targeted. Example 1b's four options are named
    when a rival country is refused."""
    game = new()
    contract(game)
    own = refused(game, "target 0,0")
    assert own.code == "own-country" and own.message.startswith(
        "Your alliance already controls Aldoria: target a neutral country next to one of yours"
    )
    rival = refused(game, "target 2,0")
    assert rival.code == "neutral-first"
    assert rival.message == (
        "Kestoria belongs to the rival alliance, and you may target a rival country only when "
        "no neutral country is in reach: Caldessa, Galvenor, Norhaven and Rosthal are."
    )
    far = refused(game, "target 2,2")
    assert far.code == "not-adjacent" and far.message.startswith(
        "Morvania is not next to (diagonals do not count) a country your alliance controls"
    )


def test_refused_steps_say_the_order_of_play() -> None:
    """Source, Conflict phase: the starting player first puts the Conflict token on a country,
    then plays; the target stays for the conflict. Source, State of the Nations: with 4 players
    the dominant suit is part of a bid. Source, 2-player game: the drafting winner calls the
    dominant suit (State of Nations variant: declares a number with it)."""
    game = new([["M4"], [], [], []])
    assert refused(game, "call P").message.startswith(
        "With 4 players the dominant suit comes with a bid (State of the Nations)"
    )
    contract(game)
    early = refused(game, "play M4")
    assert early.code == "wrong-step"
    assert early.message.startswith("The starting player first puts the Conflict token")
    play(game, "target 0,2")
    again = refused(game, "target 1,1")
    assert again.message.startswith("The Conflict token is already on Caldessa")
    assert refused(game, "bid 12 P").message.startswith("The bidding happens once")
    duel = drafted()
    assert refused(duel, "bid 12 P").message.startswith(
        "In the 2-player game the drafting winner only calls the dominant suit"
    )
    assert refused(duel, "pass").message.startswith("The dominant suit must be called")
    exact = drafted(exact=True)
    assert refused(exact, "call P").message.startswith(
        "With State of Nations the drafting winner declares the exact number"
    )


def test_refused_choices_say_what_the_special_acts_on() -> None:
    """Source, Special action symbols: Monopoly keeps one Economics card (notes, decided: special
    cards included); Covert Operation discards "any special action card on the table" (not one
    already discarded); Dual Allegiance first takes a Politics power card (notes, decided: then
    adds it to a player who has already played)."""
    game = monopoly_table()
    wrong = refused(game, "choose M1")
    assert wrong.code == "bad-choice"
    assert wrong.message == (
        "The 1 of Military is not on the table: choose the 9 of Economics or Global Trading."
    )
    self_choice = refused(game, "choose monopoly")
    assert self_choice.message == (
        "Monopoly does not act on itself: choose the 9 of Economics or Global Trading."
    )

    covert = conflict([["M9"], ["peace-treaty"], ["defensive-pact"], ["covert-operation"]])
    play(covert, "play M9", "play peace-treaty", "play defensive-pact", "play covert-operation")
    gone = refused(covert, "choose M9")
    assert gone.message == (
        "The 9 of Military is discarded: choose Defensive Pact or Peace Treaty."
    )

    dual = conflict([["P7"], ["P9"], ["dual-allegiance"], []])
    play(dual, "play P7", "play P9", "play dual-allegiance")
    assert refused(dual, "boost 0").message.startswith(
        "Dual Allegiance first takes a Politics power card from the table"
    )
    play(dual, "choose P9")
    assert refused(dual, "choose P7").message.startswith("Dual Allegiance has taken the 9")
    nobody = refused(dual, "boost 7")
    assert nobody.message == "There is no seat 7 (seats count from 0 to 3): choose seat 0, 1 or 2."
    later = refused(dual, "boost 3")
    assert later.message.startswith("Seat 3 has not played to this conflict yet")


def test_refused_reinforcement_names_the_military_cards() -> None:
    """Source, Reinforcement: "Double any Military power card on the table"."""
    game = conflict([["M5"], ["M7"], ["P3"], ["reinforcement"]], bid="10 M")
    assert not any(c[0] == "M" for c in game.hands[2]), "seat 2 may play P3 on Military"
    play(game, "play M5", "play M7", "play P3", "play reinforcement")
    err = refused(game, "choose P3")
    assert err.message == (
        "Reinforcement doubles a Military power card from the table, and the 3 of Politics is "
        "not one: choose the 5 of Military or the 7 of Military."
    )


def test_notation_naming_a_missing_country_or_card_says_the_rule() -> None:
    """Source, Game Setup: "20 country tiles in 4 rows of 5 tiles each"; Components: 12 power
    cards per suit (notes: 1 to 12). Typed notation for a country or card the game does not
    have is still 'bad-notation', but says the rule, not only the hint."""
    game = new()
    for text, words in (
        ("target 4,0", "There is no country at 4,0: the map has 4 rows of 5"),
        ("target tile:0,5", "There is no country at 0,5"),
        ("play M13", "There is no card M13: each suit has power cards 1 to 12"),
        ("keep p0", "There is no card P0"),
    ):
        before = game.snapshot()
        with pytest.raises(rules.IllegalMove) as err:
            game.play_text(text)
        assert err.value.code == "bad-notation" and err.value.message.startswith(words)
        assert game.snapshot() == before
    with pytest.raises(rules.IllegalMove) as err:
        game.parse_move("conquer 2,4")
    assert "is not an Alliances move (try 'bid 12 P'" in err.value.message


# --------------------------------------------------------------------------- the in-app text


def items(text: str) -> list[str]:
    """The text's paragraphs and list items (each bullet its own, nested ones too), with their
    wrapped lines joined; headings and table rows are left out."""
    out: list[list[str]] = []
    current: list[str] | None = None
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith(("#", "|")):
            current = None
            continue
        bullet = re.match(r"^\s*(?:[-*]|\d+\.)\s+(.*)$", line)
        if bullet or current is None:
            current = [bullet.group(1) if bullet else stripped]
            out.append(current)
        else:
            current.append(stripped)
    return [" ".join(parts) for parts in out]


TEXT = rules.rules_text("alliances")
FLAT = " ".join(TEXT.split())
ITEMS = items(TEXT)


def item(phrase: str) -> str:
    found = [i for i in ITEMS if phrase in i]
    assert len(found) == 1, f"{phrase!r} is in {len(found)} items of alliances.md"
    return found[0]


def table_row(first_cell: str) -> str:
    rows = [line for line in TEXT.splitlines() if line.startswith(f"| {first_cell} |")]
    assert len(rows) == 1
    return rows[0]


# (phrase in the text, the RULES-NOTES decision it states)
DECISIONS = [
    ("the countries are our own invention", "Country tiles: 20 nations of our own invention"),
    ("one token on the corner country and one on each", "Start (4 players)"),
    ("each player starts on **two diagonally opposite corners**", "2 players: two diagonal"),
    ("the Empire starts on two diagonally opposite corners", "3 players: the Empire holds"),
    ("a special action card led first makes its own suit", "Leading suit = suit of the first"),
    ("gives its player **0 in its own suit**", "A special card gives its player power 0"),
    ("acts on the cards already on the table", "resolve immediately against the cards"),
    ("change the defence **for this conflict only**", "Defensive Pact and Free Market"),
    ("Covert Operation cancels the power", "Covert Operation discards a special card"),
    ("every token counts for that tie-break", "Token counts for the exact-bid tie-break"),
    ("any neutral or rival country may be", "If a starter has no legal target"),
    ("each later campaign is opened by the player after", "later campaigns start with the next"),
    ("a tie on tricks goes to the winner of the last trick", "2-player drafting phase ties"),
    ("the Rebel on the Empire's left chooses a pair first", "picks in seat order"),
    ("a campaign has as many conflicts as cards in hand", "as many conflicts as cards"),
    ("the two Rebels form **one alliance**", "3-player Empire game (the Rebels as one side)"),
    ("the *Suit* column is our reading", "Special actions, 4 per suit, grouped as listed"),
    ("are options you choose when setting up", "all part of the game, selectable at setup"),
    ("Monopoly discards **every** Economics card", "Decided: Monopoly"),
    ("Dual Allegiance adds the Politics card to a player who has", "Decided: Dual Allegiance"),
    ("every special action card is worth **0**", "Decided: 2-player drafting phase"),
]


def test_rules_text_marks_each_decision_as_a_house_reading() -> None:
    """Notes, last line: "Every decision on this page that the in-app text states must be
    marked there as a house reading" — each decision below sits in a House reading item."""
    for phrase, decision in DECISIONS:
        assert item(phrase).startswith(HOUSE), f"{decision}: {phrase!r} is not marked"


def test_rules_text_states_the_decided_readings() -> None:
    """Notes, "Decided after an independent read of the source": the in-app text states the
    decided content (Monopoly with specials, Dual Allegiance to players who have played, the
    drafting phase's specials worth 0 without effect), and the old Monopoly reading is gone."""
    monopoly = item("Monopoly discards **every** Economics card")
    assert "special action cards included" in monopoly and "chooses to keep" in monopoly
    assert "the special cards stay" not in TEXT
    dual = item("Dual Allegiance adds the Politics card to a player who has")
    assert "**already played**" in dual
    assert "has no conflict power yet" in dual
    drafting = item("every special action card is worth **0**")
    assert "**no effect**" in drafting


def test_rules_text_does_not_mark_what_the_source_says() -> None:
    """Notes, last line: "nothing the source itself says may be marked so". Source, 2-player
    Starting player: "the players can take turns starting"; State of the Nations note: all
    pass, all cards dealt again; Starting a new conflict: a draw; 2-player Campaign End: "In
    case of a tie, the Defender wins"; Game Setup: 3 tokens in a corner; Monopoly's own
    words."""
    for phrase in (
        "The players take turns starting",
        "If everybody passes without a bid, all cards are dealt again",
        "A tie for the highest is a **draw**",
        "a **tie goes to the Defender**",
        "Each player puts **3 alliance tokens** in one corner",
        "Special actions** act as soon as they are played",
    ):
        assert not item(phrase).startswith(HOUSE), f"{phrase!r} is in the source"
    assert "Discard all Economics cards on the table but one of your choice" in table_row(
        "Monopoly"
    )
    assert "House reading" not in table_row("Monopoly")


def test_rules_text_has_the_worked_examples() -> None:
    """Source, Examples 1a, 1b, 2, 3, 4, 5, 6 and Image 3, retold in the in-app text (each is
    played in tests/test_alliances.py or above)."""
    assert "## Worked examples" in TEXT
    section = " ".join(TEXT.split("## Worked examples", 1)[1].split("\n## ", 1)[0].split())
    for start in (
        "**Bidding.**",  # Example 1a
        "**First target.**",  # Example 1b
        "**Following with a special action.**",  # Example 2
        "**No card of the leading suit.**",  # Example 3
        "**The dominant suit breaks a conflict.**",  # Example 4
        "**A rival target.**",  # Example 5
        "**Winning a campaign.**",  # Example 6
        "**2 players.**",  # Image 3
    ):
        assert start in section
    assert "beats the country's Political defence of 0" in section
    assert "add up to 12 Military" in section


def test_rules_text_tile_notation_matches_the_map() -> None:
    """The notation paragraph and table agree with the map: rows 0-3 and columns 0-4 from the
    top left, so 2,4 is the third row's right-hand end (view grid index 14)."""
    assert "**2,4** is the country in the third row, at the right end" in FLAT
    assert "target the country at row 2, column 4 (the third row, the right end)" in FLAT
    assert "row 3, column 5" not in FLAT
    t = tile_index(new().parse_move("target 2,4").target)
    assert t is not None and divmod(t, COLS) == (2, COLS - 1) and ROWS == 4
    assert new().view(None)["grid"][t]["id"] == tile_zone(t) == "tile:2,4"


def test_rules_text_notation_examples_are_read_by_the_game() -> None:
    """Every notation example in the text's table is read by the game and written back alike."""
    table = TEXT.split("| Notation | Meaning |", 1)[1]
    examples = re.findall(r"`([^`]+)`", table)
    assert len(examples) >= 12
    game = new()
    for example in examples:
        move: Move = game.parse_move(example)
        assert str(move) == example


def test_rules_text_suit_legend_matches_the_art() -> None:
    """Source, Components: Military red, Politics blue, Economics green; the legend gives each
    suit's letter, colour and the symbol the app draws for it."""
    from tabletop.games.alliances import art as art_alliances

    for suit, name, colour, symbol in (
        ("P", "Politics", "blue", "pillared hall"),
        ("E", "Economics", "green", "coin with a square hole"),
        ("M", "Military", "red", "star"),
    ):
        row = table_row(name)
        assert f"| {suit} |" in row and colour in row and symbol in row
        rgb = art_alliances.SUIT_COLOURS[suit]
        assert max(range(3), key=lambda i: rgb[i]) == {"red": 0, "green": 1, "blue": 2}[colour]
    assert {"M", "E", "P"} <= set(art_alliances.SYMBOLS)
    drawn = " ".join((art_alliances.__doc__ or "").split())
    assert "Military a star, Economics a coin with a square hole, Politics a pillared hall" in drawn
    assert "yellow" in table_row("Economics")
    r, g, b = art_alliances.CB_SUIT_COLOURS["E"]
    assert r > 200 and g > 180 and b < 100


def test_refusals_leave_the_game_unchanged_in_random_play() -> None:
    """DESIGN.md: a refused move changes nothing — every notation word the game reads, typed
    at random moments, is either legal or refused with a sentence and no change."""
    rng = random.Random(7)
    game = rules.new_game("alliances", 4, seed=7)
    assert isinstance(game, Alliances)
    words = ["target 0,2", "target 3,4", "play M5", "choose E3", "boost 3", "call P", "pass"]
    refusals = 0
    while not game.over and len(game.history) < 200:
        legal = {str(m) for m in game.legal_moves()}
        for text in rng.sample(words, 3):
            if text not in legal:
                refused(game, text)
                refusals += 1
        game.play(rng.choice(game.legal_moves()))
    assert refusals > 100
