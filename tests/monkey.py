"""A GUI monkey: random mouse, keys, text and window sizes, posted to a headless App
as the window would deliver them, frames stepped in between. Test-only code, never shipped.

Clicks are biased towards what is on the screen (pygame-gui buttons, text fields, check boxes,
list rows; the table's pieces and zones, and the targets a picked piece lights up), so the
monkey actually plays, opens every screen and types into every field. Whatever escapes
``App.step``, and every error the app tells the player about that should never happen with a
private, healthy data folder (a save or the statistics that could not be written or read, an AI
that could not decide), is a finding. At the end the data folder is checked too: every save the
app wrote loads and replays, and the statistics file reads.

Used by tests/test_gui_monkey.py (short, seeded, default run) and
tests/benchmarks/bench_gui_monkey.py (long, ``--minutes N``).
"""

from __future__ import annotations

import logging
import random
import re
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
from pygame_gui.elements import (
    UIButton,
    UICheckBox,
    UITextEntryBox,
    UITextEntryLine,
    UIWindow,
)

import rules
from tabletop.app import App
from tabletop.session import HUMAN, SeatConfig

DT = 1 / 60
SLOW_FRAME_MS = 250.0
#: Where a run begins: the title screen (then the game's setup), a table of one human and AI
#: seats, or a hot-seat table of humans only.
STARTS = ("title", "one human", "hot seat")
MIN_W, MIN_H = 1280, 720
MAX_W, MAX_H = 3840, 2160

#: Characters that like to break text handling: zero-width, BOM, lone surrogates, NUL, RTL and
#: other direction marks, combining marks, emoji (with joiners and modifiers), a newline.
NASTY = [
    "\u200b",
    "\u200c",
    "\u200d",
    "\ufeff",
    "\ud800",
    "\udfff",
    "\ud83c",
    "\x00",
    "\u200f",
    "\u202e",
    "\u2066",
    "\u0301",
    "\u0336",
    "🎲",
    "👩\u200d👩\u200d👧",
    "👍🏽",
    "🏳️\u200d🌈",
    "\n",
    "\t",
    "\r",
    "\x7f",
    "\uffff",
    "𝔘",
    "ﷺ",
    "ǅ",
    "%s",
    "{p0}",
    "{",
    "}",
    "\\",
    '"',
    "/../",
    "..",
    "<b>",
    "&amp;",
    "♠♥♦♣",
    "يقرأ",
    "שלום",
    "漢字",
]
PLAIN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .-_'"

KEYS = [
    pygame.K_TAB,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_RETURN,
    pygame.K_KP_ENTER,
    pygame.K_ESCAPE,
    pygame.K_SPACE,
    pygame.K_BACKSPACE,
    pygame.K_DELETE,
    pygame.K_HOME,
    pygame.K_END,
    pygame.K_PAGEUP,
    pygame.K_PAGEDOWN,
    pygame.K_h,
    pygame.K_z,
    pygame.K_s,
    pygame.K_a,
    pygame.K_c,
    pygame.K_v,
    pygame.K_x,
    pygame.K_0,
    pygame.K_9,
    *[pygame.K_F1 + i for i in range(12)],
]
MODS = [
    0,
    0,
    0,
    pygame.KMOD_LCTRL,
    pygame.KMOD_LSHIFT,
    pygame.KMOD_LALT,
    pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT,
]

#: An error toast with one of these in it means the app failed, not the player (the monkey's
#: data folder is private and healthy: nothing there may fail to write, read or replay).
FAILURE_TOAST = re.compile(
    r"could not|cannot be (read|opened|replayed)|not a tabletop save|kept as|edited|"
    r"format number|\.json|\.corrupt",
    re.IGNORECASE,
)


@dataclass
class Finding:
    """Something that went wrong: an exception (with its traceback) or an error message."""

    kind: str  # "exception", "thread exception", "logged error", "error toast", "freeze", "data"
    summary: str
    detail: str
    scene: str
    step: int

    @property
    def key(self) -> str:
        """What makes two findings the same bug (the exception and where it was raised)."""
        if self.kind in ("exception", "thread exception"):
            frames = [line for line in self.detail.splitlines() if line.strip().startswith("File")]
            return f"{self.summary.split(':')[0]} @ {frames[-1].strip() if frames else '?'}"
        return f"{self.kind}: {re.sub(r'[0-9]+', 'N', self.summary)[:120]}"


