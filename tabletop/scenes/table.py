"""The table: draws the game through its layout and turns gestures into moves.

Every gesture ends in a question to the rules: a drop or a click resolves to the legal moves
with that piece and target; anything else is explained by ``game.why_illegal`` in a toast.
Drag-and-drop, click-then-click and the keyboard (Tab, Enter, Esc) all lead to the same moves.
"""

from __future__ import annotations

import random
import time
from concurrent import futures
from concurrent.futures import Future
from dataclasses import dataclass

import pygame
import pygame_gui

import rules
from rules import Move

from .. import locks
from ..ai.bots import make_bot
from ..ai.worker import shared_worker
from ..layouts import get_layout
from ..session import Session, UndoRefused
from ..storage import describe_os_error
from ..table import render
from ..table.model import Piece, TableModel, Zone
from ..ui.text import wrap_text
from .base import Scene
from .hint_overlay import HintOverlay

DRAG_THRESHOLD = 6
AI_DELAY = 0.8  # seconds an AI move waits at normal speed, so people can follow it
RESULTS_DELAY = 1.2
CREAM = (240, 234, 216)
MUTED = (170, 179, 172)
GOLD = (232, 198, 106)
PANEL = (12, 20, 16, 215)


@dataclass
class Sprite:
    """Where a piece is drawn now; it glides towards its model rect."""

    x: float
    y: float


@dataclass
class Press:
    piece: Piece
    start: tuple[int, int]
    offset: tuple[int, int]
    dragging: bool = False


