"""Machiavelli's proposals for a phone: "lay these hand cards", answered with a whole new table.

Machiavelli's plays cannot all be listed (``LEGAL_MOVES_COMPLETE`` is false), so a phone asks
the host to lay the cards the player picked: the exact solver looks for a valid new table that
keeps every table card and holds every picked card. It reads only the seat's own view (its
hand and the table, both known to the seat), so it runs anywhere — the server runs it in a
worker thread, never on the UI thread. Pure: no I/O, no game object, no pygame.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rules.machiavelli import play_move
from rules.machiavelli.melds import FACE, card_label, meld_problem, sort_meld
from rules.machiavelli.solver import solve, solve_opening
from tabletop.net.propose import NotInHand, Proposal


def propose(view: Mapping[str, Any], cards: Sequence[str]) -> Proposal:
    """The proposal for laying ``cards`` from ``view``'s hand (a :data:`Proposer`). Raises
    :class:`NotInHand` when a card is not in the hand."""
    seat = view["viewer"]
    hand = view["hands"][seat] if seat is not None else None
    if not isinstance(hand, list):
        raise NotInHand("This screen holds no hand.")
    missing = Counter(cards) - Counter(hand)
    if missing:
        raise NotInHand(f"{', '.join(sorted(missing))} is not in your hand.")
    ace = bool(view["ace_low_or_high"])
    table = [list(m) for m in view["table"]]
    opened = bool(view["opened"][seat])
    labels = " ".join(card_label(c) for c in cards)
    faces = [FACE[c] for c in cards]
    on_table = [c for m in table for c in m]
    found = solve([FACE[c] for c in on_table], faces, ace) if opened else solve_opening(faces, ace)
    if found is None or len(found.placed) < len(cards):
        fit = 0 if found is None else len(found.placed)
        if not opened:
            why = (
                f"{labels} cannot all go into new melds of their own (before you have opened, "
                "the table's melds stay as they are)"
            )
        else:
            why = f"no valid table holds all of {labels}, however it is rearranged"
        more = f"; at most {fit} of them fit" if fit else ""
        return Proposal(None, None, f"{why[0].upper()}{why[1:]}{more}.")
    pools: dict[tuple[int, int], list[str]] = {}
    for c in [*(on_table if opened else []), *cards]:
        pools.setdefault(FACE[c], []).append(c)
    melds = [list(sort_meld([pools[f].pop(0) for f in meld], ace)) for meld in found.melds]
    new_table = melds if opened else [*table, *melds]
    assert all(meld_problem(m, ace) is None for m in new_table)
    move = str(play_move(new_table))
    count = len(cards)
    text = f"A table that lays {'this card' if count == 1 else f'these {count} cards'}: "
    return Proposal(new_table, move, text + "confirm to play it, or cancel.")