@dataclass
class MonkeyStats:
    events: int = 0
    frames: int = 0
    steps: int = 0
    scenes: Counter[str] = field(default_factory=Counter)
    dialogs: Counter[str] = field(default_factory=Counter)
    moves: int = 0
    games_finished: int = 0
    resizes: int = 0
    restarts: int = 0
    slowest_frame_ms: float = 0.0
    slowest_frame_scene: str = ""
    slow_frames: int = 0  # frames over SLOW_FRAME_MS
    slowest: list[tuple[float, str]] = field(default_factory=list)  # the 10 slowest, in ms
    findings: list[Finding] = field(default_factory=list)

    def merge(self, other: MonkeyStats) -> None:
        for name in ("events", "frames", "steps", "moves", "games_finished", "resizes"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.restarts += other.restarts
        self.slow_frames += other.slow_frames
        self.slowest = sorted(self.slowest + other.slowest, reverse=True)[:10]
        if other.slowest_frame_ms > self.slowest_frame_ms:
            self.slowest_frame_ms = other.slowest_frame_ms
            self.slowest_frame_scene = other.slowest_frame_scene
        self.scenes.update(other.scenes)
        self.dialogs.update(other.dialogs)
        self.findings += other.findings

    @property
    def visited(self) -> set[str]:
        return set(self.scenes) | {f"dialog: {d}" for d in self.dialogs}


def random_text(rng: random.Random) -> str:
    """Text a player (or a clipboard, or a broken input method) might send in one go."""
    roll = rng.random()
    if roll < 0.08:  # very long
        unit = rng.choice([*NASTY, "x", "Wé", "🎲"])
        return unit * rng.randint(200, 4000)
    if roll < 0.15:
        return rng.choice(NASTY)
    n = rng.randint(1, 24)
    return "".join(rng.choice(NASTY) if rng.random() < 0.3 else rng.choice(PLAIN) for _ in range(n))


def _visible(element: Any) -> bool:
    """Shown on the screen: alive, visible, and so are all the containers it is in."""
    node = element
    seen = 0
    while node is not None and seen < 50:
        if not getattr(node, "visible", True):
            return False
        if hasattr(node, "alive") and not node.alive():
            return False
        node = getattr(node, "ui_container", None)
        seen += 1
    return True


class Monkey:
    """Random input for one App, from one seeded ``random.Random``."""

    def __init__(
        self,
        app: App,
        rng: random.Random,
        *,
        resize_every: int = 150,
        freeze_s: float | None = None,
        on_finding: Callable[[Finding], None] | None = None,
    ) -> None:
        self.app = app
        self.freeze_s = freeze_s  # a frame longer than this is a finding (None: never)
        self.rng = rng
        self.resize_every = resize_every
        self.on_finding = on_finding
        self.stats = MonkeyStats()
        self.held = False  # the left button is down (a drag in progress)
        self._pos = (app.display.width // 2, app.display.height // 2)
        self._seen_sessions: dict[int, int] = {}  # id(session) -> moves seen
        self._finished: set[int] = set()
        self._thread_errors: list[tuple[str, str]] = []
        self._posted: list[str] = []  # the events posted since the last frame, by name
        self.importing_outside = False  # importing a file from outside the data folder
        self._wrap_toasts()

    # ---- watching the app -------------------------------------------------------------
    def _wrap_toasts(self) -> None:
        app = self.app
        original = app.toast
        monkey = self

        def toast(text: str, *, kind: str = "info", seconds: float = 3.5) -> None:
            if kind == "error" and FAILURE_TOAST.search(text) and not monkey.importing_outside:
                monkey.record("error toast", text, "".join(traceback.format_stack(limit=12)))
            original(text, kind=kind, seconds=seconds)

        app.toast = toast  # type: ignore[method-assign]

    @contextmanager
    def _imports_watched(self) -> Iterator[None]:
        """While the monkey runs: a file it picked in the Import chooser outside the private
        data folder (a dotfile in the home folder, say) is refused with an error toast: the
        player's doing, the app working, not failing."""
        from tabletop.scenes.load import LoadScene
        from tabletop.storage import data_dir

        original = LoadScene.import_file
        monkey = self

        def import_file(scene: LoadScene, path: Path) -> None:
            outside = data_dir().resolve() not in Path(path).resolve().parents
            monkey.importing_outside = outside
            try:
                original(scene, path)
            finally:
                monkey.importing_outside = False

        LoadScene.import_file = import_file  # type: ignore[method-assign]
        try:
            yield
        finally:
            LoadScene.import_file = original  # type: ignore[method-assign]

    def _scene_name(self) -> str:
        top = self.app.top
        return type(top).__name__ if top is not None else "(none)"

    def record(self, kind: str, summary: str, detail: str) -> None:
        finding = Finding(kind, summary, detail, self._scene_name(), self.stats.steps)
        self.stats.findings.append(finding)
        if self.on_finding is not None:
            self.on_finding(finding)

    def _observe(self) -> None:
        self.stats.scenes[self._scene_name()] += 1
        for window in self._windows():
            title = getattr(window, "window_display_title", "") or type(window).__name__
            self.stats.dialogs[f"{type(window).__name__} “{title}”"] += 1
        for scene in self.app.scenes:
            session = getattr(scene, "session", None)
            game = getattr(session, "game", None)
            if game is None:
                continue
            key = id(session)
            played = len(game.history)
            before = self._seen_sessions.get(key, played)
            if played > before:
                self.stats.moves += played - before
            self._seen_sessions[key] = played
            if game.over and key not in self._finished and type(scene).__name__ == "TableScene":
                self._finished.add(key)
                self.stats.games_finished += 1

    def _windows(self) -> list[UIWindow]:
        stack = self.app.ui.get_window_stack().get_full_stack()
        return [w for w in stack if isinstance(w, UIWindow) and w.alive() and w.visible]

    # ---- one frame ----------------------------------------------------------------------
    def frame(self, n: int = 1) -> bool:
        """Step ``n`` frames; False if an exception escaped (it is recorded)."""
        for _ in range(n):
            scene = self._context()
            self._posted = []
            began = time.perf_counter()
            try:
                self.app.step(DT)
            except Exception as err:  # every one is a finding: record it, the caller decides
                self.record("exception", f"{type(err).__name__}: {err}"[:300], _format(err))
                return False
            ms = (time.perf_counter() - began) * 1000
            if ms > self.stats.slowest_frame_ms:
                self.stats.slowest_frame_ms = ms
                self.stats.slowest_frame_scene = scene
            if ms > SLOW_FRAME_MS:
                self.stats.slow_frames += 1
                slowest = self.stats.slowest
                if len(slowest) < 10 or ms > slowest[-1][0]:
                    self.stats.slowest = sorted([*slowest, (ms, scene)], reverse=True)[:10]
            if self.freeze_s is not None and ms > self.freeze_s * 1000:
                self.record("freeze", f"one frame took {ms / 1000:.1f} s on {scene}", "")
            self.stats.frames += 1
            self._observe()
            if self._thread_errors:
                for summary, detail in self._thread_errors:
                    kind = "logged error" if summary.startswith("logged") else "thread exception"
                    self.record(kind, summary, detail)
                self._thread_errors.clear()
        return True

    def post(self, event_type: int, **attrs: Any) -> None:
        event = pygame.event.Event(event_type, **attrs)
        pygame.event.post(event)
        self.stats.events += 1
        text = attrs.get("text")
        self._posted.append(
            pygame.event.event_name(event_type)
            + (f"({len(text)} chars)" if isinstance(text, str) else "")
        )

    def _context(self) -> str:
        """Where the app is, for a report: the scene, the window, dialogs, events this frame."""
        w, h = self.app.display.size
        dialogs = [getattr(d, "window_display_title", "") for d in self._windows()]
        where = f"{self._scene_name()} at {w}×{h}"
        if dialogs:
            where += f" under {', '.join(dialogs)}"
        if self._posted:
            where += f" after {', '.join(self._posted[-4:])}"
        return where

    # ---- where to point -------------------------------------------------------------------
    def targets(self) -> list[tuple[str, Any]]:
        """What is worth pointing at now: widgets on top, then the table's pieces and zones."""
        windows = self._windows()
        blocking = [w for w in windows if getattr(w, "is_blocking", False)]
        scope = blocking[-1:] or None
        out: list[tuple[str, Any]] = []
        for element in self.app.ui.get_sprite_group().sprites():
            if not isinstance(element, UIButton | UITextEntryLine | UICheckBox | UITextEntryBox):
                continue
            if scope is not None and not _inside(element, scope[0]):
                continue
            if _visible(element) and element.rect.w > 0 and element.rect.h > 0:
                out.append(("widget", element))
        if scope is None:
            model = getattr(self.app.top, "model", None)
            if model is not None:
                out += [("piece", p) for p in getattr(model, "pieces", [])]
                out += [("zone", z) for z in getattr(model, "zones", [])]
        return out

    def random_point(self) -> tuple[int, int]:
        w, h = self.app.display.size
        return (self.rng.randrange(-20, w + 20), self.rng.randrange(-20, h + 20))

    def _point_in(self, rect: pygame.Rect) -> tuple[int, int]:
        r = rect.clip(pygame.Rect((0, 0), self.app.display.size))
        if r.w <= 0 or r.h <= 0:
            return rect.center
        if self.rng.random() < 0.6:
            return r.center
        return (self.rng.randrange(r.left, r.right), self.rng.randrange(r.top, r.bottom))

    def aim(self) -> tuple[int, int]:
        """A point on a widget, a piece or a zone (a kind first, so a table of a hundred
        cards does not hide its few buttons), now and then anywhere at all."""
        by_kind: dict[str, list[Any]] = {}
        for kind, thing in self.targets():
            by_kind.setdefault(kind, []).append(thing)
        if by_kind and self.rng.random() < 0.85:
            kinds = sorted(by_kind)
            weights = [3 if kind == "widget" else 1 for kind in kinds]
            kind = self.rng.choices(kinds, weights)[0]
            return self._point_in(self.rng.choice(by_kind[kind]).rect)
        return self.random_point()

    # ---- gestures -------------------------------------------------------------------------
    def move_to(self, pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> None:
        rel = (pos[0] - self._pos[0], pos[1] - self._pos[1])
        self._pos = pos
        pygame.mouse.set_pos(pos)
        self.post(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=buttons, touch=False)

    def press(self, pos: tuple[int, int], button: int = 1) -> None:
        self.move_to(pos)
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False)
        if button == 1:
            self.held = True

    def release(self, pos: tuple[int, int], button: int = 1) -> None:
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False)
        if button == 1:
            self.held = False

    def click(self, pos: tuple[int, int], button: int = 1, frames: int = 2) -> bool:
        self.press(pos, button)
        if not self.frame(1):
            return False
        self.release(pos, button)
        return self.frame(frames)

    def drag(self, start: tuple[int, int], end: tuple[int, int]) -> bool:
        self.press(start)
        if not self.frame(1):
            return False
        steps = self.rng.randint(2, 8)
        for i in range(1, steps + 1):
            pos = (
                start[0] + (end[0] - start[0]) * i // steps + self.rng.randint(-3, 3),
                start[1] + (end[1] - start[1]) * i // steps + self.rng.randint(-3, 3),
            )
            self.move_to(pos, (1, 0, 0))
            if self.rng.random() < 0.5 and not self.frame(1):
                return False
        if self.rng.random() < 0.05:  # let go outside the window
            end = (-5, -5)
        self.release(end)
        return self.frame(2)

    def key(self, key: int, mod: int = 0) -> bool:
        name = pygame.key.name(key)
        char = name if len(name) == 1 and not mod & pygame.KMOD_CTRL else ""
        if key == pygame.K_SPACE:
            char = " "
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            char = "\r"
        elif key == pygame.K_TAB:
            char = "\t"
        scancode = (
            pygame.key.get_scancode_from_key(key)
            if hasattr(pygame.key, "get_scancode_from_key")
            else 0
        )
        attrs = {"key": key, "mod": mod, "unicode": char, "scancode": scancode}
        self.post(pygame.KEYDOWN, **attrs)
        if not self.frame(1):
            return False
        self.post(pygame.KEYUP, **attrs)
        return self.frame(1)

    def type_text(self, text: str) -> bool:
        self.post(pygame.TEXTEDITING, text=text[:32], start=0, length=len(text[:32]))
        self.post(pygame.TEXTINPUT, text=text)
        return self.frame(self.rng.randint(1, 2))

    def wheel(self) -> bool:
        pos = self.aim()
        self.move_to(pos)
        dy = self.rng.choice([-3, -1, -1, 1, 1, 3, 10, -10])
        dx = self.rng.choice([0, 0, 0, 1, -1])
        self.post(
            pygame.MOUSEWHEEL,
            x=dx,
            y=dy,
            precise_x=float(dx),
            precise_y=float(dy),
            flipped=False,
            touch=False,
            which=0,
        )
        return self.frame(1)

    def resize(self) -> bool:
        rng = self.rng
        if rng.random() < 0.3:
            w, h = MIN_W, MIN_H
        else:
            w, h = rng.randint(MIN_W, MAX_W), rng.randint(MIN_H, MAX_H)
        self.stats.resizes += 1
        if rng.random() < 0.7:  # what SDL sends for a resize the user made: both
            self.post(pygame.VIDEORESIZE, size=(w, h), w=w, h=h)
        self.post(pygame.WINDOWSIZECHANGED, x=w, y=h)
        self.post(pygame.WINDOWRESIZED, x=w, y=h)
        return self.frame(2)

    def table_play(self) -> bool:
        """On a table where a human is to move: pick a piece that can move, then one of the
        zones it lights up (a click, or a drag there), or press one of the move buttons."""
        scene = self.app.top
        model = getattr(scene, "model", None)
        if model is None or not getattr(scene, "acting_human", False):
            return self.click(self.aim())
        movable = [p for p in model.pieces if p.drag and not p.dim]
        buttons = [b for b, _ in getattr(scene, "buttons", []) if _visible(b)]
        if buttons and (not movable or self.rng.random() < 0.4):
            return self.click(self._point_in(self.rng.choice(buttons).rect))
        if not movable:
            zones = [z for z in model.zones if z.id in scene.input.targets()]  # type: ignore[union-attr]
            if zones:
                return self.click(self._point_in(self.rng.choice(zones).rect))
            return self.click(self.aim())
        piece = self.rng.choice(movable)
        if not self.click(self._point_in(piece.rect)):
            return False
        lit = [z for z in model.zones if z.id in scene.input.targets()]  # type: ignore[union-attr]
        if not lit:
            return True
        zone = self.rng.choice(lit)
        if self.rng.random() < 0.5:
            return self.click(self._point_in(zone.rect))
        return self.drag(self._point_in(piece.rect), self._point_in(zone.rect))

    def focus_text_and_type(self) -> bool:
        fields = [
            el
            for kind, el in self.targets()
            if kind == "widget" and isinstance(el, UITextEntryLine | UITextEntryBox)
        ]
        if fields and not self.click(self._point_in(self.rng.choice(fields).rect)):
            return False
        for _ in range(self.rng.randint(1, 3)):
            if not self.type_text(random_text(self.rng)):
                return False
        if self.rng.random() < 0.3:
            return self.key(self.rng.choice([pygame.K_RETURN, pygame.K_TAB, pygame.K_BACKSPACE]))
        return True

    # ---- the loop -------------------------------------------------------------------------
    def action(self) -> bool:
        """One random action and the frames after it; False if an exception escaped."""
        rng = self.rng
        self.stats.steps += 1
        if self.resize_every and rng.randrange(self.resize_every) == 0:
            return self.resize()
        roll = rng.random()
        if getattr(self.app.top, "acting_human", False) and rng.random() < 0.35:
            return self.table_play()  # a human's turn: play on more often than not, so games end
        if roll < 0.30:
            return self.click(self.aim(), frames=rng.randint(1, 3))
        if roll < 0.45:
            return self.table_play()
        if roll < 0.52:
            return self.drag(self.aim(), self.aim())
        if roll < 0.58:
            self.move_to(self.aim(), (1, 0, 0) if self.held else (0, 0, 0))
            return self.frame(1)
        if roll < 0.62:
            return self.click(self.aim(), button=rng.choice([2, 3, 4, 5]))
        if roll < 0.66:
            return self.wheel()
        if roll < 0.80:
            return self.key(rng.choice(KEYS), rng.choice(MODS))
        if roll < 0.90:
            return self.focus_text_and_type()
        if roll < 0.93:  # half a click: the button stays down across frames
            pos = self.aim()
            if self.held:
                self.release(pos)
            else:
                self.press(pos)
            return self.frame(1)
        if roll < 0.955:  # the window's close button: "Quit now?" when a game is on
            self.post(pygame.QUIT)
            return self.frame(2)
        if roll < 0.96:
            self.post(pygame.WINDOWLEAVE if rng.random() < 0.5 else pygame.WINDOWENTER)
            self.post(pygame.ACTIVEEVENT, gain=rng.randint(0, 1), state=rng.randint(1, 6))
            return self.frame(1)
        return self.frame(rng.randint(1, 20))  # wait: the AI plays, toasts expire

    def keep_alive(self) -> None:
        """What a real window would do next after the app asked to end: the monkey starts over
        on the title screen (the app itself does not crash or empty its stack)."""
        app = self.app
        if not app.running or not app.scenes:
            from tabletop.scenes.title import TitleScene

            self.stats.restarts += 1
            app.running = True
            if not app.scenes:
                app.push(TitleScene(app))

    def run(
        self, steps: int, *, deadline: float | None = None, stop_on_exception: bool = True
    ) -> MonkeyStats:
        """``steps`` random actions (or until ``deadline``, a ``time.monotonic()`` value)."""
        with _thread_errors(self._thread_errors), self._imports_watched():
            for _ in range(steps):
                if deadline is not None and time.monotonic() >= deadline:
                    break
                self.keep_alive()
                ok = self.action()
                if not ok and stop_on_exception:
                    break
                if not ok:
                    return self.stats  # the caller builds a fresh app
            if self.held:
                self.release(self._pos)
                self.frame(1)
        return self.stats


def seats_for(game_id: str, start: str) -> list[SeatConfig]:
    """One human and fast AI seats, or a hot seat of humans (the fewest the game allows, and
    at least two so the hand-over screen comes up)."""
    spec = rules.GAMES[game_id]
    n = max(spec.min_players, 2)
    if start == "hot seat":
        return [SeatConfig(f"Player {i + 1}", HUMAN) for i in range(n)]
    n = 3 if 3 in spec.counts else n
    return [SeatConfig("Ada", HUMAN)] + [SeatConfig(f"Bot {i}", "random") for i in range(1, n)]


def begin(app: App, game_id: str, start: str, seed: int) -> str:
    """Put the app where this run starts; the name of the scene it starts on."""
    from tabletop.scenes.table import TableScene
    from tabletop.scenes.title import TitleScene
    from tabletop.session import Session

    app.push(TitleScene(app))
    for _ in range(2):
        app.step(DT)
    if start == "title":
        title = app.top
        assert isinstance(title, TitleScene)
        pos = title.play_buttons[game_id].rect.center  # into the game's setup by a real click
        pygame.mouse.set_pos(pos)
        for event_type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(event_type, pos=pos, button=1))
            for _ in range(2):
                app.step(DT)
        return "SetupScene"
    app.push(TableScene(app, Session(game_id, seats_for(game_id, start), seed=seed)))
    for _ in range(2):
        app.step(DT)
    return "TableScene"


