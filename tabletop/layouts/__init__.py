"""One layout per game: where each zone sits for a window size, and its extra panels."""

from __future__ import annotations

from .base import GenericLayout, Layout, LocalAction


def get_layout(game_id: str) -> Layout:
    """The game's own layout, or a plain generic one for a game that has none yet."""
    if game_id == "royal_houses":
        from .royal_houses import RoyalHousesLayout

        return RoyalHousesLayout()
    if game_id == "allegiance":
        from .allegiance import AllegianceLayout

        return AllegianceLayout()
    if game_id == "medici":
        from .medici import MediciLayout

        return MediciLayout()
    if game_id == "machiavelli":
        from .machiavelli import MachiavelliLayout

        return MachiavelliLayout()
    if game_id == "alliances":
        from .alliances import AlliancesLayout

        return AlliancesLayout()
    return GenericLayout()


__all__ = ["GenericLayout", "Layout", "LocalAction", "get_layout"]
