"""The pause at the end of an Alliances campaign: who was the Aggressor and what it bid, who
takes the campaign and why (the rules' reason), the countries each side controls and the
campaigns won so far (2 and 4 players); the Empire's countries (3 players). Built from the
public event and view only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules import Event
from tabletop.layouts.base import seat_names
from tabletop.table.model import Recap


def campaign_recap(
    events: Sequence[Event], view: Mapping[str, Any], names: Sequence[str]
) -> Recap | None:
    end = next((e for e in events if e.kind == "campaign-end"), None)
    if end is None:
        return None
    data = end.data
    over = any(e.kind == "end" for e in events)
    title = f"Campaign {data.get('campaign', '')} ends" + (": the game is over" if over else "")
    if "empire" in data:
        return Recap(title, _empire_lines(data, view, names, over))
    return Recap(title, _duel_lines(data, view, names, over))


def _side_seats(side: int, players: int) -> list[int]:
    """The seats of a side (2 players: one each; 4 players: partners across the table)."""
    return [s for s in range(players) if (s % 2 if players == 4 else s) == side]


def _duel_lines(
    data: Mapping[str, Any], view: Mapping[str, Any], names: Sequence[str], over: bool
) -> tuple[str, ...]:
    players = int(view.get("players", len(names)))
    agg = int(data.get("aggressor", 0)) % 2
    winner = int(data.get("side", 0)) % 2
    bid = data.get("bid")
    countries = list(data.get("countries", [0, 0]))
    sides = [seat_names(_side_seats(side, players), names) for side in (0, 1)]
    aggressor, defender = sides[agg], sides[1 - agg]
    takes = "takes" if players == 2 else "take"
    wins = list(data.get("campaign_wins", view.get("campaign_wins", [0, 0])))
    return (
        f"Aggressor: {aggressor}"
        + (f", bid {bid}" if bid is not None else "")
        + f". Defender: {defender}.",
        f"{sides[winner]} {takes} the campaign: {data.get('why', '')}.",
        f"Countries controlled: {aggressor} {countries[agg]}, {defender} {countries[1 - agg]}.",
        f"Campaigns won: {aggressor} {wins[agg]}, {defender} {wins[1 - agg]}"
        + (": two wins take the game." if over else " (two wins take the game)."),
    )


def _empire_lines(
    data: Mapping[str, Any], view: Mapping[str, Any], names: Sequence[str], over: bool
) -> tuple[str, ...]:
    empire = seat_names([int(data.get("empire", 0))], names)
    lines = [f"{empire}, the Empire, rules {data.get('tiles', 0)} countries."]
    tiles = list(data.get("empire_tiles", view.get("empire_tiles", [])))
    if tiles:
        lines.append(
            "Countries ruled as the Empire so far: "
            + ", ".join(f"{seat_names([s], names)} {t}" for s, t in enumerate(tiles))
            + "."
        )
    if over:
        lines.append("Campaign 3 was the last: each player has been the Empire once.")
    elif isinstance(view.get("empire"), int):
        lines.append(f"Next campaign: {seat_names([view['empire']], names)} is the Empire.")
    return tuple(lines)