class TableScene(Scene):
    holds_game = True
    paints_background = True

    def __init__(self, app, session: Session) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.session = session
        self.game = session.game
        self.layout = get_layout(session.game_id)
        self.layout.judge = lambda move: self.game.why_illegal(move, self.game.to_move)
        self.bots = {
            seat: make_bot(cfg.kind, session.game_id, (session.seed or 0) * 31 + seat)
            for seat, cfg in enumerate(session.seats)
            if not cfg.is_human
        }
        self.worker = shared_worker()
        if self.bots:
            self.worker.warm_up()
        self.thinking: Future[Move] | None = None
        self.thinking_seat: int | None = None
        self.ai_ready_at = 0.0
        self.viewer: int | None = self._initial_viewer()
        self.handing_over = False
        self.model = TableModel()
        self.sprites: dict[str, Sprite] = {}
        self.press: Press | None = None
        self.selected: str | None = None  # a drag key chosen by click or keyboard
        self.focus: int | None = None  # index into self._focusables()
        # A button stands for a move, or for a key of one of the layout's local actions.
        self.buttons: list[tuple[pygame_gui.elements.UIButton, Move | str]] = []
        self.button_panel: pygame.Rect | None = None
        self.results_at: float | None = None
        self.results_shown = False
        self.log_scroll = 0
        self._log_cache: tuple[tuple, pygame.Surface] | None = None
        self._static: tuple[tuple, pygame.Surface] | None = None
        self._targets_cache: tuple[tuple, set[str]] | None = None
        self._last_events: list[rules.Event] = []
        self.layout_rect = pygame.Rect(0, 0, 0, 0)
        self.log_rect = pygame.Rect(0, 0, 0, 0)
        self.status_rect = pygame.Rect(0, 0, 0, 0)
        self.menu_button: pygame_gui.elements.UIButton | None = None
        self.rules_button: pygame_gui.elements.UIButton | None = None
        self.results_button: pygame_gui.elements.UIButton | None = None
        self.leave_dialog: pygame_gui.windows.UIConfirmationDialog | None = None
        self.undo_button: pygame_gui.elements.UIButton | None = None
        self.save_button: pygame_gui.elements.UIButton | None = None
        self.hint = HintOverlay(self)  # the Hint button and its preview
        self._save_failed = False  # say once, not after every move, that saving fails
        self._locked: str | None = None  # the save id this window holds (see tabletop.locks)
        if session.humans:
            self._lock_game()

    def _lock_game(self) -> None:
        """Hold this game's lock while the table is open: another window opening it gets a
        copy. Lost the race to another window: this table becomes the copy."""
        if not locks.hold(self.session.save_id):
            if not locks.open_elsewhere(self.session.save_id):
                return  # the folder cannot hold a lock: play on, unlocked
            from ..saves import fresh_save_id

            self.session.save_id = fresh_save_id()
            self.app.toast(f"{locks.IN_USE} This is a copy of it, saved as a new game.")
            if not locks.hold(self.session.save_id):
                return
        self._locked = self.session.save_id

    # ---- who is looking -------------------------------------------------------------
    def _initial_viewer(self) -> int | None:
        humans = self.session.humans
        if len(humans) == 1 and not self.session.table_display:
            return humans[0]
        return None

    @property
    def acting_human(self) -> bool:
        mover = self.game.to_move
        return mover is not None and mover == self.viewer and self.session.is_human(mover)

    def _update_viewer(self) -> None:
        """Hot seat: a human sees private cards only after a hand-over to them."""
        if self.handing_over:
            return
        humans = self.session.humans
        mover = self.game.to_move
        private_table = len(humans) > 1 or self.session.table_display
        if mover is None:
            target = humans[0] if len(humans) == 1 and not self.session.table_display else None
            self._set_viewer(target)
        elif self.session.is_human(mover):
            if self.viewer != mover:
                if private_table:
                    self._hand_over(mover)
                else:
                    self._set_viewer(mover)
        elif private_table:
            self._set_viewer(None)

    def _hand_over(self, seat: int) -> None:
        from .handover import HandOverScene

        self._set_viewer(None)
        self.handing_over = True
        self.app.toasts.clear()  # a message for the last player must not show on the cover

        def ready() -> None:
            self.handing_over = False
            self._set_viewer(seat)

        self.app.push(HandOverScene(self.app, self.session.names[seat], ready))

    def _set_viewer(self, seat: int | None) -> None:
        if seat != self.viewer:
            self.viewer = seat
            self.selected = None
            self.refresh(animate=False)

    # ---- building ---------------------------------------------------------------------
    def build(self) -> None:
        d = self.app.display
        log_w = d.px(400)
        status_h = d.px(64)
        self.status_rect = pygame.Rect(0, 0, d.width, status_h)
        self.log_rect = pygame.Rect(d.width - log_w, status_h, log_w, d.height - status_h)
        self.layout_rect = pygame.Rect(0, status_h, d.width - log_w, d.height - status_h)
        font = render.fonts.get_font(d.font_px(22))
        bw = max(d.px(120), max(font.size(t)[0] for t in ("Menu", "Rules", "Results")) + d.px(36))
        bh = d.px(44)
        y = (status_h - bh) // 2
        self.menu_button = pygame_gui.elements.UIButton(
            pygame.Rect(d.width - bw - d.px(16), y, bw, bh),
            "Menu",
            self.app.ui,
            container=self.container,
        )
        self.rules_button = pygame_gui.elements.UIButton(
            pygame.Rect(d.width - 2 * bw - d.px(28), y, bw, bh),
            "Rules",
            self.app.ui,
            container=self.container,
        )
        self.save_button = pygame_gui.elements.UIButton(
            pygame.Rect(d.width - 3 * bw - d.px(40), y, bw, bh),
            "Save",
            self.app.ui,
            container=self.container,
            tool_tip_text="Keep a named copy of this game (Ctrl+S); the game is saved anyway",
        )
        self.results_button = pygame_gui.elements.UIButton(
            pygame.Rect(d.width - 4 * bw - d.px(52), y, bw, bh),
            "Results",
            self.app.ui,
            container=self.container,
            object_id="#primary",
        )
        if not self.game.over:
            self.results_button.hide()
        # Undo shares the Results slot: it is offered only while the game is on.
        self.undo_button = pygame_gui.elements.UIButton(
            self.results_button.relative_rect.copy(),
            "Undo",
            self.app.ui,
            container=self.container,
            tool_tip_text="Take back your last move (Ctrl+Z); the game then counts as assisted",
        )
        if not self._undo_offered():
            self.undo_button.hide()
        hw = max(bw, font.size("Thinking…")[0] + d.px(36))  # the Hint button's longest text
        self.hint.build(pygame.Rect(d.width - 4 * bw - hw - d.px(64), y, hw, bh))
        self.buttons = []
        self._update_viewer()
        self.refresh(animate=False)

    def uncover(self) -> None:
        super().uncover()  # showing the container shows every button in it again
        if self.results_button is not None and not self.game.over:
            self.results_button.hide()
        if self.undo_button is not None and not self._undo_offered():
            self.undo_button.hide()
        self.hint.sync()

    def refresh(self, animate: bool = True) -> None:
        """Lay the table out again from the rules' view (after a move, resize or hand-over)."""
        if self.container is None:
            return
        view = self.game.view(self.viewer)
        if self.acting_human:  # for layouts that show every target (the generic one)
            view["_targets"] = sorted({m.target for m in self.game.legal_moves() if m.target})
        old = {p.id: p for p in self.model.pieces}
        self.model = self.layout.build(
            view,
            self.viewer,
            self.layout_rect,
            self.app.display,
            self.session.names,
            colorblind=self.app.settings.colorblind,
        )
        self._dim_unplayable()
        speed = self.app.settings.animation_speed
        fresh: dict[str, Sprite] = {}
        for piece in self.model.pieces:
            sprite = self.sprites.get(piece.id)
            if sprite is None or not animate or speed <= 0:
                start = (
                    self._origin(piece) if animate and speed > 0 and piece.id not in old else None
                )
                sprite = Sprite(*(start or piece.rect.topleft))
            fresh[piece.id] = sprite
        self.sprites = fresh
        self._rebuild_buttons()
        self.focus = None
        self.hint.sync()

    def _origin(self, piece: Piece) -> tuple[int, int] | None:
        """Where a piece that just appeared comes from: the hand of whoever played or gave it,
        or the deck for a card drawn."""
        for event in self._last_events:
            if event.data.get("card") == piece.id:
                if event.kind == "draw":
                    zone = self.model.origins.get("deck")
                else:
                    zone = self.model.origins.get(f"hand:{event.data.get('seat')}")
                if zone is not None:
                    return zone.topleft
        return None

    def _dim_unplayable(self) -> None:
        if not self.acting_human:
            return
        legal = self.game.legal_moves()
        for piece in self.model.pieces:
            if piece.drag and not self.layout.can_pick_up(piece.drag, legal):
                piece.dim = True

    def _rebuild_buttons(self) -> None:
        for button, _ in self.buttons:
            button.kill()
        self.buttons = []
        self.button_panel = None
        area = self.model.action_area
        if area is None or not self.acting_human:
            return
        legal = self.game.legal_moves()
        reachable = self._gesture_moves(legal)
        rest: list[Move | str] = [m for m in self.layout.button_moves(legal) if m not in reachable]
        local = self.layout.local_actions(legal)
        rest += [a.key for a in local]
        if not rest:
            return
        d = self.app.display
        font = render.fonts.get_font(d.font_px(22))
        labels = [
            self.layout.describe(m, self.game, self.viewer, self.session.names)
            for m in rest
            if isinstance(m, Move)
        ]
        labels += [a.label for a in local]
        disabled = {a.key: a.reason for a in local if not a.enabled}
        widths = [font.size(label)[0] + d.px(40) for label in labels]
        gap = d.px(10)
        rows: list[list[int]] = [[]]
        used = 0
        for i, w in enumerate(widths):
            if rows[-1] and used + gap + w > area.w:
                rows.append([])
                used = 0
            rows[-1].append(i)
            used += w + (gap if used else 0)
        bh = max(d.px(44), d.font_px(22) + d.px(16))
        needed = len(rows) * bh + (len(rows) - 1) * gap
        self.button_panel = None
        if needed > area.h:
            # Too many choices for the strip: lift them onto a panel over the table.
            pad = d.px(18)
            width = max(sum(widths[i] for i in row) + gap * (len(row) - 1) for row in rows)
            panel = pygame.Rect(0, 0, width + 2 * pad, needed + 2 * pad)
            # Over the hand, not the houses: the houses are what the choice is about.
            panel.midtop = (area.centerx, area.top)
            panel.clamp_ip(self.layout_rect)
            self.button_panel = panel
            area = panel.inflate(-2 * pad, -2 * pad)
        y = area.y + (area.h - needed) // 2
        for row in rows:
            total = sum(widths[i] for i in row) + gap * (len(row) - 1)
            x = area.centerx - total // 2
            for i in row:
                item = rest[i]
                button = pygame_gui.elements.UIButton(
                    pygame.Rect(x, y, widths[i], bh),
                    labels[i],
                    self.app.ui,
                    container=self.container,
                    tool_tip_text=disabled.get(item) if isinstance(item, str) else None,
                )
                if isinstance(item, str) and item in disabled:
                    button.disable()
                self.buttons.append((button, item))
                x += widths[i] + gap
            y += bh + gap

    def _gesture_moves(self, legal: list[Move]) -> set[Move]:
        """The legal moves some drop of a piece on a zone, or a click on a zone, stands for."""
        zone_ids = [z.id for z in self.model.zones]
        found: set[Move] = {m for ms in self._zone_clicks(legal).values() for m in ms}
        for piece in self.model.pieces:
            if piece.drag:
                for zone_id in zone_ids:
                    found.update(self.layout.resolve_drop(piece.drag, zone_id, legal))
        return found

    def offered_moves(self) -> set[Move]:
        """Every move the table offers now: by a drop, a zone click or a button."""
        legal = self.game.legal_moves() if self.acting_human else []
        return self._gesture_moves(legal) | {m for _, m in self.buttons if isinstance(m, Move)}

    def _zone_clicks(self, legal: list[Move]) -> dict[str, list[Move]]:
        """Zone id -> the legal moves a click on that zone stands for (the layout decides)."""
        clicks = {}
        for zone in self.model.zones:
            moves = self.layout.click_moves(zone.id, legal)
            if moves:
                clicks[zone.id] = moves
        return clicks

    # ---- moves ------------------------------------------------------------------------
    def play(self, move: Move) -> bool:
        """Play a move for the seat to move; on refusal, say why. True if it was played."""
        seat = self.game.to_move
        try:
            events = self.session.play(move, seat)
        except rules.IllegalMove as err:
            self.app.toast(err.message, kind="error")
            return False
        self._after_move(events)
        return True

    def _after_move(self, events: list[rules.Event]) -> None:
        self._autosave()
        self._last_events = events
        self.selected = None
        self.press = None
        self.log_scroll = 0
        self._update_viewer()
        self.refresh()
        if self.game.over and self.results_at is None:
            self.results_at = time.monotonic() + RESULTS_DELAY * min(
                1.0, self.app.settings.animation_speed
            )
            self.holds_game = False
            if self.results_button is not None:
                self.results_button.show()
            if self.undo_button is not None:
                self.undo_button.hide()

    def drop(self, drag: str, zone_id: str | None) -> None:
        """Resolve ``drag`` dropped on ``zone_id`` into a move, or explain the refusal."""
        legal = self.game.legal_moves()
        if zone_id is None:
            return  # dropped on nothing: it simply glides back
        handled = self.layout.local_drop(drag, zone_id)
        if isinstance(handled, str):
            self.app.toast(handled, kind="error")
            return
        if handled:
            self.selected = None
            self.refresh()
            return
        matches = self.layout.resolve_drop(drag, zone_id, legal)
        if len(matches) == 1:
            self.play(matches[0])
            return
        if len(matches) > 1:
            self._choose(matches)
            return
        candidate = self.layout.candidate(drag, zone_id, legal)
        if candidate is None:
            return
        err = self.game.why_illegal(candidate, self.viewer)
        if err is None:
            self.play(candidate)
        else:
            self.app.toast(err.message, kind="error")

    def _choose(self, moves: list[Move]) -> None:
        """Several legal moves for one gesture: offer them as buttons."""
        for button, _ in self.buttons:
            button.kill()
        self.buttons = []
        area = self.model.action_area or self.layout_rect
        d = self.app.display
        w, h, gap = d.px(260), d.px(48), d.px(10)
        x = area.centerx - (len(moves) * (w + gap) - gap) // 2
        for move in moves:
            label = self.layout.describe(move, self.game, self.viewer, self.session.names)
            button = pygame_gui.elements.UIButton(
                pygame.Rect(x, area.y, w, h), label, self.app.ui, container=self.container
            )
            self.buttons.append((button, move))
            x += w + gap

    def explain_piece(self, piece: Piece) -> None:
        """A piece with no legal move was picked: say why, in the rules' words."""
        if not self.acting_human:
            mover = self.game.to_move
            name = self.session.names[mover] if mover is not None else ""
            self.app.toast(f"Wait: it is {name}'s turn." if name else "The game is over.")
            return
        legal = self.game.legal_moves()
        with_cards = [m for m in legal if m.cards]
        if with_cards and piece.drag:
            err = self.game.why_illegal(
                self.layout.candidate(piece.drag, with_cards[0].target, legal), self.viewer
            )
            if err is not None:
                self.app.toast(err.message, kind="error")
                return
        self.app.toast(self.game.prompt())

    # ---- input ------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._on_button(event.ui_element)
        elif event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED:
            if event.ui_element is self.leave_dialog:
                self._leave()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._mouse_down(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            self._mouse_move(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._mouse_up(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            if self.log_rect.collidepoint(pygame.mouse.get_pos()):
                self.log_scroll = max(0, self.log_scroll + event.y * 3)
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _on_button(self, element: object) -> None:
        if self.hint.handle_button(element):
            return
        if element is self.menu_button:
            self._ask_leave()
        elif element is self.rules_button:
            from .rules_screen import RulesScene

            self.app.push(RulesScene(self.app, self.session.game_id))
        elif element is self.results_button:
            self._show_results()
        elif element is self.undo_button:
            self.undo()
        elif element is self.save_button:
            self.save_as()
        else:
            for button, item in self.buttons:
                if button is element:
                    if isinstance(item, Move):
                        self.play(item)
                    else:
                        self.press_local_action(item)
                    return

    def press_local_action(self, key: str) -> None:
        """As if the layout's local action ``key`` were pressed (its button, or the Hint)."""
        result = self.layout.run_local_action(key, self.game.legal_moves())
        if isinstance(result, Move):
            self.play(result)
            return
        if isinstance(result, str):
            self.app.toast(result)
        self.selected = None
        self.refresh()

    def _ask_leave(self) -> None:
        if self.game.over:
            self._leave()
            return
        d = self.app.display
        w, h = d.px(640), d.px(300)
        self.leave_dialog = pygame_gui.windows.UIConfirmationDialog(
            pygame.Rect((d.width - w) // 2, (d.height - h) // 2, w, h),
            "Leave this game and go back to the title screen? It is saved: Continue on the "
            "title screen resumes it.",
            self.app.ui,
            window_title="Leave the game?",
            action_short_name="Leave",
            blocking=True,
        )

    # ---- saving and undo ------------------------------------------------------------
    def _autosave(self) -> None:
        """Save after every move, so quitting never loses the game (Continue resumes it)."""
        if not self.session.humans:
            return  # AI-only games (the self-test, demos) are nobody's to resume
        from ..saves import write_save

        try:
            write_save(self.session)
        except OSError as err:
            if not self._save_failed:
                self.app.toast(
                    f"The game could not be saved: {describe_os_error(err)}.",
                    kind="error",
                    seconds=6,
                )
            self._save_failed = True
        else:
            self._save_failed = False

    def save_as(self) -> None:
        """Ask for a name and keep a copy of the game as it is now (Load lists it)."""
        from .save_as import SaveAsScene

        self.app.push(SaveAsScene(self.app, self.session))

    def _undo_offered(self) -> bool:
        return len(self.session.humans) == 1 and not self.game.over

    def undo(self) -> None:
        """Take back the human's last decision (and the AI replies after it), if the rules of
        undo allow it (``Session.undo``); otherwise say why."""
        if not self._undo_offered():
            return
        try:
            self.session.undo(self.session.humans[0])
        except UndoRefused as err:
            self.app.toast(str(err), kind="error")
            return
        self.game = self.session.game
        self.thinking = None  # an AI answer still coming is for a position that is gone
        self._last_events = []
        self.selected = None
        self.press = None
        self._update_viewer()
        self.refresh(animate=False)
        self._autosave()
        self.app.toast("Your last move is taken back; this game now counts as assisted.")

    def _leave(self) -> None:
        from .title import TitleScene

        self.app.reset_to(TitleScene(self.app))

    def piece_at(self, pos: tuple[int, int]) -> Piece | None:
        for piece in sorted(self.model.pieces, key=lambda p: -p.z):
            if self._draw_rect(piece).collidepoint(pos):
                return piece
        return None

    def zone_at(self, pos: tuple[int, int]) -> Zone | None:
        return next((z for z in self.model.zones if z.rect.collidepoint(pos)), None)

    def _draw_rect(self, piece: Piece) -> pygame.Rect:
        sprite = self.sprites.get(piece.id)
        r = piece.rect.copy()
        if sprite is not None:
            r.topleft = (round(sprite.x), round(sprite.y))
        return r

    def _mouse_down(self, pos: tuple[int, int]) -> None:
        piece = self.piece_at(pos)
        if piece is not None and piece.drag:
            r = self._draw_rect(piece)
            self.press = Press(piece, pos, (pos[0] - r.x, pos[1] - r.y))

    def _mouse_move(self, pos: tuple[int, int]) -> None:
        press = self.press
        if press is None:
            return
        if not press.dragging:
            dx, dy = pos[0] - press.start[0], pos[1] - press.start[1]
            if dx * dx + dy * dy < DRAG_THRESHOLD**2:
                return
            if not self.acting_human or not self.layout.can_pick_up(
                press.piece.drag or "", self.game.legal_moves()
            ):
                self.explain_piece(press.piece)
                self.press = None
                return
            press.dragging = True
            self.selected = press.piece.drag
        sprite = self.sprites[press.piece.id]
        sprite.x, sprite.y = pos[0] - press.offset[0], pos[1] - press.offset[1]

    def _mouse_up(self, pos: tuple[int, int]) -> None:
        press, self.press = self.press, None
        if press is not None and press.dragging:
            zone = self.zone_at(pos)
            self.selected = None
            if self.acting_human and press.piece.drag:
                self.drop(press.piece.drag, zone.id if zone else None)
            return
        if press is not None:  # a click on a piece: select it (click-then-click)
            self._select(press.piece)
            return
        zone = self.zone_at(pos)
        if zone is None or not self.acting_human:
            return
        if self.selected is not None:
            self.drop(self.selected, zone.id)
            return
        moves = self._zone_clicks(self.game.legal_moves()).get(zone.id, [])
        if len(moves) == 1:
            self.play(moves[0])
        elif moves:
            self._choose(moves)

    def _select(self, piece: Piece) -> None:
        if (
            not self.acting_human
            or not piece.drag
            or not self.layout.can_pick_up(piece.drag, self.game.legal_moves())
        ):
            self.explain_piece(piece)
            return
        self.selected = None if self.selected == piece.drag else piece.drag

    def targets(self) -> set[str]:
        """Zone ids that light up: targets of the selected piece, or clickable zones.

        Drawn every frame but changed only by a move, a selection, a new viewer or a new
        layout, so it is worked out once for each of those."""
        key = (
            len(self.game.history),
            self.selected,
            self.viewer,
            id(self.model),
            self.acting_human,
        )
        if self._targets_cache is None or self._targets_cache[0] != key:
            found: set[str] = set()
            if self.acting_human:
                legal = self.game.legal_moves()
                if self.selected is not None:
                    found = self.layout.targets_for(self.selected, legal)
                else:
                    found = set(self._zone_clicks(legal))
            self._targets_cache = (key, found)
        return self._targets_cache[1]

    # ---- keyboard -------------------------------------------------------------------
    def _focusables(self) -> list[tuple[str, object]]:
        """What Tab walks through: targets of the selection, or pieces, zones and buttons."""
        if not self.acting_human:
            return []
        legal = self.game.legal_moves()
        if self.selected is not None:
            targets = self.layout.targets_for(self.selected, legal)
            return [("zone", z) for z in self.model.zones if z.id in targets]
        items: list[tuple[str, object]] = [
            ("piece", p)
            for p in sorted(self.model.pieces, key=lambda p: (p.rect.y, p.rect.x))
            if p.drag and self.layout.can_pick_up(p.drag, legal)
        ]
        clicks = self._zone_clicks(legal)
        items += [("zone", z) for z in self.model.zones if z.id in clicks]
        items += [("button", b) for b, _ in self.buttons]
        return items

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
            return
        if key == pygame.K_s and event.mod & pygame.KMOD_CTRL:
            self.save_as()
            return
        if key == pygame.K_h:
            self.hint.ask()
            return
        if key == pygame.K_ESCAPE:
            if self.selected is not None:
                self.selected = None
                self.focus = None
            else:
                self._ask_leave()
            return
        items = self._focusables()
        if key in (pygame.K_TAB, pygame.K_RIGHT, pygame.K_DOWN, pygame.K_LEFT, pygame.K_UP):
            if not items:
                if self.acting_human:
                    self.app.toast(self.game.prompt())
                return
            back = key in (pygame.K_LEFT, pygame.K_UP) or (
                key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT
            )
            step = -1 if back else 1
            self.focus = 0 if self.focus is None else (self.focus + step) % len(items)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.focus is None or not items:
                return
            kind, item = items[self.focus % len(items)]
            self.focus = None
            if kind == "piece":
                assert isinstance(item, Piece)
                self._select(item)
                self.focus = 0 if self.selected is not None else None
            elif kind == "zone":
                assert isinstance(item, Zone)
                if self.selected is not None:
                    self.drop(self.selected, item.id)
                else:
                    self._mouse_up(item.rect.center)
            else:
                self._on_button(item)

    # ---- time -------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self._animate(dt)
        self.hint.update()
        self._run_ai()
        if (
            self.results_at is not None
            and not self.results_shown
            and (time.monotonic() >= self.results_at)
            and self.app.top is self
        ):
            self._show_results()

    def _show_results(self) -> None:
        from .results import ResultsScene

        self.results_shown = True
        self.app.push(ResultsScene(self.app, self.session))

    def _animate(self, dt: float) -> None:
        speed = self.app.settings.animation_speed
        rate = 1.0 if speed <= 0 else min(1.0, dt * 14 * speed)
        dragged = self.press.piece.id if self.press and self.press.dragging else None
        for piece in self.model.pieces:
            if piece.id == dragged:
                continue
            sprite = self.sprites[piece.id]
            tx, ty = piece.rect.topleft
            sprite.x += (tx - sprite.x) * rate
            sprite.y += (ty - sprite.y) * rate
            if abs(tx - sprite.x) < 0.5 and abs(ty - sprite.y) < 0.5:
                sprite.x, sprite.y = tx, ty

    def _run_ai(self) -> None:
        game = self.game
        seat = game.to_move
        if seat is None or seat not in self.bots or self.handing_over or self.app.top is not self:
            return
        if self.thinking is None:
            self.thinking = self.worker.ask(
                self.bots[seat],
                game,
                seat,
                random.Random(len(game.history)).getrandbits(32) ^ (self.session.seed or 0),
            )
            self.thinking_seat = seat
            speed = self.app.settings.animation_speed
            self.ai_ready_at = time.monotonic() + (AI_DELAY / speed if speed > 0 else 0)
            return
        if not self.thinking.done():
            # Yield the GIL for a moment: the worker's answer is delivered by a helper thread
            # that would starve in a loop that never sleeps (tests, --selftest).
            futures.wait([self.thinking], timeout=0.001)
        if not self.thinking.done() or time.monotonic() < self.ai_ready_at:
            return
        future, self.thinking = self.thinking, None
        try:
            move = future.result()
        except Exception:  # a bot bug must not end the game: play on, and say so
            self.app.toast("The AI could not decide; it plays a random move.", kind="error")
            move = random.choice(game.legal_moves())
        if game.to_move == self.thinking_seat:
            self.play(move)

    # ---- drawing ------------------------------------------------------------------------
    def _static_layer(self) -> pygame.Surface:
        """Felt, panels, boxes and labels: everything that does not move, drawn once per
        change of the table (blitting it whole is far cheaper than blending it every frame)."""
        d = self.app.display
        key = (id(self.model), d.size)
        if self._static is None or self._static[0] != key:
            layer = render.felt(d.size).copy()
            render.draw_box(layer, render.Box(self.status_rect, PANEL, None, 0))
            for box in self.model.boxes:
                render.draw_box(layer, box)
            for text in self.model.texts:
                render.draw_text(layer, text)
            self._static = (key, layer)
        return self._static[1]

    def draw(self, surface: pygame.Surface) -> None:
        d = self.app.display
        surface.blit(self._static_layer(), (0, 0))
        lit = self.targets()
        radius = d.px(12)
        for zone in self.model.zones:
            if zone.id in lit:
                pygame.draw.rect(surface, render.GLOW, zone.rect, d.px(5), border_radius=radius)
        dragged = self.press.piece if self.press and self.press.dragging else None
        hover = self.piece_at(pygame.mouse.get_pos()) if dragged is None else None
        focus_item = self._focused()
        for piece in sorted(self.model.pieces, key=lambda p: p.z):
            if piece is not dragged:
                self._draw_piece(
                    surface, piece, lifted=(piece is hover and bool(piece.drag) and not piece.dim)
                )
        if dragged is not None:
            self._draw_piece(surface, dragged, lifted=True)
        if focus_item is not None:
            pygame.draw.rect(
                surface,
                render.FOCUS,
                focus_item.inflate(d.px(10), d.px(10)),
                d.px(4),
                border_radius=radius,
            )
        if self.button_panel is not None:
            render.draw_box(
                surface, render.Box(self.button_panel, (12, 20, 16, 235), GOLD, d.px(14), 2)
            )
        self.hint.draw(surface)
        self._draw_status(surface)
        self._draw_log(surface)
        if dragged is None:
            self._draw_tip(surface, pygame.mouse.get_pos())

    def _draw_tip(self, surface: pygame.Surface, pos: tuple[int, int]) -> None:
        """The layout's explanation of what the pointer rests on (e.g. why a meld is invalid)."""
        text = next((t for r, t in self.model.tips if r.collidepoint(pos)), None)
        if not text:
            return
        d = self.app.display
        font = render.fonts.get_font(d.font_px(20))
        lines = wrap_text(text, font, d.px(420))
        pad = d.px(10)
        w = max(font.size(line)[0] for line in lines) + 2 * pad
        h = len(lines) * font.get_linesize() + 2 * pad
        box = pygame.Rect(pos[0] + d.px(18), pos[1] + d.px(18), w, h)
        box.clamp_ip(surface.get_rect())
        render.draw_box(surface, render.Box(box, (12, 20, 16, 240), GOLD, d.px(8), 2))
        for i, line in enumerate(lines):
            image = font.render(line, True, CREAM)
            surface.blit(image, (box.x + pad, box.y + pad + i * font.get_linesize()))

    def _focused(self) -> pygame.Rect | None:
        if self.focus is None:
            return None
        items = self._focusables()
        if not items:
            return None
        kind, item = items[self.focus % len(items)]
        if kind == "piece":
            assert isinstance(item, Piece)
            return self._draw_rect(item)
        if kind == "zone":
            assert isinstance(item, Zone)
            return item.rect
        return item.rect  # type: ignore[attr-defined]

    def _draw_piece(self, surface: pygame.Surface, piece: Piece, lifted: bool) -> None:
        r = self._draw_rect(piece)
        if lifted:
            r.y -= self.app.display.px(12)
        image = render.piece_image(piece, r.w, self.app.settings.colorblind)
        surface.blit(image, r)
        if piece.dim:
            render.draw_box(surface, render.Box(r, (0, 0, 0, 110), None, self.app.display.px(8)))
        if piece.drag and piece.drag == self.selected:
            pygame.draw.rect(
                surface,
                render.GLOW,
                r.inflate(6, 6),
                self.app.display.px(4),
                border_radius=self.app.display.px(10),
            )

    def _draw_status(self, surface: pygame.Surface) -> None:
        d = self.app.display
        names = self.session.names
        mover = self.game.to_move
        if self.game.over:
            out = self.game.outcome()
            text = "Game over — " + out.detail.format_map({f"p{i}": n for i, n in enumerate(names)})
        elif self.acting_human:
            text = f"{names[mover]}: {self.game.prompt()}"
        elif mover is not None and mover in self.bots:
            text = f"{names[mover]} is thinking…"
        else:
            text = f"{names[mover]}'s turn" if mover is not None else ""
        shown = [
            b.rect.x
            for b in (
                self.hint.button,
                self.results_button,
                self.undo_button,
                self.save_button,
                self.rules_button,
                self.menu_button,
            )
            if b is not None and b.visible
        ]
        width = min(shown, default=self.status_rect.w) - d.px(48)
        size = d.font_px(26)
        lines = [text]
        if render.fonts.get_font(size, "sans-bold").size(text)[0] > width:
            # Too long for one line at full size: two lines of a smaller size read better
            # (from a sofa too) than one line squeezed small.
            size = d.font_px(20)
            lines = wrap_text(text, render.fonts.get_font(size, "sans-bold"), width)[:2]
        step = render.fonts.get_font(size, "sans-bold").get_linesize()
        top = self.status_rect.centery - step * (len(lines) - 1) // 2
        for i, line in enumerate(lines):
            render.draw_text(
                surface,
                render.Text(
                    line,
                    (d.px(24), top + i * step),
                    size,
                    CREAM,
                    "midleft",
                    "sans-bold",
                    max_width=width,
                ),
            )

    def _draw_log(self, surface: pygame.Surface) -> None:
        lines = self.session.log_lines(self.viewer)
        key = (len(lines), self.viewer, self.log_rect.size, self.log_scroll, d_scale(self))
        if self._log_cache is None or self._log_cache[0] != key:
            self._log_cache = (key, self._render_log(lines))
        surface.blit(self._log_cache[1], self.log_rect)

    def _render_log(self, lines: list[str]) -> pygame.Surface:
        d = self.app.display
        rect = self.log_rect
        image = pygame.Surface(rect.size).convert()  # opaque: a plain copy when blitted
        image.fill(PANEL[:3])
        pygame.draw.line(image, (201, 164, 76), (0, 0), (0, rect.h), 2)
        pad = d.px(16)
        title = render.text_surface("Game log", d.font_px(24), GOLD, "serif-bold")
        image.blit(title, (pad, pad))
        font = render.fonts.get_font(d.font_px(18))
        top = pad * 2 + title.get_height()
        wrapped: list[str] = []
        for line in lines:
            wrapped.extend(wrap_text(line, font, rect.w - 2 * pad))
        visible = max(1, (rect.h - top - pad) // font.get_linesize())
        self.log_scroll = min(self.log_scroll, max(0, len(wrapped) - visible))
        end = len(wrapped) - self.log_scroll
        shown = wrapped[max(0, end - visible) : end]
        for i, line in enumerate(shown):
            colour = CREAM if i == len(shown) - 1 and not self.log_scroll else (214, 210, 196)
            image.blit(font.render(line, True, colour), (pad, top + i * font.get_linesize()))
        return image

    def leave(self) -> None:
        self.thinking = None  # an answer still coming is for a table that is gone
        self.hint.clear()
        if self._locked is not None:
            locks.release(self._locked)
            self._locked = None
        super().leave()


def d_scale(scene: TableScene) -> float:
    return scene.app.display.scale
