"""The table: draws the game through its layout and turns gestures into moves.

Every gesture ends in a question to the rules: a drop or a click resolves to the legal moves
with that piece and target (the game's gestures say which); anything else is explained by
``game.why_illegal`` in a toast. Drag-and-drop, click-then-click and the keyboard (Tab, Enter,
Esc) all lead to the same moves.

The scene holds the session, the table's model and the moves, and composes the parts; each
part is handed what it uses (the app, the session, the layout or gestures, the parts it works
with) and a small protocol for what changes as play goes on (``InputHost``, ``DrawingHost``…),
never the scene's every attribute: :mod:`.table_input` (mouse, keyboard focus, selection),
:mod:`.table_viewer` (who is looking: hand-overs, a drawer's look at a drawn card),
:mod:`.table_buttons` (the status bar's buttons and the action strip), :mod:`.table_drawing`
(where each piece is drawn, the static layer, the tips), :mod:`.table_follow_up` (a move's
work spread over the frames after it), :mod:`.table_saving` (autosave, Save, Undo),
:mod:`.table_ai` (AI seats' turns), :mod:`.table_panels` (status bar and game log),
:mod:`.hint_overlay`, :mod:`.table_night` (a game night's phones: the TV then shows only the
public table), :mod:`.table_moments` and :mod:`.table_marks` (held tricks, each seat's last
move; :mod:`.table_resume` shows a resumed game's marks again), :mod:`.table_sound` and
:mod:`.table_recap` (the pause that explains the end of a deal, a campaign or the game).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame
import pygame_gui

import rules
from rules import Move

from .. import locks
from ..ai.worker import AIWorker
from ..layouts import get_gestures, get_layout
from ..net.room import NightRoom
from ..saves import fresh_save_id
from ..session import Session
from ..table.gestures import WorkingArea
from ..table.legend import opens_legend
from ..table.model import Piece, RecapHold, TableModel
from ..table.static_layer import StaticLayer
from ..ui.dialogs import Question, ask
from . import hint_spot
from .base import Scene
from .hint_overlay import HintOverlay
from .table_ai import AITurns
from .table_buttons import StripButton, TableButtons
from .table_drawing import Overlays, Sprite, SpriteBoard, TableDrawing
from .table_follow_up import PATIENCE, FollowUps
from .table_input import TableInput
from .table_marks import LastMoves
from .table_moments import TableMoments
from .table_night import NightHost
from .table_panels import LogPanel, StatusPanel
from .table_recap import RecapOverlay, TableRecaps
from .table_resume import resume_marks
from .table_reveal import PASS_KEYS, RevealHold
from .table_saving import TableSaving
from .table_score import ScorePanel
from .table_sound import TableSounds
from .table_viewer import TableViewer

if TYPE_CHECKING:
    from ..app import App
    from ..net import AppliedMove

RESULTS_DELAY = 1.2
#: What the TV's game log says, by its title, that G does (words a newcomer understands).
LOG_KEY_NARROW = "Press G to widen the log"
LOG_KEY_WIDE = "Press G to narrow the log"


class TableScene(Scene):
    holds_game = True
    paints_background = True
    error_cue = "illegal"  # an error toast at the table is (nearly always) a move refused
    #: The AI plays its seats (a lesson's table plays them from its script instead).
    ai_plays = True

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.layout = get_layout(session.game_id)
        self.gestures = get_gestures(session.game_id, self.layout)  # what drags and clicks mean
        self.ai = AITurns(session, play=self.ai_plays)
        # A game night's phones (none: a table like any other), in the evening's room.
        if session.phone_seats and app.night_room is None:
            app.night_room = NightRoom()
        self.night = NightHost(session, app.night_room)
        self.night_dialog: Question | None = None
        self.viewing = TableViewer(self)  # who is looking: hand-overs, a drawer's look
        self.sounds = TableSounds(app, session, self.viewing)  # one cue a move, from its events
        self.model = TableModel()
        self.layout_rect = pygame.Rect(0, 0, 0, 0)
        self.status = StatusPanel()
        self.log = LogPanel()
        self.recap = RecapOverlay()  # the end of a deal, a campaign or the game, explained
        self.recaps = TableRecaps(app, session, self.layout, self.recap, self)
        self.pieces = SpriteBoard()  # where each piece is drawn now
        self.input = TableInput(app, self, self.gestures, self.pieces)
        self.saving = TableSaving(self, self.night)  # autosave, Save and Undo
        # Held tricks, their sweep, pieces leaving.
        self.moments = TableMoments(app, self, self.layout, session, self.pieces)
        # Each seat's last move, marked on the table.
        self.last_moves = LastMoves(app, session, self, self.pieces)
        self._resume_marks()  # a game resumed (Continue, Load) shows the marks it showed
        self.hint = HintOverlay(self)  # the Hint button and its preview
        self.score = ScorePanel(app, self)  # the score if the game ended now (T)
        # The status bar's buttons and the action strip.
        self.controls = TableButtons(
            app,
            self,
            self.gestures,
            panels=(self.status, self.log),
            hint=self.hint,
            moments=self.moments,
            saving=self.saving,
            score=self.score,
        )
        self.drawing = TableDrawing(
            app,
            session,
            self,
            self.pieces,
            self.gestures,
            panels=(self.status, self.log),
            pointer=self.input,
            controls=self.controls,
            overlays=Overlays(self.last_moves, self.moments, self.hint, self.recap, self.night),
        )
        self.results_at: float | None = None
        self.results_shown = False
        self._last_events: list[rules.Event] = []
        self._view: dict | None = None  # the view the table was last built from
        self.leave_dialog: Question | None = None
        #: A move waiting for the player's yes (it throws away work: Machiavelli's Draw).
        self.confirm_dialog: Question | None = None
        self.confirm_move: Move | None = None
        # A move's follow-up work, one job a frame over the frames after it.
        self.follow_ups = FollowUps(self.drawing, self.saving, self.night)
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
            self.session.save_id = fresh_save_id()
            self.app.toast(f"{locks.IN_USE} This is a copy of it, saved as a new game.")
            if not locks.hold(self.session.save_id):
                return
        self._locked = self.session.save_id

    # ---- game night ------------------------------------------------------------------
    def enter(self) -> None:
        problem = self.night.start()  # a game night's server listens while this table is open
        # Played on phones only: the TV's table says what to do on them, not with a mouse.
        self.layout.on_phones = self.night.active and set(self.session.humans) <= set(
            self.night.seats
        )
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
        self.saving.autosave()

    @property
    def public_tv(self) -> bool:
        """The screen shows only the public table between local turns (a TV)."""
        return self.session.table_display or self.night.active or bool(self.session.phone_seats)

    @property
    def game(self) -> rules.Game:
        """The game being played (the session's: Undo puts a new one there)."""
        return self.session.game

    # ---- who is looking (table_viewer) ----------------------------------------------
    @property
    def acting_human(self) -> bool:
        mover = self.game.to_move
        return mover is not None and mover == self.viewer and self.session.is_human(mover)

    @property
    def viewer(self) -> int | None:
        """The seat whose view the table shows (None: the public table)."""
        return self.viewing.seat

    @viewer.setter
    def viewer(self, seat: int | None) -> None:
        self.viewing.seat = seat

    @property
    def player_names(self) -> list[str]:
        return self.session.names

    @property
    def handing_over(self) -> bool:
        """A hand-over covers the table (play waits for the next player)."""
        return self.viewing.handing_over

    @handing_over.setter
    def handing_over(self, covered: bool) -> None:
        self.viewing.handing_over = covered

    @property
    def reveal(self) -> RevealHold | None:
        """Hot seat: the drawer still looks at a drawn card before the hand-over."""
        return self.viewing.reveal

    def end_reveal(self) -> None:
        self.viewing.end_reveal()

    def _set_viewer(self, seat: int | None) -> None:
        self.viewing.set(seat)

    def looked_anew(self) -> None:
        """Another seat looks now (table_viewer): the selection goes, the table is laid out."""
        self.input.selected = None
        self.refresh(animate=False)

    # The status bar's buttons others look at (table_buttons holds them).
    @property
    def results_button(self) -> pygame_gui.elements.UIButton | None:
        return self.controls.results_button

    @property
    def undo_button(self) -> pygame_gui.elements.UIButton | None:
        return self.controls.undo_button

    @property
    def save_button(self) -> pygame_gui.elements.UIButton | None:
        return self.controls.save_button

    @property
    def buttons(self) -> list[StripButton]:
        """The action strip's buttons (table_buttons holds them)."""
        return self.controls.strip

    @property
    def button_panel(self) -> pygame.Rect | None:
        """The panel the strip's buttons moved onto, over the table (None: the strip)."""
        return self.controls.panel

    @button_panel.setter
    def button_panel(self, panel: pygame.Rect | None) -> None:
        self.controls.panel = panel

    @property
    def _frame(self) -> int:
        """Frames drawn (a move's follow-up work is timed by them)."""
        return self.follow_ups.frame

    @property
    def sprites(self) -> dict[str, Sprite]:
        """Where each piece is drawn now, by its id."""
        return self.pieces.sprites

    @property
    def static(self) -> StaticLayer:
        """The felt, panels and labels, drawn once and redrawn where a move changed them."""
        return self.drawing.static

    # ---- building ---------------------------------------------------------------------
    def build(self) -> None:
        d = self.app.display
        # The frame keeps its desktop size on a TV (its text grows; the log is narrower and
        # wraps sooner), so the shared play area is larger and its pieces grow.
        log_w = d.log_px(self.log.wide)
        status_h = d.frame_px(64)
        strip_h = self.night.strip_height(d)  # a game night's phones, under the log
        self.status.rect = pygame.Rect(0, 0, d.width, status_h)
        self.log.rect = pygame.Rect(d.width - log_w, status_h, log_w, d.height - status_h - strip_h)
        self.night.strip_rect = pygame.Rect(d.width - log_w, d.height - strip_h, log_w, strip_h)
        self.log.forget()
        if d.profile == "tv":  # the key that widens the TV's narrow log, where it shows
            self.log.hint = LOG_KEY_WIDE if self.log.wide else LOG_KEY_NARROW
        self.layout_rect = self.play_area(
            pygame.Rect(0, status_h, d.width - log_w, d.height - status_h)
        )
        self.controls.build_bar()
        self.moments.build(self.log)  # the last-trick peek's button, on the log
        self.controls.strip = []
        self.viewing.update()
        self.refresh(animate=False)

    def play_area(self, rect: pygame.Rect) -> pygame.Rect:
        """Where the game is laid out, out of ``rect`` (the window but the status bar and
        the log): all of it (a lesson keeps a band of it for its coach)."""
        return rect

    def uncover(self) -> None:
        super().uncover()  # showing the container shows every button in it again
        self.controls.sync()
        self.hint.sync()
        self.moments.sync()

    def refresh(self, animate: bool = True, remote: bool = False) -> None:
        """Lay the table out again from the rules' view (after a move, resize or hand-over;
        ``remote``: another seat's move, an AI's or a phone's, which travels slower)."""
        if self.container is None:
            return
        view = dict(self.game.view(self.viewer))  # a copy: a key is added below
        if self.acting_human:  # for layouts that show every target (the generic one)
            view["_targets"] = sorted({m.target for m in self.game.legal_moves() if m.target})
        if self.working_area is not None:
            self.working_area.sync(view, self.viewer)
        old = {p.id for p in self.model.pieces}
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
        self.recaps.lay_out()
        speed = self.app.settings.animation_speed
        self.pieces.place(self.model, old, animate, speed, self._last_events, remote)
        self.controls.rebuild()
        self.input.focus = None
        self.hint.sync()
        self.hint.relayout()

    def _dim_unplayable(self) -> None:
        if not self.acting_human:
            return
        legal = self.game.legal_moves()
        for piece in self.model.pieces:
            if piece.drag and not self.gestures.can_pick_up(piece.drag, legal):
                piece.dim = True

    def gesture_moves(self, legal: list[Move]) -> set[Move]:
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
        return self.gesture_moves(legal) | {m for _, m in self.buttons if isinstance(m, Move)}

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
        self.night.publish_later()  # the phones see every local and AI move (table_follow_up)
        return True

    def _after_move(
        self, events: list[rules.Event], actor: int | None = None, saved: bool = False
    ) -> None:
        """Show a move just made (``saved``: it is on its way to disk already: a phone's move
        made under another scene is saved once, not again here)."""
        # A move's own frame lays out and draws the table; the felt and labels, the save's
        # text and the phones' state follow on later frames (table_follow_up).
        if not saved:
            if self.saving.due:  # a move a frame: the save holds this one too, never trails two
                self.saving.autosave()
            else:
                self.saving.due = True
        self.drawing.static_late = self.drawing.log_late = True
        self.follow_ups.moved()
        self._last_events = events
        self.input.clear()
        self.log.scroll = 0
        before, old = self._view, self.model  # what a held trick or leaving pieces need
        looking = self.viewer
        remote = not self.viewing.is_local_human(actor)  # an AI's or a phone's move
        self.viewing.reveal = self.viewing.reveal_hold(events, actor) or self.reveal
        self.sounds.after_move(events)
        self.recaps.start(events)
        self.viewing.update()
        if self.viewer != looking:
            # Another seat looks now: the last one's labels and log lines may hold what only
            # it could see, so they are drawn anew in this very frame, not a frame later.
            self.drawing.static_late = self.drawing.log_late = False
        self.refresh(remote=remote)
        self.moments.after_move(before, events, old)
        self.last_moves.record(actor, events)
        self._show_due_recap()  # at once, unless a trick is held first
        if self.game.over and self.results_at is None:
            self.results_at = time.monotonic() + RESULTS_DELAY * min(
                1.0, self.app.settings.animation_speed
            )
            self.holds_game = False
            self.controls.game_over()

    def _show_due_recap(self) -> None:
        if self.recaps.show_due(self.moments.busy):
            self.viewing.update()

    @property
    def recap_pending(self) -> bool:
        """A recap shows or waits for a held trick to go."""
        return self.recaps.pending

    @property
    def recap_hold(self) -> RecapHold | None:
        """What the table holds while the recap shows (an ended campaign's map), or None."""
        return self.recaps.hold

    @property
    def showing_a_moment(self) -> bool:
        """A held trick, a sweep or a recap is on the table: AI seats and the results wait."""
        return self.moments.busy or self.recap_pending

    def end_recap(self) -> None:
        """The recap is over (its time, a click, a key or a phone's move): play goes on."""
        if self.recaps.end():
            self.viewing.update()

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
        self.controls.offer(moves)

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
            self.viewing.update()
            return
        if self.score.handle(event):  # the score so far: open, closed, or waiting over it
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
            if self.input.press is not None or not self.controls.explain_disabled(event.pos):
                self.input.mouse_up(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.log.wheel(pygame.mouse.get_pos(), event.y)
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _key(self, event: pygame.event.Event) -> None:
        """The table's own keys, then the pieces' (focus, selection; Esc with nothing picked
        offers to leave)."""
        key, ctrl = event.key, event.mod & pygame.KMOD_CTRL
        if key == pygame.K_z and ctrl:
            self.undo()
        elif key == pygame.K_s and ctrl:
            self.save_as()
        elif key == pygame.K_h:
            self.hint.ask()
        elif key == pygame.K_g and self.app.display.profile == "tv":
            # The TV's narrow game log, widened to read its history and back.
            self.log.wide = not self.log.wide
            self.rebuild()
        elif key == pygame.K_l:
            if not self.moments.peek():
                self.app.toast("No trick or conflict has been completed yet.")
        elif opens_legend(event):
            self.app.go.legend(self.session.game_id)
        elif not self.input.key(event) and key == pygame.K_ESCAPE:
            self.ask_leave()

    def on_button(self, element: object) -> None:
        self.controls.on_button(element)

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
        if self.hint.note:  # the working area's hint is played, reset or changed: its note goes
            self.hint.dismiss()
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

    def open_menu(self) -> None:
        """The status bar's Menu: Settings, Keys and marks, Rules, Leave."""
        self.app.go.game_menu(self.session.game_id, self.ask_leave)

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

    # ---- saving and undo (table_saving) ---------------------------------------------
    def flush_save(self) -> None:
        self.saving.flush()

    def save_on_terminate(self) -> None:
        self.saving.on_terminate()

    def save_as(self) -> None:
        self.saving.save_as()

    def undo(self) -> None:
        self.saving.undo()

    def _resume_marks(self) -> None:
        resume_marks(self.last_moves, self.working_area, self.session, self.viewer)

    def taken_back(self) -> None:
        """Undo took moves back (table_saving): what the table held about them goes."""
        self.ai.forget()  # an AI answer still coming is for a position that is gone
        self._last_events = []
        self.moments.forget()
        if self.working_area is not None:
            self.working_area.forget()  # laid out afresh, as Load lays out this position
        self._resume_marks()  # the marks of the position gone back to, as Load shows them
        self.end_recap()  # what it explained is taken back
        self.input.clear()
        self.viewing.update()
        self.refresh(animate=False)

    def _leave(self) -> None:
        self.app.go.title()

    # ---- time -------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.saving.report()  # the autosave thread's outcomes, told on this (the UI) thread
        covered, self._covered_moves = self._covered_moves, []
        # The phones' moves, shown like local ones; those made under another scene were saved
        # then (update_covered).
        phones = [(a, True) for a in covered] + [(a, False) for a in self.night.poll()]
        for applied, saved in phones:
            self.end_recap()  # play went on at the phones: the recap has been read
            self._after_move(applied.events, applied.seat, saved=saved)
        if self.recap.busy:
            self.recap.update()
            if not self.recap.busy:  # its time is up
                self.viewing.update()
        self.moments.update(dt)
        self._show_due_recap()
        if not self.moments.holds_glide:  # pieces still leaving: the rest closes up after them
            speed = self.app.settings.animation_speed
            self.pieces.glide(self.model, dt, speed, self.input.carried())
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
        self.follow_ups.run()

    #: Frames a move's follow-up work may wait for a frame without a move (table_follow_up).
    FOLLOW_UP_PATIENCE = PATIENCE

    def update_covered(self, dt: float) -> None:
        """Under the rules, a save's name or a dialog scene, a game night's phones play on: their
        moves are applied and saved now, and shown when the table is on top again."""
        applied = self.night.poll()
        if applied:
            self._covered_moves += applied
            self.saving.autosave()
        self.follow_ups.run()  # the phones hear of them (and of a move made before the cover)

    def _show_results(self) -> None:
        self.results_shown = True
        self.night.stop()  # the game is over: the phones are told and the port is free
        self.app.go.results(self.session)

    # ---- drawing (table_drawing) ------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.follow_ups.drawn()
        buttons = self.status_buttons()
        self.score.give_way(self.app.display, self.status, self.status_text(), buttons)
        self.drawing.draw(surface)
        self.score.draw(surface)

    def tip_at(self, pos: tuple[int, int]) -> str | None:
        return self.drawing.tip_at(pos)

    def draw_rect(self, piece: Piece) -> pygame.Rect:
        return self.pieces.draw_rect(piece)

    def rects_of(self, move: Move) -> list[pygame.Rect]:
        return self.drawing.rects_of(move)

    def banner_room(self, margin: int) -> hint_spot.Room:
        return self.drawing.banner_room(margin)

    @property
    def shown_hold(self) -> RecapHold | None:
        """What the table holds under a recap while one shows or waits (else None)."""
        return self.recap_hold if self.recap_pending else None

    def status_text(self) -> str:
        """The status bar's line: the result, the prompt to the human to move, or who moves."""
        names = self.session.names
        game = self.game
        mover = game.to_move
        if self.reveal is not None:
            return self.reveal.status(names)
        if game.over:
            out = game.outcome()
            return "Game over — " + out.detail.format_map({f"p{i}": n for i, n in enumerate(names)})
        if self.recap.recap is not None:  # play waits for the recap: nobody is thinking
            return f"{self.recap.recap.title} — click to go on"
        if self.acting_human and mover is not None:
            return f"{names[mover]}: {game.prompt()}"
        if mover is not None and self.session.seats[mover].is_phone and self.night.active:
            return self.night.waiting_text(mover)
        if mover is not None and mover in self.ai.bots:
            if self.night.covers_table:  # the AI waits: nobody could see its move
                return self.night.covered_text()
            return f"{names[mover]} is thinking…"
        return f"{names[mover]}'s turn" if mover is not None else ""

    def status_buttons(self) -> list[object]:
        return self.controls.status_buttons()

    def cover(self) -> None:
        self.score.open = False  # a hand-over or another screen: the next look starts clean
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
