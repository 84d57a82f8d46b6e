"""The window, the clock, the scene stack and the display profile."""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from . import autosave, fonts
from .ai.worker import shutdown_shared
from .audio.player import SoundBoard, start_pygame
from .display import MIN_SIZE, Display
from .names import typed_text
from .resources import asset_path
from .scenes.base import Scene
from .scenes.navigation import Navigation
from .setup_memory import SetupMemory
from .storage import (
    Settings,
    cleanup_temp_files,
    describe_os_error,
    load_settings,
    save_settings,
)
from .theme import theme_for
from .ui.dialogs import Modal, Question, ask
from .ui.text import wrap_text
from .ui.tooltips import UIManager

if TYPE_CHECKING:  # the room's module brings aiohttp: the title screen does not wait for it
    from .net.room import NightRoom

BACKGROUND = (22, 48, 36)
FPS = 60


@dataclass
class Toast:
    text: str
    until: float
    kind: str = "info"  # "info" or "error"


#: A TV remote's keys that mean another key (SDL reports a remote's Back as AC_BACK).
REMOTE_KEYS = {pygame.K_AC_BACK: pygame.K_ESCAPE}


def remote_keys(event: pygame.event.Event) -> pygame.event.Event:
    """``event`` with a remote's Back key read as Escape, so it closes a dialog or goes back
    wherever Escape does (a TV with a remote)."""
    if event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key in REMOTE_KEYS:
        attrs = {**event.dict, "key": REMOTE_KEYS[event.key]}
        return pygame.event.Event(event.type, attrs)
    return event


