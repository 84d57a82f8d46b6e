"""The scene protocol: each screen handles events, updates and draws itself.

Scenes live on the app's stack. A scene builds its pygame-gui widgets inside its own
container (so covering a scene hides them and a window resize rebuilds them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

if TYPE_CHECKING:
    from ..app import App
    from ..ui.focus import MenuKeys


class Scene:
    #: An opaque scene hides the ones below it (they are not drawn).
    opaque = True
    #: A scene that holds a game in progress asks before the window closes.
    holds_game = False
    #: A scene that paints every pixel itself spares the app a background fill.
    paints_background = False
    #: The sound of an error message while this scene is on top (None: silent).
    error_cue: str | None = None

    def __init__(self, app: App) -> None:
        self.app = app
        self.container: pygame_gui.core.UIContainer | None = None
        #: A menu screen's keyboard focus ring (arrows, Tab, Enter), or None (the scene's own).
        self.menu_keys: MenuKeys | None = None

    # ---- life cycle (called by the app) -------------------------------------------
    def enter(self) -> None:
        self.rebuild()

    def rebuild(self) -> None:
        """(Re)create the widgets for the current window size and profile."""
        self.kill_widgets()
        self.container = pygame_gui.core.UIContainer(
            pygame.Rect((0, 0), self.app.display.size), self.app.ui, starting_height=1
        )
        self.build()

    def kill_widgets(self) -> None:
        if self.container is not None:
            self.container.kill()
            self.container = None

    def leave(self) -> None:
        self.kill_widgets()

    def save_on_terminate(self) -> None:
        """The app is ending on a terminate signal (a logout, a shutdown, ``kill``): keep
        whatever must survive (a game in progress is saved). Default: nothing to keep."""

    def cover(self) -> None:
        if self.container is not None:
            self.container.hide()

    def uncover(self) -> None:
        if self.container is not None:
            self.container.show()

    # ---- what a scene writes --------------------------------------------------------
    def build(self) -> None:
        """Create widgets inside ``self.container``."""

    def handle(self, event: pygame.event.Event) -> None:
        """An event not consumed by a widget. Esc goes back by default."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()

    def back(self) -> None:
        self.app.pop()

    def update(self, dt: float) -> None:
        """Advance animations and timers by ``dt`` seconds."""

    def update_covered(self, dt: float) -> None:
        """Each frame while another scene is on top of this one: most scenes wait."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw what is not a widget (widgets are drawn by the app's UI manager)."""

    def scroll_into_view(self, rect: pygame.Rect) -> None:
        """The keyboard's focus ring moved onto ``rect``: a scene whose page scrolls brings it
        into view. Default: nothing (the whole scene is on the screen)."""

    def toast_floor(self) -> int | None:
        """The lowest y the app's toasts may reach, or None for the window's bottom: a scene
        with controls along the bottom (the replay bar) keeps its messages above them."""
        return None
