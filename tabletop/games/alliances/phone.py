"""Alliances on a phone: the conflict (its target, the cards played, who is winning), the
bid, and the campaign so far (countries held by each side, campaigns won)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules.alliances.cards import SUITS, card_label

from ...net.phone_table import PhoneTable, item, phone_table, seat_name, section, yours


def _side_names(view: Mapping[str, Any], names: Sequence[str], viewer: int | None) -> list[str]:
    """Each side as its players: "Gold (Ann & Bo)", or a seat's name in a duel."""
    sides = view.get("sides") or []
    members: dict[int, list[str]] = {}
    for seat, side in enumerate(sides):
        members.setdefault(side, []).append(seat_name(names, seat, viewer))
    empire = view.get("empire")
    if empire is not None and len(members) == 2:
        side = sides[empire]
        return [
            f"{'Empire' if k == side else 'Rebels'} ({' & '.join(members[k])})"
            for k in sorted(members)
        ]
    if len(members) == 2 and len(sides) == 4:
        return [
            f"{colour} ({' & '.join(members[k])})" for k, colour in enumerate(("Gold", "Silver"))
        ]
    return [" & ".join(members[k]) for k in sorted(members)]


def _conflict(view: Mapping[str, Any], names: Sequence[str], viewer: int | None) -> dict:
    countries = {tile["id"]: tile["country"] for tile in view.get("grid") or []}
    target = countries.get(view.get("target") or "", "")
    defence = view.get("defence") or {}
    note = ""
    if target:
        shown = ", ".join(f"{SUITS[s]} {v}" for s, v in defence.items() if s in SUITS)
        note = f"Target: {target}" + (f" (defence {shown})" if shown else "")
    winning = view.get("winning") or {}
    rows = []
    for played in view.get("table") or []:
        best = played["seat"] == winning.get("seat") and not played.get("discarded")
        rows.append(
            item(
                seat_name(names, played["seat"], viewer),
                card_label(played["card"])
                + (" (discarded)" if played.get("discarded") else "")
                + (" · winning" if best else ""),
                cards=[played["card"]],
                mark="lead" if best else "",
            )
        )
    return section("Conflict", rows, note)


def table(view: Mapping[str, Any], names: Sequence[str]) -> PhoneTable:
    viewer = view.get("viewer")
    sides = _side_names(view, names, viewer)
    held = [0] * len(sides)
    for tile in view.get("grid") or []:
        if tile.get("controller") is not None and tile["controller"] < len(held):
            held[tile["controller"]] += 1
    campaign = [item(side, f"{held[k]} countries", mark="") for k, side in enumerate(sides)]
    bid = view.get("bid")
    note = ""
    if bid:
        value, suit, seat = bid
        note = (
            f"Bid: {value} countries, {SUITS.get(suit, suit)}, by {seat_name(names, seat, viewer)}"
        )
    wins = view.get("campaign_wins") or []
    score = f"Campaign {view.get('campaign')}"
    if len(wins) == 2 and len(sides) == 2:
        score += f" · campaigns won: {sides[0]} {wins[0]} – {wins[1]} {sides[1]}"
    showing = view.get("showing") or []
    known = view.get("known") or {}
    tribute = (view.get("rise") or {}).get("my_tribute") or []
    own = yours(
        viewer,
        [
            item("You will show", ", ".join(map(card_label, showing)), cards=showing)
            if showing
            else None,
            *(
                item(
                    f"{seat_name(names, int(s), viewer)} holds",
                    ", ".join(map(card_label, cs)),
                    cards=cs,
                )
                for s, cs in known.items()
                if cs
            ),
            item("Your tribute", ", ".join(map(card_label, tribute)), cards=tribute)
            if tribute
            else None,
        ],
    )
    return phone_table(
        [_conflict(view, names, viewer), section("Countries held", campaign, note), own], score
    )
