"""The table's Hint button and its preview: "what would Hard play here?" for a human seat.

Asked with the button (or the H key), the hint is worked out by the AI worker while the table
keeps animating; it is then shown as a preview: the move's cards and target outlined on the
table (or the button that makes it), with a banner saying what it is and two buttons to play
it or dismiss it. A hint the working area shows itself (Machiavelli's) gets a banner with its
words and Dismiss. The banner stands where it covers nothing a player reads or plays with
(:mod:`.hint_spot`). Anything played meanwhile makes the hint stale and it disappears.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Protocol

import pygame
import pygame_gui

import rules
from rules import Move

from ..ai.advice import Advice
from ..ai.hint import HintRequest
from ..ai.worker import AIWorker
from ..table import render
from ..table.gestures import WorkingArea
from ..ui.palette import GOLD, PANEL
from . import hint_spot

if TYPE_CHECKING:
    from ..app import App

#: Iteration cap for the hint search; ``None`` uses Hard's time budget (tests set a cap).
HINT_ITERATIONS: int | None = None


class HintHost(Protocol):
    """What the hint needs of the table it sits on (the table scene is one)."""

    app: App
    container: pygame_gui.core.UIContainer | None
    layout_rect: pygame.Rect

    @property
    def game(self) -> rules.Game: ...
    @property
    def acting_human(self) -> bool: ...
    @property
    def worker(self) -> AIWorker: ...
    @property
    def working_area(self) -> WorkingArea | None: ...
    def describe(self, move: Move) -> str: ...
    def play(self, move: Move) -> bool: ...
    def area_changed(self) -> None: ...
    def rects_of(self, move: Move) -> list[pygame.Rect]: ...
    def banner_room(self, margin: int) -> hint_spot.Room: ...


class HintOverlay:
    """Owned by a table (a :class:`HintHost`), which forwards its life cycle here."""

    def __init__(self, scene: HintHost) -> None:
        self.scene = scene
        self.request: HintRequest | None = None
        self.move: Move | None = None
        self.text = ""
        self.button: pygame_gui.elements.UIButton | None = None
        self.play_button: pygame_gui.elements.UIButton | None = None
        self.dismiss_button: pygame_gui.elements.UIButton | None = None
        self.banner: hint_spot.Banner | None = None
        #: The banner only tells (the working area shows the hint): no move, no Play it.
        self.note = False
        self._plies = -1  # how far the game had gone when the hint was asked

    # ---- widgets ----------------------------------------------------------------------
    def build(self, rect: pygame.Rect) -> None:
        """Create the Hint button at ``rect`` (in the status bar)."""
        self.button = pygame_gui.elements.UIButton(
            rect, "Hint", self.scene.app.ui, container=self.scene.container
        )
        self.banner = None
        self.play_button = self.dismiss_button = None
        if self.showing:
            self._show_preview()
        self.sync()

    def sync(self) -> None:
        """After a move, a new viewer or a rebuild: drop a stale hint, show the button only
        to a human who is to move."""
        game = self.scene.game
        if self.request is not None and not self.request.is_for(game):
            self.request.cancel()
            self.request = None
        if self.move is not None and (self.move not in game.legal_moves() or not self._fresh):
            self.dismiss()
        if self.note and not self._fresh:
            self.dismiss()
        if self.button is not None:
            if self.scene.acting_human:
                self.button.show()
                self.button.set_text("Thinking…" if self.request else "Hint")
            else:
                self.button.hide()

    def relayout(self) -> None:
        """The table was laid out anew (a card moved in the working area, a resize): the
        banner finds its spot again, clear of the pieces where they are now."""
        if self.showing and self.scene.container is not None:
            self._show_preview()

    def handle_button(self, element: object) -> bool:
        """True if ``element`` was one of ours (and has been acted on)."""
        if element is None:
            return False
        if element is self.button:
            self.ask()
        elif element is self.play_button:
            self.accept()
        elif element is self.dismiss_button:
            self.dismiss()
        else:
            return False
        return True

    # ---- the hint ---------------------------------------------------------------------
    def ask(self) -> None:
        """Start working out a hint for the human to move (a second ask while one is being
        worked out, or shown, changes nothing)."""
        scene = self.scene
        if not scene.acting_human or self.request is not None or self.move is not None:
            return
        self.dismiss()  # a note from the last hint goes: this one brings its own
        seat = scene.game.to_move
        assert seat is not None
        area = scene.working_area  # Machiavelli: the solver's play, into the working area
        job = area.hint_job() if area is not None else None
        if isinstance(job, str):
            scene.app.toast(job)
            return
        self.request = HintRequest(scene.worker, scene.game, seat, HINT_ITERATIONS, job)
        self._plies = len(scene.game.history)
        self.sync()

    @property
    def pending(self) -> bool:
        return self.request is not None

    @property
    def _fresh(self) -> bool:
        return self._plies == len(self.scene.game.history)

    def update(self) -> None:
        request = self.request
        if request is None or not request.done():
            return
        self.request = None
        if not request.is_for(self.scene.game) or not self.scene.acting_human:
            self.sync()
            return
        try:
            move = request.result()
        except Exception:  # a bot bug must not end the game: say so, play on
            self.scene.app.toast("No hint this time: the AI could not work one out.", kind="error")
            self.sync()
            return
        area = self.scene.working_area
        if request.from_layout and area is not None:  # the working area shows it, says what
            self.text = area.show_hint(move)
            self.scene.area_changed()
            self.note = True
            self._show_preview()
            self.sync()
            return
        advice = move if isinstance(move, Advice) else Advice(move)
        self.move = advice.move
        self.text = "Hint: " + advice.sentence(self.scene.describe)
        self._show_preview()
        self.sync()

    def show(self, move: Move, text: str) -> None:
        """Show ``move`` as the hint, worked out elsewhere (a lesson's intended move)."""
        self.clear()
        self.move, self.text = move, text
        self._plies = len(self.scene.game.history)
        if self.scene.container is not None:
            self._show_preview()
        self.sync()

    def accept(self) -> bool:
        """Play the hinted move; True if it was played."""
        move = self.move
        self.dismiss()
        return move is not None and self.scene.play(move)

    @property
    def panel(self) -> pygame.Rect | None:
        """Where the banner stands, if one shows."""
        return self.banner.rect if self.banner is not None else None

    @property
    def showing(self) -> bool:
        """A banner shows: a hinted move's, or a working area's note."""
        return self.move is not None or self.note

    def dismiss(self) -> None:
        self.move = None
        self.note = False
        self.text = ""
        self.banner = None
        for button in (self.play_button, self.dismiss_button):
            if button is not None:
                button.kill()
        self.play_button = self.dismiss_button = None

    def clear(self) -> None:
        if self.request is not None:
            self.request.cancel()
            self.request = None
        self.dismiss()

    def _show_preview(self) -> None:
        """The banner: the words saying what the move is, Play it and Dismiss (a note has
        Dismiss alone), where it covers nothing a player reads or plays with."""
        scene = self.scene
        d = scene.app.display
        for button in (self.play_button, self.dismiss_button):
            if button is not None:
                button.kill()
        self.play_button = None
        font = render.fonts.get_font(d.font_px(22))
        labels = ["Dismiss"] if self.note else ["Play it", "Dismiss"]
        bw = max(font.size(t)[0] for t in labels) + d.px(36)
        bh = max(d.px(40), d.font_px(22) + d.px(14))
        parts = hint_spot.Parts(font, (bw, bh), len(labels), d.px(14), d.px(10))
        room = scene.banner_room(d.px(8))
        marks = [r.inflate(d.px(24), d.px(24)) for r in self.highlights()]  # and their outlines
        room = dataclasses.replace(room, keep_clear=[*room.keep_clear, *marks])
        self.banner = banner = hint_spot.place(self.text, parts, room)
        if not self.note:
            self.play_button = pygame_gui.elements.UIButton(
                banner.buttons[0],
                "Play it",
                scene.app.ui,
                container=scene.container,
                object_id="#primary",
            )
        self.dismiss_button = pygame_gui.elements.UIButton(
            banner.buttons[-1], "Dismiss", scene.app.ui, container=scene.container
        )

    # ---- drawing ----------------------------------------------------------------------
    def highlights(self) -> list[pygame.Rect]:
        """Where the hinted move shows on the table: its cards, its target zone, or the
        button that makes it."""
        return [] if self.move is None else self.scene.rects_of(self.move)

    def draw(self, surface: pygame.Surface) -> None:
        banner = self.banner
        if not self.showing or banner is None:
            return
        d = self.scene.app.display
        for rect in self.highlights():
            pygame.draw.rect(
                surface, GOLD, rect.inflate(d.px(12), d.px(12)), d.px(4), border_radius=d.px(12)
            )
        render.draw_box(surface, render.Box(banner.rect, PANEL, GOLD, d.px(12), 2))
        size = d.font_px(22)
        step = render.fonts.get_font(size).get_linesize()
        for i, line in enumerate(banner.lines):
            render.draw_text(
                surface,
                render.Text(
                    line,
                    (banner.rect.left + d.px(14), banner.text_top + i * step),
                    size,
                    (240, 234, 216),
                ),
            )