def _inside(element: Any, window: UIWindow) -> bool:
    """On the window (a blocking dialog): only what it holds can be used."""
    return element is not window and window.rect.contains(element.rect)


def _format(err: BaseException) -> str:
    return "".join(traceback.format_exception(type(err), err, err.__traceback__))


class _thread_errors:
    """Record what the app reports only on the side: exceptions that end one of its threads
    (an AI answer helper, say) and records logged at ERROR or above."""

    def __init__(self, sink: list[tuple[str, str]]) -> None:
        self.sink = sink
        self.old: Callable[[threading.ExceptHookArgs], Any] | None = None
        self.handler = _ErrorLog(sink)

    def __enter__(self) -> None:
        self.old = threading.excepthook

        def hook(args: threading.ExceptHookArgs) -> None:
            value = args.exc_value
            summary = f"{args.exc_type.__name__}: {value}"[:300]
            detail = "".join(traceback.format_exception(args.exc_type, value, args.exc_traceback))
            self.sink.append((summary, detail))

        threading.excepthook = hook
        logging.getLogger().addHandler(self.handler)

    def __exit__(self, *exc: object) -> None:
        logging.getLogger().removeHandler(self.handler)
        if self.old is not None:
            threading.excepthook = self.old


class _ErrorLog(logging.Handler):
    def __init__(self, sink: list[tuple[str, str]]) -> None:
        super().__init__(logging.ERROR)
        self.sink = sink

    def emit(self, record: logging.LogRecord) -> None:
        detail = ""
        if record.exc_info and record.exc_info[1] is not None:
            detail = "".join(traceback.format_exception(*record.exc_info))
        self.sink.append((f"logged {record.levelname}: {record.getMessage()}"[:300], detail))


def check_data_folder() -> list[Finding]:
    """After a run: every save the app wrote loads and replays; the statistics file reads."""
    from tabletop.saves import SaveError, list_saves, read_save, saves_dir
    from tabletop.stats import load_records

    found: list[Finding] = []
    _, problems = list_saves()
    for problem in problems:
        found.append(Finding("data", f"save listed as a problem: {problem}", "", "-", -1))
    folder = saves_dir()
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            read_save(path, ours=False)
        except SaveError as err:
            found.append(Finding("data", f"save does not load: {path.name}: {err}", "", "-", -1))
    _, warning = load_records()
    if warning:
        found.append(Finding("data", f"statistics: {warning}", "", "-", -1))
    return found
