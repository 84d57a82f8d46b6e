"""The table's input and focus: mouse (press, drag, drop, click-then-click) and keyboard
(Tab walks what can be acted on, Enter acts, Esc cancels), and what lights up meanwhile.

A game whose gestures allow it (:attr:`~tabletop.table.gestures.Gestures.select_many`) lets
several pieces be picked (Shift or Ctrl+click, a rectangle dragged over them from an empty
spot, Space on a focused piece) and moved together;
with :attr:`~tabletop.table.gestures.Gestures.click_drops_on_targets`, a click on a piece
lying in a target of the selection drops the selection there.

Every gesture ends with the table (an :class:`InputHost`): a drop or a click on a zone goes to
``host.drop`` or to the moves the zone stands for; the game's
:class:`~tabletop.table.gestures.Gestures` say what a gesture means. The scene owns this and
forwards its events here, after its own keys (Undo, Save, Hint, the log, the last trick).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame
import pygame_gui

import rules
from rules import Move

from ..table.model import Piece, TableModel, Zone

if TYPE_CHECKING:
    from ..app import App
    from ..table.gestures import Gestures
    from .table_drawing import SpriteBoard

DRAG_THRESHOLD = 6
#: How far apart the pieces carried along with a dragged one fan out (share of its width).
FAN = 0.35


@dataclass
class Press:
    piece: Piece
    start: tuple[int, int]
    offset: tuple[int, int]
    dragging: bool = False


class InputHost(Protocol):
    """What the pointer and the keyboard need of the table: what it shows now, and where a
    gesture ends (a move, a choice between moves, a drop, a refusal explained)."""

    @property
    def game(self) -> rules.Game: ...
    @property
    def model(self) -> TableModel: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def acting_human(self) -> bool: ...
    @property
    def buttons(self) -> list[tuple[pygame_gui.elements.UIButton, Move | str]]: ...
    def zone_clicks(self, legal: list[Move]) -> dict[str, list[Move]]: ...
    def drop(self, drag: str, zone_id: str | None) -> None: ...
    def drop_group(self, drags: list[str], zone_id: str | None) -> None: ...
    def play(self, move: Move) -> bool: ...
    def choose(self, moves: list[Move]) -> None: ...
    def explain_piece(self, piece: Piece) -> None: ...
    def on_button(self, element: object) -> None: ...


class TableInput:
    """The pointer's press or drag, the selected piece and the keyboard focus of one table."""

    def __init__(self, app: App, host: InputHost, gestures: Gestures, pieces: SpriteBoard) -> None:
        self.app = app
        self.host = host
        self.gestures = gestures
        self.pieces = pieces
        self.press: Press | None = None
        self._picked: list[str] = []  # drag keys chosen by click or keyboard, last one last
        self._band_start: tuple[int, int] | None = None  # a press on an empty spot
        self.band: pygame.Rect | None = None  # the rectangle being dragged from there
        self.focus: int | None = None  # index into self.focusables()
        self._targets_cache: tuple[tuple, set[str]] | None = None

    def clear(self) -> None:
        """Forget the press and the selection (after a move, an undo, a new viewer)."""
        self.press = None
        self.selected = None
        self._band_start = self.band = None

    @property
    def selected(self) -> str | None:
        """The piece chosen last (setting it chooses that piece alone; None: nothing)."""
        return self._picked[-1] if self._picked else None

    @selected.setter
    def selected(self, drag: str | None) -> None:
        self._picked = [] if drag is None else [drag]

    @property
    def picked(self) -> list[str]:
        """Every piece chosen (several only where the game's gestures allow it)."""
        return list(self._picked)

    def is_selected(self, drag: str) -> bool:
        return drag in self._picked

    @property
    def dragged(self) -> Piece | None:
        """The piece being dragged now, if any."""
        return self.press.piece if self.press and self.press.dragging else None

    def carried(self, press: Press | None = None) -> list[Piece]:
        """The pieces moving with the pointer (or with ``press``): the dragged one and, when
        it is one of several chosen, the others too."""
        press = press or self.press
        dragged = press.piece if press and press.dragging else None
        if dragged is None:
            return []
        if dragged.drag not in self._picked or len(self._picked) < 2:
            return [dragged]
        return sorted(
            (p for p in self.host.model.pieces if p.drag in self._picked), key=lambda p: p.z
        )

    def _many(self) -> bool:
        return self.gestures.select_many

    # ---- hit tests ----------------------------------------------------------------------
    def piece_at(self, pos: tuple[int, int]) -> Piece | None:
        host = self.host
        for piece in sorted(host.model.pieces, key=lambda p: -p.z):
            if self.pieces.draw_rect(piece).collidepoint(pos):
                return piece
        return None

    def zone_at(self, pos: tuple[int, int]) -> Zone | None:
        return next((z for z in self.host.model.zones if z.rect.collidepoint(pos)), None)

    # ---- mouse ----------------------------------------------------------------------------
    def mouse_down(self, pos: tuple[int, int]) -> None:
        piece = self.piece_at(pos)
        if piece is not None and piece.drag:
            r = self.pieces.draw_rect(piece)
            self.press = Press(piece, pos, (pos[0] - r.x, pos[1] - r.y))
        elif piece is None and self._many() and self.host.acting_human:
            self._band_start = pos  # a rectangle may be dragged over several pieces

    def mouse_move(self, pos: tuple[int, int]) -> None:
        press, host = self.press, self.host
        if press is None:
            self._stretch_band(pos)
            return
        if not press.dragging:
            dx, dy = pos[0] - press.start[0], pos[1] - press.start[1]
            if dx * dx + dy * dy < DRAG_THRESHOLD**2:
                return
            if not host.acting_human or not self.gestures.can_pick_up(
                press.piece.drag or "", host.game.legal_moves()
            ):
                host.explain_piece(press.piece)
                self.press = None
                return
            press.dragging = True
            if press.piece.drag not in self._picked:
                self.selected = press.piece.drag
        x, y = pos[0] - press.offset[0], pos[1] - press.offset[1]
        carried = self.carried()
        held = next((k for k, p in enumerate(carried) if p is press.piece), 0)
        for k, piece in enumerate(carried):  # fanned in their order around the held one
            sprite = self.pieces.sprites[piece.id]
            sprite.x, sprite.y = x + round((k - held) * FAN * piece.rect.w), y

    def _stretch_band(self, pos: tuple[int, int]) -> None:
        start = self._band_start
        if start is None:
            return
        band = pygame.Rect(min(start[0], pos[0]), min(start[1], pos[1]), 0, 0)
        band.size = (abs(pos[0] - start[0]), abs(pos[1] - start[1]))
        if self.band is not None or max(band.size) >= DRAG_THRESHOLD:
            self.band = band

    def _pick_in_band(self, band: pygame.Rect) -> None:
        """Pick every piece the rectangle crosses at its left strip (cards in a meld overlap:
        that strip is the part that shows); with Shift or Ctrl, add them to the selection."""
        host = self.host
        legal = host.game.legal_moves()
        found = []
        for piece in sorted(host.model.pieces, key=lambda p: (p.rect.y, p.rect.x)):
            r = self.pieces.draw_rect(piece)
            x = r.x + max(1, r.w // 8)
            if (
                piece.drag
                and band.clipline((x, r.y), (x, r.bottom - 1))
                and self.gestures.can_pick_up(piece.drag, legal)
            ):
                found.append(piece.drag)
        if not pygame.key.get_mods() & (pygame.KMOD_SHIFT | pygame.KMOD_CTRL):
            self._picked = []
        self._picked += [d for d in found if d not in self._picked]

    def mouse_up(self, pos: tuple[int, int]) -> None:
        host = self.host
        press, self.press = self.press, None
        band, self.band, self._band_start = self.band, None, None
        if band is not None:
            self._pick_in_band(band)
            return
        if press is not None and press.dragging:
            zone = self.zone_at(pos)
            carried = [p.drag for p in self.carried(press) if p.drag]
            self.selected = None
            if host.acting_human and press.piece.drag:
                if len(carried) > 1:
                    host.drop_group(carried, zone.id if zone else None)
                else:
                    host.drop(press.piece.drag, zone.id if zone else None)
            return
        if press is not None:  # a click on a piece: select it (click-then-click)
            self.click_piece(press.piece, pos)
            return
        zone = self.zone_at(pos)
        if zone is None or not host.acting_human:
            return
        if self._picked:
            host.drop_group(self.picked, zone.id)
            return
        moves = host.zone_clicks(host.game.legal_moves()).get(zone.id, [])
        if len(moves) == 1:
            host.play(moves[0])
        elif moves:
            host.choose(moves)

    def click_piece(self, piece: Piece, pos: tuple[int, int]) -> None:
        """A click on a piece: add it to the selection (Shift/Ctrl, where several may be
        picked), drop the selection on the zone it lies in (where the game asks for that),
        or select it."""
        host = self.host
        adding = pygame.key.get_mods() & (pygame.KMOD_SHIFT | pygame.KMOD_CTRL)
        if adding and self._many() and self._picked:
            self.select(piece, toggle=True)
            return
        if (
            self.gestures.click_drops_on_targets
            and self._picked
            and host.acting_human
            and piece.drag not in self._picked
        ):
            targets = self.targets()
            zone = next(
                (z for z in host.model.zones if z.id in targets and z.rect.collidepoint(pos)),
                None,
            )
            if zone is not None:
                host.drop_group(self.picked, zone.id)
                return
        self.select(piece)

    def select(self, piece: Piece, toggle: bool = False) -> None:
        """Select ``piece`` (again: unselect it); with ``toggle``, add it to the selection or
        take it out."""
        host = self.host
        if (
            not host.acting_human
            or not piece.drag
            or not self.gestures.can_pick_up(piece.drag, host.game.legal_moves())
        ):
            host.explain_piece(piece)
            return
        if toggle:
            if piece.drag in self._picked:
                self._picked.remove(piece.drag)
            else:
                self._picked.append(piece.drag)
            return
        self.selected = None if self._picked == [piece.drag] else piece.drag

    def targets(self) -> set[str]:
        """Zone ids that light up: targets of the selected piece, or clickable zones.

        Drawn every frame but changed only by a move, a selection, a new viewer or a new
        layout, so it is worked out once for each of those."""
        host = self.host
        key = (
            len(host.game.history),
            tuple(self._picked),
            host.viewer,
            id(host.model),
            host.acting_human,
        )
        if self._targets_cache is None or self._targets_cache[0] != key:
            found: set[str] = set()
            if host.acting_human:
                legal = host.game.legal_moves()
                if len(self._picked) > 1:
                    found = self.gestures.targets_for_group(self.picked, legal)
                elif self.selected is not None:
                    found = self.gestures.targets_for(self.selected, legal)
                else:
                    found = set(host.zone_clicks(legal))
            self._targets_cache = (key, found)
        return self._targets_cache[1]

    # ---- keyboard -------------------------------------------------------------------
    def focusables(self) -> list[tuple[str, object]]:
        """What Tab walks through: targets of the selection, or pieces, zones and buttons."""
        host = self.host
        if not host.acting_human:
            return []
        legal = host.game.legal_moves()
        pieces: list[tuple[str, object]] = [
            ("piece", p)
            for p in sorted(host.model.pieces, key=lambda p: (p.rect.y, p.rect.x))
            if p.drag and self.gestures.can_pick_up(p.drag, legal)
        ]
        if self._picked:
            targets = self.targets()
            zones: list[tuple[str, object]] = [
                ("zone", z) for z in host.model.zones if z.id in targets
            ]
            # Where several may be picked, Space on a piece after the targets adds it.
            return zones + pieces if self._many() else zones
        items = pieces
        clicks = host.zone_clicks(legal)
        items += [("zone", z) for z in host.model.zones if z.id in clicks]
        items += [("button", b) for b, _ in host.buttons]
        return items

    def key(self, event: pygame.event.Event) -> bool:
        """Tab and the arrows walk the focus, Enter or Space acts on it, Esc drops the
        selection. False: Esc with nothing picked (the table then offers to leave)."""
        host = self.host
        key = event.key
        if key == pygame.K_ESCAPE:
            if not self._picked:
                return False
            self.selected = None
            self.focus = None
            return True
        items = self.focusables()
        if key in (pygame.K_TAB, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT, pygame.K_UP):
            if not items:
                if host.acting_human:
                    self.app.toast(host.game.prompt())
                return True
            back = key in (pygame.K_LEFT, pygame.K_UP) or (
                key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT
            )
            step = -1 if back else 1
            self.focus = 0 if self.focus is None else (self.focus + step) % len(items)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.focus is None or not items:
                return True
            kind, item = items[self.focus % len(items)]
            self.focus = None
            if kind == "piece" and key == pygame.K_SPACE and self._many():
                assert isinstance(item, Piece)
                self.select(item, toggle=True)  # Space adds a piece (or takes it out)
                after = self.focusables()
                self.focus = after.index((kind, item)) if (kind, item) in after else None
            elif kind == "piece":
                assert isinstance(item, Piece)
                self.select(item)
                self.focus = 0 if self.selected is not None else None
            elif kind == "zone":
                assert isinstance(item, Zone)
                if self._picked:
                    host.drop_group(self.picked, item.id)
                else:
                    self.mouse_up(item.rect.center)
            else:
                host.on_button(item)
        return True

    def focused(self) -> pygame.Rect | None:
        """Where the keyboard focus ring goes, if anything has the focus."""
        if self.focus is None:
            return None
        items = self.focusables()
        if not items:
            return None
        kind, item = items[self.focus % len(items)]
        if kind == "piece":
            assert isinstance(item, Piece)
            return self.pieces.draw_rect(item)
        if kind == "zone":
            assert isinstance(item, Zone)
            return item.rect
        return item.rect  # type: ignore[attr-defined]
