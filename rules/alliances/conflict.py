"""Alliances' conflict as pure functions of the cards on the table: what each special action
card acts on and discards, each seat's conflict power, who leads and the target's defence.

The rules (:mod:`.game`) and the AI's judge of a conflict both call these, so the two cannot
drift apart. Nothing here changes its arguments: a table is a sequence of :class:`Played`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from .cards import rank_of, suit_of
from .map import neighbours
from .specials import is_special

#: A seat's conflict power: (suit, value), or None without one.
Power = tuple[str, int] | None


class Played(NamedTuple):
    """One card on the conflict table, as its special action resolved."""

    seat: int
    card: str
    discarded: bool = False
    chosen: str = ""  # the card a Bribe, Dual Allegiance, Monopoly, Reinforcement or Covert took
    boosted: int | None = None  # the seat whose power Dual Allegiance adds its card to
    value: int | None = None  # the power Reserve Forces or Global Trading gives


def live(table: Iterable[Played]) -> list[Played]:
    """The cards on the table that are not discarded."""
    return [p for p in table if not p.discarded]


def taken(table: Iterable[Played]) -> set[str]:
    """The Politics cards a Bribe or Dual Allegiance still on the table has taken."""
    return {p.chosen for p in live(table) if p.card in ("bribe", "dual-allegiance") and p.chosen}


def choosable(table: Sequence[Played], special: str) -> list[str]:
    """The cards on ``table`` that ``special`` may act on, sorted; empty when it has nothing to
    choose (Monopoly needs two Economics cards to keep one of)."""
    cards = [p.card for p in live(table) if p.card != special]
    if special in ("bribe", "dual-allegiance"):
        gone = taken(table)
        return sorted(c for c in cards if suit_of(c) == "P" and not is_special(c) and c not in gone)
    if special == "monopoly":
        # House reading (RULES-NOTES, "Decided after an independent read"): every
        # Economics card already on the table, special action cards included.
        economics = sorted(c for c in cards if suit_of(c) == "E")
        return economics if len(economics) >= 2 else []
    if special == "reinforcement":
        return sorted(c for c in cards if suit_of(c) == "M" and not is_special(c))
    if special == "covert-operation":
        return sorted(c for c in cards if is_special(c))
    return []


def boostable(table: Iterable[Played]) -> list[int]:
    """The seats Dual Allegiance may add its card to: those that have played to the conflict
    (house reading: no card played, no conflict power)."""
    return sorted({p.seat for p in table})


def discarded_by(table: Iterable[Played], special: str, chosen: str = "") -> list[str]:
    """The cards on ``table`` (in table order) that ``special`` discards, having chosen
    ``chosen``: Peace Treaty and Embargo their suit's power cards, Monopoly every Economics card
    but the one kept, Covert Operation the special action card it names."""
    cards = [p.card for p in live(table)]
    if special in ("peace-treaty", "embargo"):
        suit = "M" if special == "peace-treaty" else "E"
        return [c for c in cards if suit_of(c) == suit and not is_special(c)]
    if special == "monopoly":
        return [c for c in cards if suit_of(c) == "E" and c not in (chosen, special)]
    if special == "covert-operation":
        return [c for c in cards if c == chosen]
    return []


def discard(table: Iterable[Played], cards: Iterable[str]) -> list[Played]:
    """``table`` with ``cards`` discarded."""
    gone = set(cards)
    return [p._replace(discarded=True) if p.card in gone else p for p in table]


def reserve_forces(
    defences: Sequence[Mapping[str, int]], controllers: Sequence[int | None], side: int
) -> int:
    """Reserve Forces' Military power: the 4 highest Military values among ``side``'s countries
    (``defences`` and ``controllers`` per tile)."""
    mine = sorted((defences[t]["M"] for t, c in enumerate(controllers) if c == side), reverse=True)
    return sum(mine[:4])


def global_trading(defences: Sequence[Mapping[str, int]], target: int) -> int:
    """Global Trading's Economics power: the Economic values of the target's neighbours."""
    return sum(defences[t]["E"] for t in neighbours(target))


def spin_acts(table: Sequence[Played], players: int) -> bool:
    """Spin acts when it is the last card of a full conflict and still on the table."""
    return (
        bool(table)
        and len(table) == players
        and table[-1].card == "spin"
        and not table[-1].discarded
    )


def powers(
    table: Sequence[Played], players: int, duel: bool = False, final: bool = False
) -> list[Power]:
    """Each seat's conflict power. Effects are replayed over the cards still on the table, so a
    discarded special no longer grants anything (RULES-NOTES: Covert Operation cancels the power
    and modifiers a card granted). ``duel``: the 2-player drafting phase, where special action
    cards are worth 0; ``final``: the conflict is complete, so a Spin played last acts."""
    base: list[Power] = [None] * players
    bonus = [0] * players
    cards = live(table)
    for p in cards:
        base[p.seat] = (suit_of(p.card), rank_of(p.card))
    if duel:
        return base
    took: set[str] = set()
    doubled: set[str] = set()
    for p in cards:
        if p.card == "bribe" and p.chosen:
            took.add(p.chosen)
            base[p.seat] = ("E", rank_of(p.chosen))
        elif p.card == "dual-allegiance" and p.chosen and p.boosted is not None:
            took.add(p.chosen)
            bonus[p.boosted] += rank_of(p.chosen)
        elif p.card == "reinforcement" and p.chosen:
            doubled.add(p.chosen)
        elif p.card in ("reserve-forces", "global-trading"):
            base[p.seat] = (suit_of(p.card), p.value or 0)
    for p in cards:
        if p.card in took:
            base[p.seat] = None
        elif p.card in doubled:
            base[p.seat] = ("M", 2 * rank_of(p.card))
    out: list[Power] = []
    for s in range(players):
        power = base[s]
        if bonus[s]:
            power = ("P", bonus[s]) if power is None else (power[0], power[1] + bonus[s])
        out.append(power)
    if final and spin_acts(table, players):
        out = [out[(s - 1) % players] for s in range(players)]
    return out


def leader(
    powers: Sequence[Power], dominant: str | None, lead: str
) -> tuple[int | None, str | None, int]:
    """(the leading seat or None on a draw, the deciding suit, the leading value): the highest
    power of the dominant suit, else of the leading suit ``lead``."""
    for suit in (dominant, lead):
        if suit is None:
            continue
        cands = [(p[1], s) for s, p in enumerate(powers) if p is not None and p[0] == suit]
        if cands:
            best = max(v for v, _ in cands)
            top = [s for v, s in cands if v == best]
            return (top[0] if len(top) == 1 else None), suit, best
    return None, None, 0


def defence(printed: Mapping[str, int], table: Iterable[Played]) -> dict[str, int]:
    """The target's defence from its ``printed`` values: Defensive Pact triples its Military,
    Free Market adds its Military to its Economics (in the order they were played)."""
    d = dict(printed)
    for p in live(table):
        if p.card == "defensive-pact":
            d["M"] *= 3
        elif p.card == "free-market":
            d["E"] += d["M"]
    return d
