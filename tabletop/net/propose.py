"""Proposals for a phone: "lay these hand cards", answered with a whole new table.

A game whose plays cannot all be listed (``LEGAL_MOVES_COMPLETE`` is false) may let a phone
ask the host to lay the cards its player picked; the game's package declares what does it
(``GameApp.propose``, a :data:`Proposer`), and the server runs it in a worker thread, never on
the UI thread. A proposer reads only the seat's own view: pure, no I/O, no game object.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import games


class NotInHand(ValueError):
    """A card to lay is not in the seat's hand (the message says which)."""


@dataclass(frozen=True)
class Proposal:
    """A proposed new table (``None``: none holds all the cards), the move that plays it in the
    game's notation, and a sentence for the player."""

    table: list[list[str]] | None
    move: str | None
    message: str


Proposer = Callable[[Mapping[str, Any], Sequence[str]], Proposal]


def offers_proposals(game_id: str) -> bool:
    app = games.app_for(game_id)
    return app is not None and app.propose is not None


def propose(game_id: str, view: Mapping[str, Any], cards: Sequence[str]) -> Proposal:
    """The proposal for laying ``cards`` from ``view``'s hand. Raises KeyError when the game
    has no proposer and :class:`NotInHand` when a card is not in the hand."""
    proposer = games.proposer_for(game_id)
    if proposer is None:
        raise KeyError(f"{game_id!r} offers no proposals")
    return proposer(view, cards)
