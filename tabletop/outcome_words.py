"""A finished game in words: the headline, the sentence under it, said to the table or to one
seat ("You won!"). Pygame-free: the results screen and the phones at a game night share it.

>>> from rules import Outcome
>>> headline(Outcome((3, 5), (1,), ""), ["Nadia", "Sam"], seat=1)
'You won!'
"""

from __future__ import annotations

from collections.abc import Sequence

from rules import Outcome


class _Names(dict[str, str]):
    """Seat names for an outcome template; an unknown field stays as written (never a crash)."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def join_names(names: Sequence[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def score_number(value: float) -> str:
    """A score as the results show it: "12", "2.5", "−44" with a real minus sign; never
    "-0"."""
    value = float(value) + 0.0  # -0.0 + 0.0 is 0.0: a zero never shows a sign
    text = str(int(value)) if value.is_integer() else f"{value:.1f}"
    return text.replace("-", "\u2212")


def _one_team(outcome: Outcome) -> bool:
    """The winners are exactly one of the game's teams (a partnership's win, not a tie)."""
    teams = outcome.breakdown.get("teams") or []
    return sorted(outcome.winners) in [sorted(t) for t in teams if isinstance(t, list)]


def headline(outcome: Outcome, names: Sequence[str], seat: int | None = None) -> str:
    """ "Nadia wins!", "Nadia and Bo win!" (a team), "Shared win: A and B" or "A draw"; said
    to ``seat`` (a phone's player) when it is among the winners: "You won!", "Your team
    won!", "You share the win with B"."""
    winners = [names[i] for i in outcome.winners if 0 <= i < len(names)]
    if not winners:
        return "A draw"
    if seat is not None and seat in outcome.winners:
        if len(winners) == 1:
            return "You won!"
        if _one_team(outcome):
            return "Your team won!"
        others = [names[i] for i in outcome.winners if i != seat and 0 <= i < len(names)]
        return f"You share the win with {join_names(others)}"
    if len(winners) == 1:
        return "You win!" if winners[0] == "You" else f"{winners[0]} wins!"
    if _one_team(outcome):
        return f"{join_names(winners)} win!"
    return f"Shared win: {join_names(winners)}"


def detail(outcome: Outcome, names: Sequence[str]) -> str:
    """The outcome's sentence with the players' names in it ("{p1} wins on points" → "Sam
    wins on points")."""
    return outcome.detail.format_map(_Names({f"p{i}": name for i, name in enumerate(names)}))
