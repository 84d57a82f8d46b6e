"""A lesson's table: the game's own table, whose other seats play their script and whose
learner's moves go through the lesson (:class:`tabletop.learn.LessonRun`) before the rules.

The learner drags, clicks and uses the keys as in a real game; the move the table resolves is
judged by the lesson: the intended one is played (and animates as usual), another legal one
gets the coach's kind redirect and changes nothing, an illegal one the rules' own sentence.
The other seats' steps follow at a readable pace, the coach saying what happened; finished
tricks and conflicts are held as at any table. *Back* goes back a step; *Next* moves on from
a step that only explains; Hint points at the intended move. Leaving keeps a bookmark
(:mod:`tabletop.learn.marks`); the end shows the recap (:mod:`.lesson_menu`).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from rules import Move

from ..learn import LessonError, LessonRun, Step
from ..learn.marks import keep_mark
from ..learn.play import lesson_session
from ..ui.dialogs import ask
from .lesson_coach import Coach
from .table import TableScene

if TYPE_CHECKING:
    from ..app import App

#: Seconds between the other seats' scripted moves (and after the learner's), at normal speed.
PACE = 1.6


class LessonScene(TableScene):
    """The table of one lesson being played (``run``)."""

    ai_plays = False  # the other seats play their script
    holds_game = False  # nothing to lose: leaving keeps a bookmark

    def __init__(self, app: App, run: LessonRun) -> None:
        self.run = run
        self.coach = Coach(app)
        #: What the other seats' last scripted step said (shown until the learner moves on).
        self.recent: tuple[str, tuple[str, ...]] | None = None
        self.note = ""  # a redirect, shown until the table changes
        self.due_at = 0.0  # when the next scripted step (or the end) may come
        self.ended = False
        self.band = pygame.Rect(0, 0, 0, 0)  # the coach's, over the table (play_area)
        super().__init__(app, lesson_session(run))
        self.saving.enabled = False  # no autosave, no Undo: the lesson has Back and a bookmark
        self.due_at = time.monotonic() + self.pace  # the table is seen before anyone moves
        self._say()

    @property
    def lesson_id(self) -> str:
        return self.run.lesson.id

    def _lock_game(self) -> None:
        """A lesson is no saved game: nothing to lock."""

    # ---- building ---------------------------------------------------------------------
    def build(self) -> None:
        super().build()
        self._hide_save()

    def uncover(self) -> None:
        super().uncover()
        self._hide_save()

    def _hide_save(self) -> None:
        if self.save_button is not None:
            self.save_button.hide()

    def play_area(self, rect: pygame.Rect) -> pygame.Rect:
        """The table under the coach's band (as high as the lesson's longest words need)."""
        d = self.app.display
        margin = d.px(10)
        texts = [step.say for step in self.run.lesson.steps] + [s.redirect for s in self._steps]
        width = rect.w - 2 * margin
        height = self.coach.band_height(width, [t for t in texts if t])
        self.band = pygame.Rect(rect.x + margin, rect.y + margin, width, height)
        return pygame.Rect(rect.x, self.band.bottom, rect.w, rect.bottom - self.band.bottom)

    @property
    def _steps(self) -> tuple[Step, ...]:
        return self.run.lesson.steps

    def refresh(self, animate: bool = True, remote: bool = False) -> None:
        super().refresh(animate, remote)
        self._place_coach()

    def _place_coach(self) -> None:
        if self.container is not None:
            self.coach.place(self.container, self.band)

    # ---- what the coach says ----------------------------------------------------------
    def _say(self) -> None:
        """The coach's words and places for where the lesson is now, laid out."""
        run = self.run
        step = run.step
        back = any(m is None or m == run.lesson.seat for m in run.movers)
        before = ""
        points: tuple[str, ...] = ()
        if step is None:
            text = "That is the end of this lesson."
        elif not run.learners_turn:
            text, points = self.recent or ("Watch the other players' moves.", ())
        else:
            before = self.recent[0] if self.recent else ""
            text, points = step.say, step.point
        if self.note:
            text, before = self.note, ""
        self.coach.say(
            text,
            points,
            before=before,
            next_offered=step is not None and not step.move,
            back_offered=back,
        )
        self._place_coach()

    def status_text(self) -> str:
        """Where the lesson is (the coach says what to do): "First game · step 3 of 20"."""
        run = self.run
        count = len(run.lesson.steps)
        if run.finished:
            return f"{run.lesson.title} · the lesson is over"
        where = f"{run.lesson.title} · step {run.index + 1} of {count}"
        if run.learners_turn:
            return f"{where} — your turn"
        return f"{where} — {super().status_text()}"

    # ---- the learner's moves ----------------------------------------------------------
    def play(self, move: Move) -> bool:
        """The learner's move, judged by the lesson before the rules (see the module)."""
        run = self.run
        step = run.step
        if step is not None and not step.move:
            self.app.toast("Read the coach's words, then press Next.")
            return False
        verdict = run.attempt(move, self.describe)
        if verdict.kind != "played":
            self.input.clear()
            if verdict.kind == "redirect":
                self.note = verdict.text
                self._say()
            else:
                self.app.toast(verdict.text, kind="error")
            self.refresh()  # whatever was dragged glides back: nothing changed
            return False
        self._show_played(self.run.game.history[-1])
        return True

    def _show_played(self, move: Move) -> None:
        """The run played ``move``: the table's session plays it too, and shows it."""
        seat = self.game.to_move
        events = self.session.play(move, seat)
        self.note = ""
        if seat == self.run.lesson.seat:
            self.recent = None
        self._after_move(events, seat)
        self.due_at = time.monotonic() + self.pace
        self._say()

    @property
    def pace(self) -> float:
        speed = self.app.settings.animation_speed
        return PACE / speed if speed > 0 else 0.0

    def next_step(self) -> None:
        """*Next* on a step that only explains."""
        step = self.run.step
        if step is None or step.move:
            return
        self.run.proceed()
        self.note = ""
        self.recent = None
        self.due_at = time.monotonic() + self.pace
        self._say()

    def back_step(self) -> None:
        """*Back*: the table as it was at the learner's previous step."""
        self.run.back()
        fresh = lesson_session(self.run)
        session = self.session
        session.game, session.log, session.movers = fresh.game, fresh.log, fresh.movers
        self.note = ""
        self.recent = None
        self.results_at = None
        self.results_shown = False
        self.hint.clear()
        self.taken_back()
        self.due_at = time.monotonic() + self.pace
        self._say()

    def show_hint(self) -> None:
        """Hint points at the lesson's own move (no AI is asked)."""
        expected = self.run.expected()
        if expected is None or not self.run.learners_turn:
            self.app.toast("Nothing to play now: read the coach, then press Next.")
            return
        self.hint.show(expected, "Hint: " + self.describe(expected))

    # ---- input ------------------------------------------------------------------------
    def on_button(self, element: object) -> None:
        action = self.coach.pressed(element)
        if action == "next":
            self.next_step()
        elif action == "back":
            self.back_step()
        elif element is not None and element is self.hint.button:
            self.show_hint()
        else:
            super().on_button(element)

    def _key(self, event: pygame.event.Event) -> None:
        ctrl = event.mod & pygame.KMOD_CTRL
        if event.key == pygame.K_h:
            self.show_hint()
        elif event.key == pygame.K_z and ctrl:
            self.back_step()
        elif event.key == pygame.K_s and ctrl:
            return  # a lesson is not saved: it keeps a bookmark
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.coach.next_offered:
            self.next_step()
        else:
            super()._key(event)

    def ask_leave(self) -> None:
        if self.leave_dialog is not None and self.leave_dialog.alive():
            return
        self.leave_dialog = ask(
            self.app,
            "Leave the lesson? Learn on the title screen offers to go on from this step.",
            title="Leave the lesson?",
            action="Leave",
            on_yes=self._leave,
        )

    # ---- time -------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self._advance()

    def _advance(self) -> None:
        """Play the other seats' next scripted step when it is due, or show the end."""
        if (
            self.ended
            or self.app.top is not self
            or self.showing_a_moment
            or self.handing_over
            or self.reveal is not None
            or time.monotonic() < self.due_at
        ):
            return
        run = self.run
        if run.finished:
            self._end()
            return
        if run.learners_turn:
            return
        step = run.step
        assert step is not None
        try:
            run.play_other()
        except LessonError as error:  # a broken script: say so rather than crash
            self.app.toast(str(error), kind="error")
            self.ended = True
            return
        self.recent = (step.say, step.point)
        self._show_played(run.game.history[-1])

    def _show_results(self) -> None:
        """The game's end in a lesson: the lesson's recap comes instead of the results."""
        self.results_shown = True

    def _end(self) -> None:
        self.ended = True
        keep_mark(self.run.lesson.game_id, None)  # done: Learn starts afresh next time
        self.app.go.lesson_end(self.run)

    # ---- leaving ----------------------------------------------------------------------
    def leave(self) -> None:
        if not self.run.finished:
            keep_mark(self.run.lesson.game_id, self.run.bookmark())
        super().leave()

    def save_on_terminate(self) -> None:
        if not self.run.finished:
            keep_mark(self.run.lesson.game_id, self.run.bookmark())

    # ---- drawing ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.coach.draw(surface, self.model, self.draw_rect)
