"""Alliances' score so far: the countries each side controls, the campaign as the rules would
decide it now (:meth:`Alliances.campaign_result`) and the campaigns won (with 3 players: the
countries each player has ruled as the Empire, and the conflicts won as a Rebel that break a
tie). The map, the bid and the campaigns are public: nothing here is a range.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules import Game
from rules.alliances import Alliances

from ..tally import Cell, Row, Tally, TallyTable, exact, join_names, seat_label, total, words

#: The steps of a campaign once its Aggressor is known (before: the bidding, the draft).
DECIDED = ("target", "play", "choose")


def _countries(view: Any, side: int) -> int:
    return sum(1 for tile in view["grid"] if tile["controller"] == side)


def score_now(game: Game, seat: int | None, names: Sequence[str]) -> Tally:
    view: Any = game.view(seat)
    if view["players"] == 3:
        return _empire(view, seat, names)
    sides = view["sides"]
    deciding = (
        view["phase"] in DECIDED
        and (view["players"] == 2 or view["bid"] is not None)
        and not view["over"]
    )
    assert isinstance(game, Alliances)
    winner, why = game.campaign_result() if deciding else (None, "")
    rows = []
    for side in (0, 1):
        seats = [s for s in range(view["players"]) if sides[s] == side]
        label = join_names([seat_label(names, s, seat) for s in seats])
        won = exact(view["campaign_wins"][side])
        now: Cell = words("—")
        if winner is not None:
            now = words("wins" if winner == side else "loses")
        gain = exact(1 if winner == side else 0)
        aggressor = deciding and view["aggressor"] == side
        role = words("Aggressor" if aggressor else "Defender" if deciding else "—")
        rows.append(Row(label, (role, exact(_countries(view, side)), now, won, total([won, gain]))))
    columns = (
        "Side",
        "Role",
        "Countries",
        f"Campaign {view['campaign']}",
        "Campaigns won",
        "If it ended now",
    )
    notes = ["The first side to win 2 campaigns wins the game."]
    if winner is not None:
        notes.insert(0, f"If the campaign ended now: {why}.")
    elif not view["over"]:
        notes.insert(0, "The campaign's bid is not settled yet: nobody is the Aggressor.")
    return Tally((TallyTable(columns, tuple(rows)),), tuple(notes))


def _empire(view: Any, seat: int | None, names: Sequence[str]) -> Tally:
    """Three players: each campaign's Empire scores the countries it rules at its end."""
    empire = view["empire"]
    live = not view["over"]
    ruled = _countries(view, 0) if live else 0
    rows = []
    for s in range(3):
        before = exact(view["empire_tiles"][s])
        now = exact(ruled if live and s == empire else 0)
        tricks = view["rebel_tricks"][s]
        if live and s != empire:
            tricks += view["conflicts_won"][s]
        role = words("Empire" if s == empire and live else "Rebel" if live else "—")
        rows.append(
            Row(
                seat_label(names, s, seat),
                (role, before, now, total([before, now]), exact(tricks)),
            )
        )
    columns = (
        "Player",
        "Role",
        "Earlier campaigns",
        f"Campaign {view['campaign']}",
        "Countries as Empire",
        "Conflicts as Rebel",
    )
    notes = [
        "Each player is the Empire once and scores the countries the Empire rules when its "
        "campaign ends; a tie goes to the most conflicts won as a Rebel.",
    ]
    return Tally((TallyTable(columns, tuple(rows)),), tuple(notes))