class App:
    """One window, one pygame-gui manager, a stack of scenes."""

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        *,
        fullscreen: bool | None = None,
        profile: str | None = None,
        speed: float | None = None,
        settings: Settings | None = None,
        persist_settings: bool = True,
    ) -> None:
        start_pygame()  # no sound card: no sound, and no error on the console either
        cleanup_temp_files()  # what killed writes left behind (another window's are too young)
        if settings is None:
            settings, warning = load_settings()
        else:
            warning = None
        self.settings = settings
        self.persist_settings = persist_settings
        self.setup_memory = SetupMemory(persist_settings)  # the setup forms' last choices
        # One-off choices (command-line flags) apply to this run only: the settings file keeps
        # what was saved for them unless the player changes them in Settings.
        self.run_only: dict[str, Any] = {}
        for name, value in (
            ("profile", profile or None),
            ("fullscreen", fullscreen),
            ("animation_speed", None if speed is None else max(0.0, speed)),
        ):
            if value is not None:
                self.run_only[name] = getattr(self.settings, name)
                setattr(self.settings, name, value)
        self.sound = SoundBoard(self.settings)
        self.windowed_size = size or (self.settings.window_width, self.settings.window_height)
        self.screen = self._open_window()
        pygame.display.set_caption("tabletop")
        _set_window_icon()
        self.display = Display(*self.screen.get_size(), profile=self.settings.profile)
        self.ui = UIManager(self.display.size, theme_for(self.display))
        self.scenes: list[Scene] = []
        #: Where the scenes go from one to the next (a scene never imports another).
        self.go = Navigation(self)
        #: The evening's game-night room, once a game night has started (its server and its
        #: players' links outlive a game: tabletop.net.room).
        self.night_room: NightRoom | None = None
        self.clock = pygame.time.Clock()
        self.running = True
        self.terminated = False  # set by SIGTERM: the games open are saved, the app ends
        _end_on_sigterm(self)
        self.exit_code = 0
        self.toasts: list[Toast] = []
        self.toast_rects: list[pygame.Rect] = []  # where the last frame drew them
        self.frame = 0
        self.quit_dialog: Question | None = None
        #: The open modal dialogs, oldest first (see tabletop.ui.dialogs).
        self.modals: list[Modal] = []
        self.on_frame: Callable[[App], None] | None = None
        if warning:
            self.toast(warning, kind="error", seconds=8)

    # ---- window ---------------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        if self.settings.fullscreen and os.environ.get("SDL_VIDEODRIVER") != "dummy":
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        w, h = self.windowed_size
        return pygame.display.set_mode((max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1])), pygame.RESIZABLE)

    def set_fullscreen(self, on: bool) -> None:
        self.settings.fullscreen = on
        self.screen = self._open_window()
        self._relayout()

    def set_profile(self, profile: str) -> None:
        self.settings.profile = profile
        self._relayout()

    def resize(self, size: tuple[int, int]) -> None:
        if size == self.display.size:
            return
        if not self.settings.fullscreen:
            self.windowed_size = size
            self.settings.window_width, self.settings.window_height = size
        surface = pygame.display.get_surface()
        if surface is None or surface.get_size() != size:
            # A resize asked for by code (or a driver that does not resize by itself).
            surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.screen = surface
        self._relayout()

    def _relayout(self) -> None:
        """New size or profile: a new theme and every scene's widgets built again."""
        self.display = Display(*self.screen.get_size(), profile=self.settings.profile)
        for scene in self.scenes:
            scene.kill_widgets()
        self.ui = UIManager(self.display.size, theme_for(self.display))
        for scene in self.scenes:
            scene.rebuild()
            scene.cover()
        if self.scenes:
            self.scenes[-1].uncover()
        # Open dialogs lived in the old manager: each is built again in the new one, over the
        # scenes, with its question and answers (it would otherwise vanish yet count as open).
        for modal in list(self.modals):
            modal.reopen()

    def setting_chosen(self, name: str) -> None:
        """The player chose setting ``name`` (in Settings): it is saved from now on, even if a
        command-line flag set it for this run."""
        self.run_only.pop(name, None)

    def save_settings(self) -> None:
        if self.persist_settings:
            try:
                save_settings(replace(self.settings, **self.run_only))
            except OSError as err:
                self.toast(f"Settings could not be saved: {describe_os_error(err)}.", kind="error")

    # ---- scene stack ----------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].cover()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> None:
        if not self.scenes:
            return
        self.scenes.pop().leave()
        if self.scenes:
            self.scenes[-1].uncover()
        else:
            self.running = False

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().leave()
        self.push(scene)

    def reset_to(self, scene: Scene) -> None:
        """Empty the stack and show ``scene`` (e.g. back to the title screen)."""
        while self.scenes:
            self.scenes.pop().leave()
        self.push(scene)

    # ---- messages -------------------------------------------------------------------
    def toast(self, text: str, *, kind: str = "info", seconds: float = 3.5) -> None:
        self.toasts = [t for t in self.toasts if t.text != text][-2:]
        self.toasts.append(Toast(text, time.monotonic() + seconds, kind))
        if kind == "error" and self.top is not None:
            self.sound.play(self.top.error_cue)  # at the table: a move refused

    # ---- quitting -------------------------------------------------------------------
    def request_quit(self) -> None:
        """Closing the window never loses a game in progress without asking."""
        holding = [s for s in self.scenes if s.holds_game]
        if holding:
            # Games with a human seat are saved after every move; AI-only games are not.
            saved = any(getattr(getattr(s, "session", None), "humans", None) for s in holding)
            note = (
                "It is saved: Continue on the title screen resumes it."
                if saved
                else "The game will be lost."
            )
            if self.quit_dialog is None or not self.quit_dialog.alive():
                self.quit_dialog = ask(
                    self,
                    f"A game is in progress. Quit now? {note}",
                    title="Quit tabletop?",
                    action="Quit",
                    on_yes=self._quit_now,
                )
            return
        self.running = False

    def _quit_now(self) -> None:
        self.running = False

    # ---- dialogs --------------------------------------------------------------------
    @property
    def top_modal(self) -> Modal | None:
        """The open dialog in front (the last opened: each opens over the ones before)."""
        alive = [m for m in self.modals if m.alive()]
        return max(alive, key=lambda m: m.window.layer) if alive else None

    def _modal_event(self, event: pygame.event.Event) -> bool:
        """Dialog answers and keys while a dialog is open. True: the event is used up."""
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED:
            for modal in list(self.modals):
                if modal.owns(event.ui_element) and isinstance(modal, Question):
                    modal.answer_yes()
                    return True
        elif event.type == pygame_gui.UI_WINDOW_CLOSE:
            for modal in list(self.modals):
                if event.ui_element is modal.window:
                    modal.window_closed()
                    return True
        elif event.type == pygame.KEYDOWN:
            top = self.top_modal
            if top is None:
                return False
            if event.key == pygame.K_ESCAPE:
                # Escape closes the dialog in front as Cancel, and does nothing else.
                top.cancel()
                return True
            if not top.key(event):
                # A key the dialog leaves to its widgets (the file chooser's path field types);
                # the scene below never sees it.
                self.ui.process_events(event)
            return True
        return False

    # ---- the loop -------------------------------------------------------------------
    def step(self, dt: float) -> None:
        """One frame: events, update, draw (tests call this directly)."""
        for event in pygame.event.get():
            self.dispatch(event)
        scene = self.top
        for below in self.scenes[:-1]:
            below.update_covered(dt)  # e.g. a game night's phones play on under the rules
        if scene is not None:
            scene.update(dt)
        self.ui.update(dt)
        # pygame-gui 0.6.14 appends a dirty rect to its group's ``lostsprites`` for every
        # element killed and never reads or clears the list: ~120 rects a game, kept forever
        # (bench_game_night's memory check, tracemalloc).
        self.ui.get_sprite_group().lostsprites.clear()
        self.draw()
        self.frame += 1
        if self.on_frame is not None:
            self.on_frame(self)

    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.request_quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return
        event = remote_keys(event)
        if self._modal_event(event):
            return
        if event.type == pygame.TEXTINPUT:
            # Every text field, pygame-gui's own too (the file picker's), gets only text it
            # can hold: a lone surrogate or a zero-width character alone would crash it.
            text = typed_text(str(getattr(event, "text", "")))
            if not text:
                return
            if text != event.text:
                event = pygame.event.Event(pygame.TEXTINPUT, text=text)
        consumed = self.ui.process_events(event)
        if consumed or self.top is None:
            return
        keys = self.top.menu_keys
        if keys is not None and keys.handle(event):
            return
        self.top.handle(event)

    def draw(self) -> None:
        first = len(self.scenes) - 1
        while first > 0 and not self.scenes[first].opaque:
            first -= 1
        if not self.scenes or not self.scenes[max(first, 0)].paints_background:
            self.screen.fill(BACKGROUND)
        for scene in self.scenes[max(first, 0) :]:
            scene.draw(self.screen)
        self.ui.draw_ui(self.screen)
        top = self.top
        if top is not None and top.menu_keys is not None and self.top_modal is None:
            top.menu_keys.draw(self.screen)  # over the widgets, under any dialog
        modal = self.top_modal
        if modal is not None:
            modal.draw_focus(self.screen)  # the dialog in front's own ring (the file chooser)
        self._draw_toasts()
        pygame.display.flip()

    def _draw_toasts(self) -> None:
        now = time.monotonic()
        self.toasts = [t for t in self.toasts if t.until > now]
        d = self.display
        y = d.height - d.px(40)
        floor = self.top.toast_floor() if self.top is not None else None
        if floor is not None:
            y = min(y, floor - d.px(12))
        self.toast_rects = []
        for toast in reversed(self.toasts):
            font = fonts.get_font(d.font_px(24), "sans-bold" if toast.kind == "error" else "sans")
            lines = wrap_text(toast.text, font, min(d.width - d.px(80), d.px(1100)))
            pad = d.px(16)
            h = len(lines) * font.get_linesize() + 2 * pad
            w = max(font.size(line)[0] for line in lines) + 2 * pad
            rect = pygame.Rect(0, 0, w, h)
            rect.midbottom = (d.width // 2, y)
            bg = (120, 30, 30, 235) if toast.kind == "error" else (20, 28, 24, 235)
            box = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(box, bg, box.get_rect(), border_radius=d.px(12))
            pygame.draw.rect(box, (232, 198, 106), box.get_rect(), 2, border_radius=d.px(12))
            self.screen.blit(box, rect)
            self.toast_rects.append(rect)
            for i, line in enumerate(lines):
                text = font.render(line, True, (250, 245, 230))
                self.screen.blit(text, (rect.x + pad, rect.y + pad + i * font.get_linesize()))
            y = rect.top - d.px(10)

    def run(self, max_frames: int | None = None) -> int:
        while self.running and self.scenes:
            dt = self.clock.tick(FPS) / 1000.0
            self.step(min(dt, 0.1))
            if max_frames is not None and self.frame >= max_frames:
                break
        if self.terminated:
            for scene in self.scenes:
                scene.save_on_terminate()
        autosave.flush()  # every autosave handed over is on disk before the app ends
        self.save_settings()
        return self.exit_code

    def quit(self) -> None:
        for scene in reversed(self.scenes):
            scene.leave()
        self.scenes.clear()
        autosave.flush()
        # Here, not at the top: the painter's module brings game night's aiohttp server
        # (about 0.2 s), which the title screen should not wait for.
        from .table import card_painter

        shutdown_shared()
        if self.night_room is not None:
            self.night_room.close()  # the evening is over: the phones are told
        card_painter.shared().shutdown()
        fonts.clear_cache()
        pygame.quit()


def _end_on_sigterm(app: App) -> None:
    """SIGTERM (a logout, a shutdown, ``kill``) ends the app at the end of the frame, even
    mid-game, without asking "Quit now?" (no one is there to answer): the games open are saved
    (:meth:`Scene.save_on_terminate`) and the app exits with code 0."""
    if not hasattr(signal, "SIGTERM"):
        return

    def stop(_signum: int, _frame: object) -> None:
        app.terminated = True
        app.running = False

    with contextlib.suppress(ValueError, OSError):  # not the main thread: SDL's handler stays
        signal.signal(signal.SIGTERM, stop)


def _set_window_icon() -> None:
    """The app icon in the title bar and task switcher (a missing file only loses the icon)."""
    with contextlib.suppress(pygame.error, FileNotFoundError):
        pygame.display.set_icon(pygame.image.load(str(asset_path("icons", "tabletop.png"))))
