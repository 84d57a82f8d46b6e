"""Each seat's last move, marked on the table until that seat moves again.

A move's events name what it touched in their public data (``card``, ``cards``, ``stack``,
``tile``); the pieces and zones with those ids get a muted outline and a small tag with the
seat's initial. Only events the viewer may see count, never a card the rules hide from the
viewer now (a card played last deal may be in a rival's hand this deal), and only pieces the
viewer's table shows are marked. A deal is nobody's move: the cards it hands out carry no tag,
and what was moved before it is not where it was moved (the cards are dealt again), so a deal
takes every mark off. A piece carries one tag at most: the seat that moved it last.

A table opened on a game already under way (Continue, Load, Undo) rebuilds the marks from the
session's log, the events each move made, so it shows what the live table showed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

import rules

from ..table import marks as paint
from ..table.legend import last_move_tip
from ..table.model import TableModel

if TYPE_CHECKING:
    from ..app import App
    from ..session import Session
    from .table_drawing import SpriteBoard

#: Event data keys naming a piece or a zone the move touched.
MARK_KEYS = ("card", "cards", "stack", "tile")
#: Events of a deal (Royal Houses' hands once the order is chosen, Allegiance's next deal and
#: its hands, an Alliances campaign's cards): each has a public face, so every viewer knows of it.
DEAL_KINDS = frozenset({"deal", "hand"})


def marked_ids(events: Sequence[rules.Event], seat: int, viewer: int | None) -> set[str]:
    """The piece or zone ids ``seat``'s move named in events ``viewer`` may see."""
    ids: set[str] = set()
    for event in events:
        if not event.visible_to(viewer) or event.data.get("seat") != seat:
            continue
        for key in MARK_KEYS:
            value = event.data.get(key)
            values = value if isinstance(value, list) else [value]
            ids.update(v for v in values if isinstance(v, str))
    return ids


class MarksHost(Protocol):
    """What the marks need of the table: who looks at it now and what it shows."""

    @property
    def viewer(self) -> int | None: ...
    @property
    def model(self) -> TableModel: ...


class LastMoves:
    """The events of each seat's last move; drawn as marks on what they touched."""

    def __init__(self, app: App, session: Session, host: MarksHost, pieces: SpriteBoard) -> None:
        self.app = app
        self.session = session
        self.host = host
        self.pieces = pieces
        #: (seat, events) of the moves since the deal, oldest first, from the oldest of the
        #: seats' last moves on: what a later move touched is no earlier move's to mark.
        self.moves: list[tuple[int, list[rules.Event]]] = []
        # Worked out once per position and viewer, not every frame (hidden_cards asks the rules).
        self._ids: tuple[tuple[int, int, int | None], dict[int, set[str]]] | None = None
        #: Where each tag was drawn last, and whose it is (its hover tip says what it means).
        self.tags: list[tuple[pygame.Rect, int]] = []

    @property
    def by_seat(self) -> dict[int, list[rules.Event]]:
        """Each seat's last move: its events."""
        return {seat: events for seat, events in self.moves}

    def forget(self) -> None:
        self.moves = []
        self._ids = None

    def record(self, seat: int | None, events: Sequence[rules.Event]) -> None:
        """``seat`` moved: its new move replaces its old mark. A move that dealt the cards
        leaves only what it did after the deal marked."""
        events = list(events)
        dealt = [i for i, event in enumerate(events) if event.kind in DEAL_KINDS]
        if dealt:
            self.moves = []
            events = events[dealt[-1] + 1 :]
        self._ids = None
        if seat is None:
            return
        self.moves.append((seat, events))
        last = {s: i for i, (s, _) in enumerate(self.moves)}
        del self.moves[: min(last.values())]  # older moves mark nothing now

    def replay(self, session: Session) -> None:
        """Each seat's last move as the session's log holds it: what the table showed when the
        game was left, shown again (a move's events are logged with the history's length
        after it; ``session.movers`` says who made each)."""
        self.forget()
        moves: dict[int, list[rules.Event]] = {}
        for entry in session.log:
            if entry.turn > 0:  # 0: the opening deal, nobody's move
                moves.setdefault(entry.turn, []).append(entry.event)
        for turn, events in sorted(moves.items()):
            mover = session.movers[turn - 1] if turn <= len(session.movers) else -1
            self.record(mover if mover >= 0 else None, events)

    def ids(self, seat: int) -> set[str]:
        """What ``seat``'s last move touched, as the viewer may know it now."""
        game, viewer = self.session.game, self.host.viewer
        key = (id(game), len(game.history), viewer)
        if self._ids is None or self._ids[0] != key:
            hidden = game.hidden_cards(viewer) if self.moves else set()
            self._ids = (key, self._last_touched(hidden))
        return self._ids[1].get(seat, set())

    def _last_touched(self, hidden: set[str]) -> dict[int, set[str]]:
        """Seat -> what its last move touched that no later move touched, as the viewer may
        see the moves (a mark never goes for a reason the viewer may not know)."""
        viewer = self.host.viewer
        touched = [marked_ids(events, s, viewer) - hidden for s, events in self.moves]
        latest = {piece: i for i, ids in enumerate(touched) for piece in ids}
        last = {s: i for i, (s, _) in enumerate(self.moves)}
        return {s: {p for p in touched[i] if latest[p] == i} for s, i in last.items()}

    def marks(self) -> list[tuple[int, pygame.Rect]]:
        """(seat, rect) of every mark on the table now, as the viewer may see it."""
        model = self.host.model
        out: list[tuple[int, pygame.Rect]] = []
        for seat in sorted(self.by_seat):
            ids = self.ids(seat)
            if not ids:
                continue
            found = False
            for piece in model.pieces:
                card = piece.art[2] if piece.art[0] == "card" and len(piece.art) > 2 else None
                if piece.id in ids or card in ids:
                    out.append((seat, self.pieces.draw_rect(piece)))
                    found = True
            if not found:  # nothing to outline: the zone it went to (a stack, a tile)
                out += [(seat, z.rect) for z in model.zones if z.id in ids]
        return out

    def tag(self, seat: int) -> str:
        """The seat's initial (with its number when two names share it)."""
        return paint.seat_tags(self.session.names)[seat]

    def draw(self, surface: pygame.Surface) -> None:
        d = self.app.display
        self.tags = [
            (paint.last_move(surface, rect, self.tag(seat), d), seat) for seat, rect in self.marks()
        ]

    def tip_at(self, pos: tuple[int, int]) -> str | None:
        """What the tag under ``pos`` means (the legend's words, with the player's name)."""
        for rect, seat in reversed(self.tags):
            if rect.collidepoint(pos):
                return last_move_tip(self.session.names[seat], self.tag(seat))
        return None
