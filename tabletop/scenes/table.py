"""The table: draws the game through its layout and turns gestures into moves.

Every gesture ends in a question to the rules: a drop or a click resolves to the legal moves
with that piece and target (the game's gestures say which); anything else is explained by
``game.why_illegal`` in a toast. Drag-and-drop, click-then-click and the keyboard (Tab, Enter,
Esc) all lead to the same moves.

The scene composes the parts: :mod:`.table_input` (mouse, keyboard, focus), :mod:`.table_ai`
(AI seats' turns), :mod:`.table_panels` (status bar and game log), :mod:`.hint_overlay` and
:mod:`.table_night` (a game night's phones: the TV then shows only the public table) and
:mod:`.table_recap` (the pause that explains the end of a deal, a campaign or the game).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
import pygame_gui

import rules
from rules import Move

from .. import autosave, locks
from ..ai.worker import AIWorker
from ..layouts import get_gestures, get_layout
from ..session import Session, UndoRefused
from ..storage import describe_os_error
from ..table import card_art, render
from ..table.gestures import WorkingArea
from ..table.model import Piece, Recap, TableModel
from ..table.static_layer import StaticLayer
from ..ui.dialogs import Question, ask
from ..ui.palette import CREAM, GOLD, PANEL
from ..ui.text import wrap_text
from .base import Scene
from .hint_overlay import HintOverlay
from .table_ai import AITurns
from .table_input import TableInput
from .table_marks import LastMoves
from .table_moments import TableMoments, ease_out
from .table_night import NightHost
from .table_panels import LogPanel, StatusPanel
from .table_recap import RecapOverlay
from .table_reveal import PASS_KEYS, RevealHold, revealed_cards
from .table_sound import TableSounds

if TYPE_CHECKING:
    from ..app import App
    from ..net import AppliedMove

RESULTS_DELAY = 1.2
TWEEN = 0.45  # seconds another seat's card takes from its panel to the table, at normal speed


@dataclass
class Sprite:
    """Where a piece is drawn now; it glides towards its model rect (or, for a piece another
    seat's move brought, travels there in a timed ease-out: ``tween`` seconds from ``start``)."""

    x: float
    y: float
    tween: float = 0.0
    t: float = 0.0
    start: tuple[float, float] = (0.0, 0.0)


PICKER_SHADE = (0, 0, 0, 110)  # over the table while a picker panel is up
PICKER_PANEL = (18, 28, 23, 255)


class TableScene(Scene):
    holds_game = True
    paints_background = True
    error_cue = "illegal"  # an error toast at the table is (nearly always) a move refused

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.game = session.game
        self.layout = get_layout(session.game_id)
        self.gestures = get_gestures(session.game_id, self.layout)  # what drags and clicks mean
        self.ai = AITurns(session)
        self.sounds = TableSounds(self)  # one cue a move, from the rules' events
        self.night = NightHost(session)  # a game night's phones (none: a table like any other)
        self.night_dialog: Question | None = None
        self.viewer: int | None = self._initial_viewer()
        self.handing_over = False
        #: Hot seat: the drawer still looks at a drawn card before the hand-over (issue #19).
        self.reveal: RevealHold | None = None
        self.model = TableModel()
        self.sprites: dict[str, Sprite] = {}
        self.input = TableInput(self)
        # A button stands for a move, or for a key of one of the layout's local actions.
        self.buttons: list[tuple[pygame_gui.elements.UIButton, Move | str]] = []
        self.button_panel: pygame.Rect | None = None
        self.results_at: float | None = None
        self.results_shown = False
        self.status = StatusPanel()
        self.log = LogPanel()
        self.static = StaticLayer()
        self._log_text: tuple[list, int, object, int | None, list[str]] | None = None
        self._last_events: list[rules.Event] = []
        self._view: dict | None = None  # the view the table was last built from
        self._remote_move = False  # the last move was another seat's (an AI's, a phone's)
        self.moments = TableMoments(self)  # held tricks, their sweep, pieces leaving
        self.last_moves = LastMoves(self)  # each seat's last move, marked on the table
        self.layout_rect = pygame.Rect(0, 0, 0, 0)
        self.menu_button: pygame_gui.elements.UIButton | None = None
        self.rules_button: pygame_gui.elements.UIButton | None = None
        self.results_button: pygame_gui.elements.UIButton | None = None
        self.leave_dialog: Question | None = None
        #: A move waiting for the player's yes (it throws away work: Machiavelli's Draw).
        self.confirm_dialog: Question | None = None
        self.confirm_move: Move | None = None
        self.undo_button: pygame_gui.elements.UIButton | None = None
        self.save_button: pygame_gui.elements.UIButton | None = None
        self.hint = HintOverlay(self)  # the Hint button and its preview
        self.recap = RecapOverlay()  # the end of a deal, a campaign or the game, explained
        self._recap_due: Recap | None = None  # made by the last move, shown after its trick
        self._save_failed = False  # say once, not after every move, that saving fails
        # A move's follow-up work, spread one job a frame over the frames after it
        # (_follow_up): its felt and labels, the phones' new state, the autosave.
        self._save_due = False
        self._static_late = False
        self._frame = 0  # frames drawn
        self._moved_frame = -1  # the frame the last move was made in
        self._follow_ups_waited = 0
        self._covered_moves: list[AppliedMove] = []  # phones' moves made under another scene
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

    # ---- game night ------------------------------------------------------------------
    def enter(self) -> None:
        problem = self.night.start()  # a game night's server listens while this table is open
        super().enter()
        self.sounds.begin()
        if problem is not None:
            self._offer_local(problem)

    def _offer_local(self, problem: str) -> None:
        """The server could not start: offer to go on with the phone seats at this computer."""
        names = [self.session.names[s] for s in self.session.phone_seats]
        who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        self.night_dialog = ask(
            self.app,
            f"{problem} Play on with {who} at this computer instead? (Cancel goes back to the "
            "title screen; the game is saved.)",
            title="Game night",
            action="Play here",
            size=(700, 340),
            on_yes=self.play_here,
            on_no=self._night_refused,
        )

    def _night_refused(self) -> None:
        """Closed without "Play here": back to the title."""
        self.night_dialog = None
        self._leave()

    def play_here(self) -> None:
        """The phone seats become local players (the game night could not start)."""
        self.night.stop()
        self.night_dialog = None
        self.session.play_here()
        self.rebuild()
        self._autosave()

    @property
    def public_tv(self) -> bool:
        """The screen shows only the public table between local turns (a TV)."""
        return self.session.table_display or self.night.active or bool(self.session.phone_seats)

    def _is_local_human(self, seat: int | None) -> bool:
        return (
            self.session.is_human(seat)
            and seat is not None
            and not self.session.seats[seat].is_phone
        )

    # ---- who is looking -------------------------------------------------------------
    def _initial_viewer(self) -> int | None:
        humans = self.session.humans
        if len(humans) == 1 and not self.public_tv:
            return humans[0]
        return None

    @property
    def acting_human(self) -> bool:
        mover = self.game.to_move
        return mover is not None and mover == self.viewer and self.session.is_human(mover)

    def _update_viewer(self) -> None:
        """Hot seat: a human sees private cards only after a hand-over to them."""
        if self.handing_over or self.reveal is not None:
            return
        humans = self.session.humans
        mover = self.game.to_move
        private_table = len(humans) > 1 or self.public_tv
        if self.recap_pending and private_table:
            # Everyone reads the recap: the public table until it ends, then the hand-over.
            self._set_viewer(None)
            return
        if mover is None:
            target = humans[0] if len(humans) == 1 and not self.public_tv else None
            self._set_viewer(target)
        elif self._is_local_human(mover):  # a phone seat plays on its phone: never here
            if self.viewer != mover:
                if private_table:
                    self._hand_over(mover)
                else:
                    self._set_viewer(mover)
        elif private_table:
            self._set_viewer(None)

    def _reveal_hold(self, events: list[rules.Event], actor: int | None) -> RevealHold | None:
        """A hold if ``actor``, looking at their own hand on a shared screen, was just shown
        something new (a drawn card) and the table would now hide their hand."""
        if actor is None or actor != self.viewer or not self._is_local_human(actor):
            return None
        if self.game.over or self.game.to_move == actor:
            return None
        if not (len(self.session.humans) > 1 or self.public_tv):
            return None
        cards = revealed_cards(events, actor)
        if cards is None:
            return None
        mover = self.game.to_move
        name = (
            self.session.names[mover] if mover is not None and self._is_local_human(mover) else None
        )
        return RevealHold(actor, name, cards)

    def end_reveal(self) -> None:
        """The drawer has seen their card: hide the hand and hand over as usual."""
        if self.reveal is None:
            return
        if self.reveal.button is not None:
            self.reveal.button.kill()
        self.reveal = None
        self._update_viewer()
        self.refresh(animate=False)

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
            self.input.selected = None
            self.refresh(animate=False)

    # ---- building ---------------------------------------------------------------------
    def build(self) -> None:
        d = self.app.display
        # The frame keeps its desktop size on a TV (its text grows; the log is narrower and
        # wraps sooner), so the shared play area is larger and its pieces grow (#19).
        log_w = d.log_px(self.log.wide)
        status_h = d.frame_px(64)
        strip_h = self.night.strip_height(d)  # a game night's phones, under the log
        self.status.rect = pygame.Rect(0, 0, d.width, status_h)
        self.log.rect = pygame.Rect(d.width - log_w, status_h, log_w, d.height - status_h - strip_h)
        self.night.strip_rect = pygame.Rect(d.width - log_w, d.height - strip_h, log_w, strip_h)
        self.log.forget()
        self.layout_rect = pygame.Rect(0, status_h, d.width - log_w, d.height - status_h)
        font = render.fonts.get_font(d.font_px(22))
        bw = max(d.px(120), max(font.size(t)[0] for t in ("Menu", "Rules", "Results")) + d.px(36))
        bh = min(d.px(44), status_h - d.frame_px(6))
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
        self.moments.build(self.log.rect)  # the last-trick peek's button, on the log
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
        self.moments.sync()

    def refresh(self, animate: bool = True) -> None:
        """Lay the table out again from the rules' view (after a move, resize or hand-over)."""
        if self.container is None:
            return
        view = dict(self.game.view(self.viewer))  # a copy: a key is added below
        if self.acting_human:  # for layouts that show every target (the generic one)
            view["_targets"] = sorted({m.target for m in self.game.legal_moves() if m.target})
        if self.working_area is not None:
            self.working_area.sync(view, self.viewer)
        old = {p.id: p for p in self.model.pieces}
        self._view = view
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
                if start is not None and self._remote_move:
                    # Another seat's move travels at a pace people can follow.
                    sprite.tween, sprite.start = TWEEN / speed, (sprite.x, sprite.y)
            fresh[piece.id] = sprite
        self.sprites = fresh
        self._rebuild_buttons()
        self.input.focus = None
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
            if piece.drag and not self.gestures.can_pick_up(piece.drag, legal):
                piece.dim = True

    def _rebuild_buttons(self) -> None:
        for button, _ in self.buttons:
            button.kill()
        self.buttons = []
        self.button_panel = None
        area = self.model.action_area
        if self.reveal is not None:
            self.reveal.build_button(self.app, self.container, area or self.layout_rect)
            return
        if area is None or not self.acting_human:
            return
        legal = self.game.legal_moves()
        reachable = self._gesture_moves(legal)
        rest: list[Move | str] = [
            m for m in self.gestures.button_moves(legal) if m not in reachable
        ]
        area_ = self.working_area
        local = area_.actions(self.judge) if area_ is not None else []
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
        found: set[Move] = {m for ms in self.zone_clicks(legal).values() for m in ms}
        for piece in self.model.pieces:
            if piece.drag:
                for zone_id in zone_ids:
                    found.update(self.gestures.resolve_drop(piece.drag, zone_id, legal))
        return found

    def offered_moves(self) -> set[Move]:
        """Every move the table offers now: by a drop, a zone click or a button."""
        legal = self.game.legal_moves() if self.acting_human else []
        return self._gesture_moves(legal) | {m for _, m in self.buttons if isinstance(m, Move)}

    def zone_clicks(self, legal: list[Move]) -> dict[str, list[Move]]:
        """Zone id -> the legal moves a click on that zone stands for (the layout decides)."""
        clicks = {}
        for zone in self.model.zones:
            moves = self.gestures.click_moves(zone.id, legal)
            if moves:
                clicks[zone.id] = moves
        return clicks

    @property
    def worker(self) -> AIWorker:
        """The AI worker (the hint is worked out there too)."""
        return self.ai.worker

    @property
    def working_area(self) -> WorkingArea | None:
        """The game's working area (Machiavelli's), found through its gestures."""
        return self.gestures.working_area

    def describe(self, move: Move) -> str:
        """A move in words, as its button (or the hint) says it."""
        return self.layout.describe(move, self.game, self.viewer, self.session.names)

    # ---- moves ------------------------------------------------------------------------
    def judge(self, move: Move) -> rules.IllegalMove | None:
        """Why the rules would refuse ``move`` from the seat to move now (None: legal)."""
        return self.game.why_illegal(move, self.game.to_move)

    def play(self, move: Move) -> bool:
        """Play a move for the seat to move; on refusal, say why. True if it was played."""
        seat = self.game.to_move
        try:
            events = self.session.play(move, seat)
        except rules.IllegalMove as err:
            self.app.toast(err.message, kind="error")
            return False
        self._after_move(events, seat)
        self.night.publish_later()  # the phones see every local and AI move (_follow_up)
        return True

    def _after_move(self, events: list[rules.Event], actor: int | None = None) -> None:
        # A move's own frame lays out and draws the table; the felt and labels, the save's
        # text and the phones' state follow on later frames (_follow_up).
        self._save_due = True
        self._static_late = True
        self._moved_frame = self._frame
        self._last_events = events
        self.input.clear()
        self.log.scroll = 0
        before, old = self._view, self.model  # what a held trick or leaving pieces need
        self._remote_move = not self._is_local_human(actor)  # an AI's or a phone's move
        self.reveal = self._reveal_hold(events, actor) or self.reveal
        self.sounds.after_move(events)
        self._start_recap(events)
        self._update_viewer()
        self.refresh()
        self._remote_move = False
        self.moments.after_move(before, events, old)
        self.last_moves.record(actor, events)
        self._show_due_recap()  # at once, unless a trick is held first
        if self.game.over and self.results_at is None:
            self.results_at = time.monotonic() + RESULTS_DELAY * min(
                1.0, self.app.settings.animation_speed
            )
            self.holds_game = False
            if self.results_button is not None:
                self.results_button.show()
            if self.undo_button is not None:
                self.undo_button.hide()

    def _start_recap(self, events: list[rules.Event]) -> None:
        """Pause to explain the move's end of a deal, campaign or game, if it made one. The
        layout sees only the public events and view: the recap shows to the whole table."""
        public = rules.visible_events(events, None)
        recap = self.layout.recap(public, self.game.view(None), self.session.names)
        if recap is not None:
            self._recap_due = recap  # shown once a held trick has swept away (update)

    def _show_due_recap(self) -> None:
        if self._recap_due is not None and not self.moments.busy:
            self.recap.show(self._recap_due, self.app.settings.animation_speed)
            self._recap_due = None
            self._update_viewer()

    @property
    def recap_pending(self) -> bool:
        """A recap shows or waits for a held trick to go."""
        return self.recap.busy or self._recap_due is not None

    @property
    def showing_a_moment(self) -> bool:
        """A held trick, a sweep or a recap is on the table: AI seats and the results wait."""
        return self.moments.busy or self.recap_pending

    def end_recap(self) -> None:
        """The recap is over (its time, a click, a key or a phone's move): play goes on."""
        self._recap_due = None
        if self.recap.busy:
            self.recap.end()
            self._update_viewer()

    def drop(self, drag: str, zone_id: str | None) -> None:
        """Resolve ``drag`` dropped on ``zone_id`` into a move, or explain the refusal."""
        legal = self.game.legal_moves()
        if zone_id is None:
            return  # dropped on nothing: it simply glides back
        handled = self.working_area.drop(drag, zone_id) if self.working_area else False
        if isinstance(handled, str):
            self.app.toast(handled, kind="error")
            return
        if handled:
            self.input.selected = None
            self.refresh()
            return
        matches = self.gestures.resolve_drop(drag, zone_id, legal)
        if len(matches) == 1:
            self.play(matches[0])
            return
        if len(matches) > 1:
            self.choose(matches)
            return
        candidate = self.gestures.candidate(drag, zone_id, legal)
        if candidate is None:
            return
        err = self.game.why_illegal(candidate, self.viewer)
        if err is None:
            self.play(candidate)
        else:
            self.app.toast(err.message, kind="error")

    def drop_group(self, drags: list[str], zone_id: str | None) -> None:
        """Several pieces dropped together on ``zone_id`` (where the game's gestures allow
        picking several); one piece is an ordinary :meth:`drop`."""
        if len(drags) == 1:
            self.drop(drags[0], zone_id)
            return
        if zone_id is None or not drags:
            return  # dropped on nothing: they glide back
        handled = self.gestures.drop_group(drags, zone_id)
        if isinstance(handled, str):
            self.app.toast(handled, kind="error")
        elif handled:
            self.input.selected = None
            self.refresh()

    def choose(self, moves: list[Move]) -> None:
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
                self.gestures.candidate(piece.drag, with_cards[0].target, legal), self.viewer
            )
            if err is not None:
                self.app.toast(err.message, kind="error")
                return
        self.app.toast(self.game.prompt())

    # ---- input ------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.recap.handle(event):  # a click or Enter on a recap only ends it
            self._update_viewer()
            return
        hold = self.reveal
        if hold is not None and event.type == pygame.KEYDOWN and event.key in PASS_KEYS:
            if hold.armed:
                self.end_reveal()
            return
        if (
            hold is not None
            and event.type == pygame_gui.UI_BUTTON_PRESSED
            and event.ui_element is hold.button
        ):
            self.end_reveal()
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.on_button(event.ui_element)
        elif (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.night.click(event.pos)
        ):
            return
        elif self.moments.held is not None and (
            event.type == pygame.KEYDOWN
            or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1)
        ):
            self.moments.skip()  # a click or a key moves a held trick on
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.input.mouse_down(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            self.input.mouse_move(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            # pygame-gui passes on a release over a greyed-out button: it is asked why.
            if self.input.press is not None or not self._explain_disabled(event.pos):
                self.input.mouse_up(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.log.wheel(pygame.mouse.get_pos(), event.y)
        elif event.type == pygame.KEYDOWN:
            self.input.key(event)

    def on_button(self, element: object) -> None:
        if self.hint.handle_button(element) or self.moments.handle_button(element):
            return
        if element is self.menu_button:
            self.ask_leave()
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
                        self.play_asking(item)
                    else:
                        self.press_local_action(item)
                    return

    def _explain_disabled(self, pos: tuple[int, int]) -> bool:
        """A click on a greyed-out button of the working area says why it is greyed out
        (End turn: which meld is invalid and why). True if it was one."""
        for button, item in self.buttons:
            if isinstance(item, str) and not button.is_enabled and button.rect.collidepoint(pos):
                area = self.working_area
                reasons = {a.key: a.reason for a in area.actions(self.judge)} if area else {}
                if reasons.get(item):
                    self.app.toast(reasons[item], kind="error")
                    return True
        return False

    def play_asking(self, move: Move) -> None:
        """Play ``move`` from its button, asking first if it throws away the player's work."""
        question = self.gestures.confirm(move)
        if question is None:
            self.play(move)
            return
        self.confirm_move = move
        self.confirm_dialog = ask(
            self.app,
            question,
            title=self.layout.describe(move, self.game, self.viewer, self.session.names),
            action="Yes",
            on_yes=self._confirmed,
        )

    def _confirmed(self) -> None:
        """Yes to the move waiting in ``confirm_move`` (if it is still legal)."""
        move, self.confirm_dialog, self.confirm_move = self.confirm_move, None, None
        if move is not None and move in self.game.legal_moves():
            self.play(move)

    def press_local_action(self, key: str) -> None:
        """As if the working area's action ``key`` were pressed (its button)."""
        if self.working_area is None:
            return
        result = self.working_area.run_action(key, self.judge)
        if isinstance(result, Move):
            self.play(result)
            return
        if isinstance(result, str):
            self.app.toast(result)
        self.area_changed()

    def area_changed(self) -> None:
        """Lay the table out again after the working area changed (drops the selection)."""
        self.input.selected = None
        self.refresh()

    def ask_leave(self) -> None:
        if self.game.over:
            self._leave()
            return
        if self.leave_dialog is not None and self.leave_dialog.alive():
            return  # asked already (the Menu button again, under the dialog's dim)
        self.leave_dialog = ask(
            self.app,
            "Leave this game and go back to the title screen? It is saved: Continue on the "
            "title screen resumes it.",
            title="Leave the game?",
            action="Leave",
            on_yes=self._leave,
        )

    # ---- saving and undo ------------------------------------------------------------
    def _autosave(self) -> None:
        """Save after every move, so quitting never loses the game (Continue resumes it). The
        data is taken now; the writing happens on the autosave thread (:mod:`..autosave`),
        and its outcome is told on a later frame (or when the table flushes)."""
        self._save_due = False
        if not self.session.humans:
            return  # AI-only games (the self-test, demos) are nobody's to resume
        from ..saves import save_path, save_text

        self._report_saves()
        autosave.shared().submit(save_path(self.session), save_text(self.session))

    def _report_saves(self) -> None:
        """Tell the player about the autosaves that finished (a failure once, until one works)."""
        from ..saves import save_path

        if self._saver_used is None:
            return
        for _path, err in self._saver_used.outcomes(save_path(self.session)):
            if err is not None:
                if not self._save_failed:
                    self.app.toast(
                        f"The game could not be saved: {describe_os_error(err)}.",
                        kind="error",
                        seconds=6,
                    )
                self._save_failed = True
            else:
                self._save_failed = False

    @property
    def _saver_used(self) -> autosave.Saver | None:
        return autosave.shared() if self.session.humans else None

    def flush_save(self) -> None:
        """Wait until the autosave is on disk and tell how it went: before the table is left
        or covered (results, Load, replay, export, quitting, a terminate signal)."""
        if self._save_due:
            self._autosave()
        if self._saver_used is None:
            return
        self._saver_used.flush()
        self._report_saves()

    def save_on_terminate(self) -> None:
        """A terminate signal ends the app: the game is saved even before its first move (a
        human who has not moved yet finds it under Continue)."""
        if not self.game.over:
            self._autosave()
        self.flush_save()

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
        self.ai.forget()  # an AI answer still coming is for a position that is gone
        self._last_events = []
        self.moments.forget()
        self.last_moves.forget()
        self.end_recap()  # what it explained is taken back
        self.input.clear()
        self._update_viewer()
        self.refresh(animate=False)
        self._autosave()
        self.night.publish()
        self.app.toast("Your last move is taken back; this game now counts as assisted.")

    def _leave(self) -> None:
        from .title import TitleScene

        self.app.reset_to(TitleScene(self.app))

    # ---- time -------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self._report_saves()  # the autosave thread's outcomes, told on this (the UI) thread
        covered, self._covered_moves = self._covered_moves, []
        for applied in [*covered, *self.night.poll()]:  # the phones' moves, shown like local ones
            self.end_recap()  # play went on at the phones: the recap has been read
            self.game = self.session.game
            self._after_move(applied.events, applied.seat)
        if self.recap.busy:
            self.recap.update()
            if not self.recap.busy:  # its time is up
                self._update_viewer()
        self.moments.update(dt)
        self._show_due_recap()
        self._animate(dt)
        self.hint.update()
        if self.reveal is not None:
            self.reveal.age += dt
        if (
            not self.handing_over
            and self.reveal is None
            and self.app.top is self
            and not self.night.covers_table
            and not self.showing_a_moment
        ):
            speed = self.app.settings.animation_speed
            move = self.ai.poll(self.game, speed, lambda t: self.app.toast(t, kind="error"))
            if move is not None:
                self.play(move)
        if (
            self.results_at is not None
            and not self.results_shown
            and (time.monotonic() >= self.results_at)
            and self.app.top is self
            and not self.showing_a_moment  # the results come after the game's last recap
        ):
            self._show_results()
        self._follow_up()

    #: Frames a move's follow-up work may wait for a frame without a move (moves every frame,
    #: as AI seats at Instant speed make them, must not starve it).
    FOLLOW_UP_PATIENCE = 3

    def _follow_up(self) -> None:
        """One job a move left, a frame: the felt and labels redrawn, then the phones' new
        state, then the autosave's text, then card faces the phones asked for; nothing in a
        move's own frame. No frame then does two costly jobs (bench_game_night: the TV's frame
        time p99 while nine phones play)."""
        if self._moved_frame == self._frame and self._follow_ups_waited < self.FOLLOW_UP_PATIENCE:
            self._follow_ups_waited += 1
            return
        self._follow_ups_waited = 0
        if self._static_late:
            self._static_late = False  # this frame's draw lays the felt and labels anew
        elif self.night.publish_if_due():
            pass  # the phones were sent the new state
        elif self._save_due:
            self._autosave()
        else:
            self.night.paint_card_images()

    def update_covered(self, dt: float) -> None:
        """Under the rules, a save's name or a dialog scene, a game night's phones play on: their
        moves are applied and saved now, and shown when the table is on top again."""
        applied = self.night.poll()
        if applied:
            self.game = self.session.game
            self._covered_moves += applied
            self._autosave()
        self._follow_up()  # the phones hear of them (and of a move made before the cover)

    def _show_results(self) -> None:
        from .results import ResultsScene

        self.results_shown = True
        self.night.stop()  # the game is over: the phones are told and the port is free
        self.app.push(ResultsScene(self.app, self.session))

    def _animate(self, dt: float) -> None:
        speed = self.app.settings.animation_speed
        rate = 1.0 if speed <= 0 else min(1.0, dt * 14 * speed)
        if self.moments.holds_glide:
            return  # pieces still leaving: the rest closes up after them
        carried = {id(p) for p in self.input.carried()}
        for piece in self.model.pieces:
            if id(piece) in carried:
                continue
            sprite = self.sprites[piece.id]
            tx, ty = piece.rect.topleft
            if sprite.tween > 0:
                sprite.t += dt
                f = ease_out(sprite.t / sprite.tween)
                sprite.x = sprite.start[0] + (tx - sprite.start[0]) * f
                sprite.y = sprite.start[1] + (ty - sprite.start[1]) * f
                if f >= 1.0:
                    sprite.tween = 0.0
                continue
            sprite.x += (tx - sprite.x) * rate
            sprite.y += (ty - sprite.y) * rate
            if abs(tx - sprite.x) < 0.5 and abs(ty - sprite.y) < 0.5:
                sprite.x, sprite.y = tx, ty

    # ---- drawing ------------------------------------------------------------------------
    def _static_layer(self) -> pygame.Surface:
        """Felt, panels, boxes and labels: everything that does not move, drawn once and then
        redrawn where a move changed it (blitting it whole is far cheaper than blending it
        every frame)."""
        d = self.app.display
        drawn = self.static.current(d.size)
        if self._static_late and drawn is not None:
            # A move's own frame lays the table out and draws its pieces; the felt, boxes and
            # labels follow a frame later (_follow_up), so no frame does both.
            return drawn
        model = self.moments.backdrop or self.model  # pieces leaving: the table they leave
        status_bar = render.Box(self.status.rect, PANEL, None, 0)
        return self.static.draw(render.felt(d.size), [status_bar], model)

    def draw(self, surface: pygame.Surface) -> None:
        self._frame += 1
        d = self.app.display
        surface.blit(self._static_layer(), (0, 0))
        lit = self.input.targets()
        radius = d.px(12)
        for zone in self.model.zones:
            if zone.id in lit:
                pygame.draw.rect(surface, render.GLOW, zone.rect, d.px(5), border_radius=radius)
        dragged = self.input.dragged
        hover = self.input.piece_at(pygame.mouse.get_pos()) if dragged is None else None
        focus_item = self.input.focused()
        carried = self.input.carried()
        carried_ids = {id(p) for p in carried}
        for piece in sorted(self.model.pieces, key=lambda p: p.z):
            if id(piece) not in carried_ids:
                self._draw_piece(
                    surface, piece, lifted=(piece is hover and bool(piece.drag) and not piece.dim)
                )
        self.last_moves.draw(surface)
        self.moments.draw(surface)
        for piece in carried:  # fanned like a meld, in z order: each one's index shows
            self._draw_piece(surface, piece, lifted=True)
        if self.input.band is not None:  # a rectangle picking several pieces
            pygame.draw.rect(surface, render.GLOW, self.input.band, d.px(2))
        if self.button_panel is not None:
            # A picker (a Jester's value, a house to take influence from): the table dims
            # behind it, so the choice reads as the one thing to do now; the panel is opaque.
            render.draw_box(surface, render.Box(self.layout_rect, PICKER_SHADE, None, 0))
            render.draw_box(surface, render.Box(self.button_panel, PICKER_PANEL, GOLD, d.px(14), 2))
        if focus_item is not None:
            pygame.draw.rect(
                surface,
                render.FOCUS,
                focus_item.inflate(d.px(10), d.px(10)),
                d.px(4),
                border_radius=radius,
            )
        if self.reveal is not None:
            self.reveal.draw_marks(surface, self.model, d, self.draw_rect)
        self.hint.draw(surface)
        self.recap.draw(surface, d, self.layout_rect)
        self.status.draw(surface, d, self.status_text(), self.status_buttons())
        self.log.draw(surface, d, self._log_lines(), self.viewer)
        # A game night's phones strip, and its join panel over everything under the status bar.
        self.night.draw(surface, d, self.night_area())
        if dragged is None:
            self._draw_tip(surface, pygame.mouse.get_pos())

    def _log_lines(self) -> list[str]:
        """The log in words for the viewer, rendered again only when the log or the viewer
        changed (every entry's words every frame cost 1-2 ms at 60 entries of Allegiance and
        grew with the game: bench_game_night)."""
        log, viewer = self.session.log, self.viewer
        last = log[-1] if log else None
        cached = self._log_text
        if (
            cached is None
            or cached[0] is not log
            or cached[1] != len(log)
            or cached[2] is not last  # held, so an undo's new last entry never looks the same
            or cached[3] != viewer
        ):
            cached = (log, len(log), last, viewer, self.session.log_lines(viewer))
            self._log_text = cached
        return cached[4]

    def night_area(self) -> pygame.Rect:
        """Where a game night's join panel may spread: everything under the status bar."""
        top = self.status.rect.bottom
        return pygame.Rect(0, top, self.app.display.width, self.app.display.height - top)

    def tip_at(self, pos: tuple[int, int]) -> str | None:
        """What a hover tip at ``pos`` says: the layout's explanation of what is there (e.g.
        why a meld is invalid), else the full words of the face-up card on top there (#19: a
        crowded hand shows little of each card). Face-down cards have none: only what the
        viewer's view shows face up is ever drawn as a card."""
        text = next((t for r, t in self.model.tips if r.collidepoint(pos)), None)
        if text:
            return text
        piece = self.input.piece_at(pos)
        if piece is None or piece.art[0] != "card":
            return None
        return card_art.card_text(str(piece.art[1]), str(piece.art[2])) or piece.label or None

    def _draw_tip(self, surface: pygame.Surface, pos: tuple[int, int]) -> None:
        """The tip for what the pointer rests on (:meth:`tip_at`), beside the pointer."""
        text = self.tip_at(pos)
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

    def draw_rect(self, piece: Piece) -> pygame.Rect:
        """Where ``piece`` is drawn now (its sprite glides towards its model rect)."""
        sprite = self.sprites.get(piece.id)
        r = piece.rect.copy()
        if sprite is not None:
            r.topleft = (round(sprite.x), round(sprite.y))
        return r

    def rects_of(self, move: Move) -> list[pygame.Rect]:
        """Where ``move`` shows on the table: its cards, its target zone, or its button."""
        rects = [
            self.draw_rect(p)
            for p in self.model.pieces
            if p.id in move.cards or (p.drag is not None and p.drag in move.cards)
        ]
        rects += [z.rect for z in self.model.zones if move.target and z.id == move.target]
        rects += [b.rect for b, m in self.buttons if m == move]
        return rects

    def status_text(self) -> str:
        """The status bar's line: the result, the prompt to the human to move, or who moves."""
        names = self.session.names
        mover = self.game.to_move
        if self.reveal is not None:
            return self.reveal.status(names)
        if self.game.over:
            out = self.game.outcome()
            return "Game over — " + out.detail.format_map({f"p{i}": n for i, n in enumerate(names)})
        if self.recap.recap is not None:  # play waits for the recap: nobody is thinking
            return f"{self.recap.recap.title} — click to go on"
        if self.acting_human and mover is not None:
            return f"{names[mover]}: {self.game.prompt()}"
        if mover is not None and self.session.seats[mover].is_phone and self.night.active:
            return self.night.waiting_text(mover)
        if mover is not None and mover in self.ai.bots:
            if self.night.covers_table:  # the AI waits: nobody could see its move
                return self.night.covered_text()
            return f"{names[mover]} is thinking…"
        return f"{names[mover]}'s turn" if mover is not None else ""

    def status_buttons(self) -> list[object]:
        """The status bar's buttons, right to left of its text."""
        return [
            self.hint.button,
            self.results_button,
            self.undo_button,
            self.save_button,
            self.rules_button,
            self.menu_button,
        ]

    def _draw_piece(self, surface: pygame.Surface, piece: Piece, lifted: bool) -> None:
        r = self.draw_rect(piece)
        if lifted:
            r.y -= self.app.display.px(12)
        image = render.piece_image(piece, r.w, self.app.settings.colorblind)
        surface.blit(image, r)
        if piece.dim:
            render.draw_box(surface, render.Box(r, (0, 0, 0, 110), None, self.app.display.px(8)))
        if piece.outline is not None:
            d = self.app.display
            render.draw_box(surface, render.Box(r, None, piece.outline, d.px(8), d.px(4)))
        if piece.drag and self.input.is_selected(piece.drag):
            pygame.draw.rect(
                surface,
                render.GLOW,
                r.inflate(6, 6),
                self.app.display.px(4),
                border_radius=self.app.display.px(10),
            )

    def cover(self) -> None:
        self.flush_save()  # results, save-as, rules, hand-over: the file is whole on disk
        super().cover()

    def leave(self) -> None:
        self.flush_save()  # on disk before the lock goes and Load, replay or export reads it
        self.night.stop()  # left (or the app quits): the phones are told, the port is free
        self.ai.forget()  # an answer still coming is for a table that is gone
        self.hint.clear()
        if self._locked is not None:
            locks.release(self._locked)
            self._locked = None
        super().leave()
