"""Learn's small panels: which lesson to take (or to go on with the one left), and a lesson's
end (its recap, a real game against Easy AI, the next lesson, the title screen).

Both are a panel over the scene below (the title screen, the lesson's table): a heading, a
few lines of text and a column of buttons, walked by the keyboard like any menu.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UIButton

import rules

from .. import games
from ..learn import Course, Lesson, LessonRun
from ..learn.marks import mark_for
from ..learn.play import real_game_session
from ..table import render
from ..ui.focus import MenuKeys
from ..ui.menu import line_height, wrap_for
from ..ui.palette import CREAM, GOLD, MENU_PANEL
from .base import Scene

if TYPE_CHECKING:
    from ..app import App


@dataclass(frozen=True)
class Choice:
    label: str
    act: Callable[[], None]
    primary: bool = False


def open_learn(app: App, game_id: str) -> None:
    """*Learn* for ``game_id``: its only lesson at once; otherwise (several lessons, or one
    left half-way) a chooser. A game without lessons is told so."""
    course = games.course_for(game_id)
    if course is None or not course.lessons:
        app.toast(f"{rules.GAMES[game_id].title} has no lessons yet.")
        return
    mark = mark_for(game_id)
    resumed = LessonRun.resume({game_id: course}, mark) if mark is not None else None
    if resumed is None and len(course.lessons) == 1:
        app.go.lesson(LessonRun(course, course.lessons[0]))
        return
    app.go.lesson_choice(course, resumed)


class PanelScene(Scene):
    """A heading, lines of text and a column of buttons in a panel over the scene below."""

    opaque = False

    def __init__(self, app: App, heading: str, lines: list[str], choices: list[Choice]) -> None:
        super().__init__(app)
        self.menu_keys = MenuKeys(self)
        self.heading = heading
        self.lines = lines
        self.choices = choices
        self.buttons: dict[str, UIButton] = {}
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._text: list[tuple[str, int, str]] = []  # each line: words, y, its theme id

    def build(self) -> None:
        app, d = self.app, self.app.display
        root = self.container
        assert root is not None
        width = min(d.px(820), d.width - 2 * d.px(40))
        pad, btn_h, gap = d.px(32), d.px(56), d.px(12)
        inner = width - 2 * pad
        head_h, body_h = line_height(app, "#game_name"), line_height(app, "#pitch")
        text: list[tuple[str, str]] = [(self.heading, "#game_name")]
        for i, paragraph in enumerate(self.lines):
            if i and paragraph[:1] != "•" and self.lines[i - 1][:1] == "•":
                text.append(("", "gap"))  # the list, then what comes after it
            text += [(line, "#pitch") for line in wrap_for(app, "#pitch", paragraph, inner)]
        heights = {"#game_name": head_h, "#pitch": body_h, "gap": body_h // 2}
        text_h = sum(heights[kind] for _, kind in text)
        height = 2 * pad + text_h + d.px(20) + len(self.choices) * (btn_h + gap) - gap
        self.panel = pygame.Rect(0, 0, width, min(height, d.height - d.px(20)))
        self.panel.center = (d.width // 2, d.height // 2)
        y = self.panel.top + pad
        self._text = []
        for line, kind in text:
            self._text.append((line, y, kind))
            y += heights[kind]
        y += d.px(20)
        self.buttons = {}
        for choice in self.choices:
            self.buttons[choice.label] = UIButton(
                pygame.Rect(self.panel.left + pad, y, inner, btn_h),
                choice.label,
                app.ui,
                container=root,
                object_id="#primary" if choice.primary else "#big_button",
            )
            y += btn_h + gap

    def handle(self, event: pygame.event.Event) -> None:
        import pygame_gui

        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for choice in self.choices:
                if event.ui_element is self.buttons.get(choice.label):
                    choice.act()
                    return
        super().handle(event)

    def press(self, label: str) -> None:
        """As if the button ``label`` were pressed (tests, the selftest)."""
        next(c for c in self.choices if c.label == label).act()

    def draw(self, surface: pygame.Surface) -> None:
        d = self.app.display
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surface.blit(shade, (0, 0))
        render.draw_box(surface, render.Box(self.panel, MENU_PANEL, GOLD, d.px(14), 2))
        for line, y, kind in self._text:
            if not line:
                continue
            size = d.font_px(30) if kind == "#game_name" else d.font_px(22)
            colour = GOLD if kind == "#game_name" else CREAM
            render.draw_text(
                surface, render.Text(line, (self.panel.left + d.px(32), y), size, colour)
            )


def chooser(app: App, course: Course, resumed: LessonRun | None) -> PanelScene:
    """Which lesson: going on with the one left (if any), or any lesson from its start."""
    title = rules.GAMES[course.game_id].title
    lines: list[str] = []
    choices: list[Choice] = []
    if resumed is not None:
        count = len(resumed.lesson.steps)
        lines.append(
            f"You left “{resumed.lesson.title}” at step {resumed.index + 1} of {count}. "
            "Go on from there, or start a lesson over."
        )
        choices.append(Choice(f"Go on: {resumed.lesson.title}", _start(app, resumed), True))
    else:
        lines.append("Choose a lesson; the first teaches the whole game.")

    def begin(lesson: Lesson) -> Callable[[], None]:
        return lambda: app.go.lesson(LessonRun(course, lesson))

    for i, lesson in enumerate(course.lessons):
        again = resumed is not None and resumed.lesson.id == lesson.id
        label = f"Start over: {lesson.title}" if again else lesson.title
        choices.append(Choice(label, begin(lesson), resumed is None and i == 0))
    choices.append(Choice("Cancel", app.pop))
    return PanelScene(app, f"Learn {title}", lines, choices)


def _start(app: App, run: LessonRun) -> Callable[[], None]:
    return lambda: app.go.lesson(run)


def lesson_end(app: App, run: LessonRun) -> PanelScene:
    """The end of a lesson: what was learnt, then a real game, the next lesson or the title."""
    lesson, course = run.lesson, run.course
    lines = [f"• {item}" for item in lesson.recap]
    lines.append("Now play a real game against the computer (Easy), with the same seats.")
    choices = [Choice("Play a real game", lambda: play_real_game(app, run), True)]
    ids = [x.id for x in course.lessons]
    following = course.lessons[ids.index(lesson.id) + 1 :] if lesson.id in ids else ()
    if following:
        after = following[0]
        choices.append(
            Choice(
                f"Next lesson: {after.title}",
                lambda: app.go.lesson(LessonRun(course, after)),
            )
        )
    choices.append(Choice("Back to title", app.go.title))
    return PanelScene(app, f"Lesson learnt: {lesson.title}", lines, choices)


def play_real_game(app: App, run: LessonRun) -> None:
    """A real game against Easy AI with the lesson's seats and names."""
    app.go.table(real_game_session(run), alone=True)
