"""Which scene follows which: the one module that opens a scene from another.

A scene never imports another scene to go there; it asks the app's :class:`Navigation`
(``self.app.go.table(session)``, ``self.app.go.title()``...), which builds the next scene and
puts it on the stack. So the scenes import no one in a circle (``acyclic-scenes-ai`` in
pyproject.toml checks it), and how the stack changes on each way out is read here.

Each scene's module is imported when the player first goes there, not with the app: the title
screen must be up fast, and the table alone brings the AI worker and game night's aiohttp
server (about 0.2 s). These imports run one way only (the scenes reach this module through
the app, never by importing it), and import-linter counts them, so they hide no circle.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..app import App
    from ..learn import Course, LessonRun
    from ..session import Session
    from .base import Scene


class Navigation:
    """The ways from one scene to the next, for the app's stack (:attr:`App.go`)."""

    def __init__(self, app: App) -> None:
        self.app = app

    # ---- the menus --------------------------------------------------------------------
    def title(self) -> None:
        """Back to the title screen, alone on the stack (a game left, or the results')."""
        from .title import TitleScene

        self.app.reset_to(TitleScene(self.app))

    def setup(self, game_id: str) -> None:
        """The setup form of ``game_id``, over the title screen."""
        from .setup import SetupScene

        self.app.push(SetupScene(self.app, game_id))

    def rules(self, game_id: str) -> None:
        """``game_id``'s rules, over the scene that asked (Esc comes back to it)."""
        from .rules_screen import RulesScene

        self.app.push(RulesScene(self.app, game_id))

    def load(self) -> None:
        from .load import LoadScene

        self.app.push(LoadScene(self.app))

    def stats(self) -> None:
        from .stats import StatsScene

        self.app.push(StatsScene(self.app))

    def settings(self) -> None:
        from .settings import SettingsScene

        self.app.push(SettingsScene(self.app))

    def legend(self, game_id: str) -> None:
        """``game_id``'s keys and marks, over the table that asked (Esc comes back to it)."""
        from .legend import LegendScene

        self.app.push(LegendScene(self.app, game_id))

    def game_menu(self, game_id: str, on_leave: Callable[[], None]) -> None:
        """The table's Menu over the game; ``on_leave`` asks to leave it."""
        from .game_menu import GameMenuScene

        self.app.push(GameMenuScene(self.app, game_id, on_leave))

    # ---- a game -----------------------------------------------------------------------
    def table(self, session: Session, *, alone: bool = False) -> None:
        """The table of ``session`` in the top scene's place (the title's, the setup's), or
        ``alone`` on the stack (from Load, which may be over anything)."""
        from .table import TableScene

        scene = TableScene(self.app, session)
        if alone:
            self.app.reset_to(scene)
        else:
            self.app.replace(scene)

    def rematch(self, results: Scene, session: Session) -> None:
        """A new deal of ``session`` at a new table, in the place of its ``results`` and of the
        finished table under them, so old tables do not pile up below."""
        from .table import TableScene

        scenes = self.app.scenes
        on_its_table = len(scenes) >= 2 and scenes[-1] is results
        if on_its_table and getattr(scenes[-2], "session", None) is session:
            self.app.pop()
        self.app.replace(TableScene(self.app, session.rematch()))

    def results(self, session: Session) -> None:
        """The finished game's results, over its table ("See the table" pops back to it)."""
        from .results import ResultsScene

        self.app.push(ResultsScene(self.app, session))

    def replay(self, session: Session) -> None:
        """A saved game's replay, over Load."""
        from .replay import ReplayScene

        self.app.push(ReplayScene(self.app, session))

    def save_as(self, session: Session) -> None:
        """The name for a copy of the game, over its table."""
        from .save_as import SaveAsScene

        self.app.push(SaveAsScene(self.app, session))

    # ---- learning -----------------------------------------------------------------------
    def learn(self, game_id: str) -> None:
        """*Learn* ``game_id``: its lesson at once, or a chooser (several lessons, or one to
        go on with) over the scene that asked."""
        from .lesson_menu import open_learn

        open_learn(self.app, game_id)

    def lesson_choice(self, course: Course, resumed: LessonRun | None) -> None:
        """Which of ``course``'s lessons (or go on with ``resumed``), over the title."""
        from .lesson_menu import chooser

        self.app.push(chooser(self.app, course, resumed))

    def lesson(self, run: LessonRun) -> None:
        """The table of the lesson ``run``, alone on the stack."""
        from .lesson import LessonScene

        self.app.reset_to(LessonScene(self.app, run))

    def lesson_end(self, run: LessonRun) -> None:
        """The recap of the lesson ``run`` just finished, over its table."""
        from .lesson_menu import lesson_end

        self.app.push(lesson_end(self.app, run))

    def hand_over(self, name: str, on_ready: Callable[[], None]) -> None:
        """Cover the table until ``name`` says they are the one looking; then ``on_ready``."""
        from .handover import HandOverScene

        self.app.push(HandOverScene(self.app, name, on_ready))
