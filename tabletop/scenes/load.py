"""The Load screen: every saved game with its players, date and a short summary.

Each row offers Resume (an unfinished game), Replay, Export (the move list as text) and
Delete (which asks first). A move list exported earlier, or a save from elsewhere, comes in
through "Import…". A file that turns out to be bad is reported and moved aside, never lost.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIPanel, UISelectionList, UITextEntryLine, UIWindow

from .. import locks
from ..names import UNDRAWABLE
from ..replay import export_text
from ..saves import (
    SaveError,
    SaveInfo,
    delete_save,
    list_saves,
    load_any,
    read_save,
    when_text,
    write_save,
)
from ..storage import describe_os_error, exports_dir, write_text_atomic
from ..ui.chooser import FileChooser
from ..ui.dialogs import Modal, Question, ask
from ..ui.focus import MenuKeys
from ..ui.menu import Backdrop, add_label, line_height, text_width, theme_font, wrap_for
from ..ui.text import ellipsize
from .base import Scene
from .in_use import as_copy, offer_copy

if TYPE_CHECKING:
    from ..app import App
    from ..session import Session

ROW_ACTIONS = ("Resume", "Replay", "Export", "Delete")
ROW_PAD_X, ROW_PAD_Y = 26, 14  # a save row's padding, in 1080p-desktop pixels


class LoadScene(Scene):
    """Saved games, newest first, a page at a time."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.menu_keys = MenuKeys(self)
        self.backdrop = Backdrop()
        self.saves: list[SaveInfo] = []
        self.page = 0
        #: The index of the first save on each page (the rows are as tall as their text).
        self.page_starts = [0]
        self.row_buttons: dict[UIButton, tuple[str, SaveInfo]] = {}
        self.back_button: UIButton | None = None
        self.import_button: UIButton | None = None
        self.prev_button: UIButton | None = None
        self.next_button: UIButton | None = None
        self.confirm: Question | None = None
        self.confirm_target: SaveInfo | None = None
        self.file_dialog: Modal | None = None  # an ImportDialog
        #: "Open a copy?" asked for a game another window has open: the dialog and the game.
        self.copy_offer: tuple[Question, Session] | None = None
        self.reload()

    def reload(self) -> None:
        """Read the save folder again; report files that had to be moved aside."""
        self.saves, problems = list_saves()
        for problem in problems[:2]:
            self.app.toast(problem, kind="error", seconds=8)

    @property
    def pages(self) -> int:
        return len(self.page_starts)

    # ---- layout -----------------------------------------------------------------------
    def build(self) -> None:
        app, d, root = self.app, self.app.display, self.container
        assert root is not None
        W, H = d.size
        width = min(d.px(1400), W - 2 * d.px(60))
        x0 = (W - width) // 2
        head_h = line_height(app, "#heading")
        btn_h, gap, margin = d.px(54), d.px(14), d.px(40)
        bw = self._action_w()
        add_label(app, root, pygame.Rect(0, margin, W, head_h), "Saved games", "#heading", "centre")
        list_top = margin + head_h + d.px(24)
        foot_y = H - margin - btn_h
        row_hs = self._row_heights(width, bw, btn_h)
        self.page_starts = _pages(row_hs, foot_y - d.px(24) - list_top, gap)
        self.page = min(self.page, self.pages - 1)
        self.backdrop.panels = []
        self.row_buttons = {}
        first, end = [*self.page_starts, len(self.saves)][self.page : self.page + 2]
        shown = self.saves[first:end]
        if not shown:
            self._no_saves(pygame.Rect(x0, list_top + d.px(40), width, 0))
        y = list_top
        for info, row_h in zip(shown, row_hs[first:end], strict=True):
            self._save_row(pygame.Rect(x0, y, width, row_h), info, bw, btn_h)
            y += row_h + gap
        self._footer(pygame.Rect(x0, foot_y, width, btn_h))

    def _action_w(self) -> int:
        """The width of every row's buttons: the widest action's."""
        app, d = self.app, self.app.display
        bw = max(
            text_width(app, "#primary" if t == "Resume" else "button", t, "button")
            for t in ROW_ACTIONS
        ) + d.px(36)
        return max(bw, d.px(120))

    def _row_heights(self, width: int, bw: int, btn_h: int) -> list[int]:
        """Every save's row height in a list ``width`` wide. The players and the state of the
        game take two lines each where one cannot hold them (a TV's larger text), so the rows
        are as tall as the longest needs. Measured at the narrowest a row's text gets (every
        action's button, the panel's border)."""
        app, d = self.app, self.app.display
        name_h, text_h = line_height(app, "#game_name"), line_height(app, "#pitch")
        pad_x, pad_y, gap = d.px(ROW_PAD_X), d.px(ROW_PAD_Y), d.px(14)
        text_w = width - 2 * pad_x - len(ROW_ACTIONS) * bw - (len(ROW_ACTIONS) - 1) * gap - d.px(24)
        return [
            max(
                btn_h + 2 * pad_y,
                len(title) * name_h + (len(players) + len(about)) * text_h + 2 * pad_y,
            )
            for title, players, about in (_row_lines(app, i, text_w) for i in self.saves)
        ]

    def _no_saves(self, rect: pygame.Rect) -> None:
        """What the list says when there is nothing in it, centred from ``rect``'s top."""
        app, root = self.app, self.container
        assert root is not None
        lines = wrap_for(
            app,
            "#lead",
            "No saved games yet. Every game you play is saved after each move, "
            "so it can be resumed or replayed here.",
            rect.width,
        )
        y, lead_h = rect.y, line_height(app, "#lead")
        for line in lines:
            add_label(
                app, root, pygame.Rect(rect.x, y, rect.width, lead_h), line, "#lead", "centre"
            )
            y += lead_h

    def _save_row(self, rect: pygame.Rect, info: SaveInfo, bw: int, btn_h: int) -> None:
        """A save's row: its title, players and state at the left, its actions at the right."""
        app, d = self.app, self.app.display
        name_h, text_h = line_height(app, "#game_name"), line_height(app, "#pitch")
        pad_x, gap = d.px(ROW_PAD_X), d.px(14)
        panel = UIPanel(
            rect, starting_height=1, manager=app.ui, container=self.container, object_id="#game_row"
        )
        inner = panel.get_container().get_rect()
        actions = [a for a in ROW_ACTIONS if a != "Resume" or not info.finished]
        buttons_w = len(actions) * bw + (len(actions) - 1) * gap
        text_w = inner.width - 2 * pad_x - buttons_w - d.px(20)
        title, players, about = _row_lines(app, info, text_w)
        ty = (inner.height - len(title) * name_h - (len(players) + len(about)) * text_h) // 2
        for line in title:
            add_label(app, panel, pygame.Rect(pad_x, ty, text_w, name_h), line, "#game_name")
            ty += name_h
        for lines, oid in ((players, "#pitch"), (about, "#muted")):
            for line in lines:
                add_label(app, panel, pygame.Rect(pad_x, ty, text_w, text_h), line, oid)
                ty += text_h
        bx = inner.width - pad_x - buttons_w
        by = (inner.height - btn_h) // 2
        for action in actions:
            button = UIButton(
                pygame.Rect(bx, by, bw, btn_h),
                action,
                app.ui,
                container=panel,
                object_id="#primary" if action == "Resume" else None,
            )
            self.row_buttons[button] = (action, info)
            bx += bw + gap

    def _footer(self, row: pygame.Rect) -> None:
        """Import… and Back in the middle of ``row``; Previous and Next at its ends when the
        saves take more than one page."""
        app, d, root = self.app, self.app.display, self.container
        assert root is not None
        labels = ["Import…", "Back"]
        fw = max(
            d.px(200), *(text_width(app, "#big_button", t, "button") + d.px(44) for t in labels)
        )
        fgap = d.px(20)
        fx = (d.width - 2 * fw - fgap) // 2
        self.import_button = UIButton(
            pygame.Rect(fx, row.y, fw, row.height),
            "Import…",
            app.ui,
            container=root,
            object_id="#big_button",
            tool_tip_text="Open a move list (.txt) or a save (.json) from a file",
        )
        self.back_button = UIButton(
            pygame.Rect(fx + fw + fgap, row.y, fw, row.height),
            "Back",
            app.ui,
            container=root,
            object_id="#big_button",
        )
        self.prev_button = self.next_button = None
        if self.pages > 1:
            nw = max(d.px(150), text_width(app, "#big_button", "Previous", "button") + d.px(40))
            self.prev_button = UIButton(
                pygame.Rect(row.x, row.y, nw, row.height), "Previous", app.ui, container=root
            )
            self.next_button = UIButton(
                pygame.Rect(row.right - nw, row.y, nw, row.height), "Next", app.ui, container=root
            )
            if self.page == 0:
                self.prev_button.disable()
            if self.page >= self.pages - 1:
                self.next_button.disable()

    # ---- events -----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._pressed(event.ui_element)
        elif event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            if self.file_dialog is not None and self.file_dialog.owns(event.ui_element):
                self.import_file(Path(event.text))
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_PAGEDOWN:
            self.turn_page(1)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_PAGEUP:
            self.turn_page(-1)
        else:
            super().handle(event)

    def _pressed(self, element: object) -> None:
        if element is self.back_button:
            self.back()
        elif element is self.import_button:
            self.ask_import()
        elif element is self.prev_button:
            self.turn_page(-1)
        elif element is self.next_button:
            self.turn_page(1)
        elif element in self.row_buttons:
            action, info = self.row_buttons[element]
            if action == "Resume":
                self.resume(info)
            elif action == "Replay":
                self.replay(info)
            elif action == "Export":
                self.export(info)
            elif action == "Delete":
                self.ask_delete(info)

    def turn_page(self, by: int) -> None:
        page = max(0, min(self.pages - 1, self.page + by))
        if page != self.page:
            self.page = page
            self.rebuild()

    def _open(self, info: SaveInfo) -> Session | None:
        """Load a save (every move re-checked); a bad one is reported and the list redrawn."""
        try:
            return read_save(info.path)
        except SaveError as err:
            self.app.toast(str(err), kind="error", seconds=8)
            self.reload()
            self.rebuild()
            return None

    def resume(self, info: SaveInfo) -> None:
        session = self._open(info)
        if session is None:
            return
        if locks.open_elsewhere(session.save_id):
            self.copy_offer = (offer_copy(self.app, self.open_copy), session)
            return
        self.app.go.table(session, alone=True)

    def open_copy(self) -> None:
        """The player chose to open a copy of a game another window has open."""
        if self.copy_offer is not None:
            session = as_copy(self.copy_offer[1])
            self.copy_offer = None
            self.app.go.table(session, alone=True)

    def replay(self, info: SaveInfo) -> None:
        session = self._open(info)
        if session is not None:
            self.app.go.replay(session)

    def export(self, info: SaveInfo) -> Path | None:
        """Write the game's move list as text; the toast says where."""
        session = self._open(info)
        if session is None:
            return None
        target = exports_dir() / (info.path.stem + ".txt")
        try:
            write_text_atomic(target, export_text(session))
        except OSError as err:
            self.app.toast(
                f"The move list could not be written: {describe_os_error(err)}.", kind="error"
            )
            return None
        self.app.toast(f"Move list saved as {target}", seconds=8)
        return target

    def ask_delete(self, info: SaveInfo) -> None:
        when = when_text(info.saved)
        self.confirm_target = info
        self.confirm = ask(
            self.app,
            f"Delete the {info.title} game with {', '.join(info.names)}"
            + (f" ({when})" if when else "")
            + "? This cannot be undone.",
            title="Delete this save?",
            action="Delete",
            size=(700, 320),
            on_yes=lambda: self.delete(info),
        )

    def delete(self, info: SaveInfo) -> None:
        if locks.open_elsewhere(info.path.stem):
            self.app.toast(f"{locks.IN_USE} Close it there first.", kind="error")
            self.confirm_target = None
            return
        try:
            delete_save(info.path)
        except OSError as err:
            self.app.toast(
                f"The save could not be deleted: {describe_os_error(err)}.", kind="error"
            )
        self.confirm_target = None
        self.reload()
        self.rebuild()

    def ask_import(self) -> None:
        self.file_dialog = FileChooser(self.app, _import_dialog)

    def import_file(self, path: Path) -> None:
        """Open a move list or save the player picked; it is left where it is even if bad."""
        try:
            session = load_any(path)
        except SaveError as err:
            self.app.toast(str(err), kind="error", seconds=8)
            return
        try:
            write_save(session)  # now one of ours: listed here, and resumed by Continue
        except OSError as err:
            self.app.toast(f"The game could not be saved: {describe_os_error(err)}.", kind="error")
        self.app.go.table(session, alone=True)

    # ---- drawing ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.backdrop.draw(surface, self.app.display)


def _pages(heights: list[int], room: int, gap: int) -> list[int]:
    """The first row of each page, rows of ``heights`` filling ``room`` (at least one a page)."""
    starts, used = [0], 0
    for i, h in enumerate(heights):
        if used and used + h > room:
            starts.append(i)
            used = 0
        used += h + gap
    return starts


def _row_lines(app: App, info: SaveInfo, width: int) -> tuple[list[str], list[str], list[str]]:
    """A save's row text in ``width``: its title ("#game_name": a named save's name in full,
    on as many lines as it takes), its players' lines ("#pitch"), then when it was saved and
    where the game stands ("#muted"), each of those in at most two lines."""
    when = when_text(info.saved)
    about = f"{when} · {info.summary}" if when else info.summary
    title = f"“{info.label}” · {info.title}" if info.label else info.title
    return (
        _whole_lines(app, "#game_name", title, width),
        _lines(app, "#pitch", info.players_text, width),
        _lines(app, "#muted", about, width),
    )


def _whole_lines(app: App, object_id: str, text: str, width: int) -> list[str]:
    """``text`` wrapped to ``width``, a word too long for a line broken inside it: all of it
    is shown (a save's name is at most 40 characters, so a few lines at most)."""
    font = theme_font(app, object_id)
    out: list[str] = []
    for line in wrap_for(app, object_id, text, width):
        while font.size(line)[0] > width and len(line) > 1:
            fits = (n for n in range(len(line) - 1, 0, -1) if font.size(line[:n])[0] <= width)
            cut = next(fits, 1)
            out.append(line[:cut])
            line = line[cut:].lstrip()
        out.append(line)
    return out or [""]


def _lines(app: App, object_id: str, text: str, width: int, most: int = 2) -> list[str]:
    """``text`` wrapped to ``width`` in at most ``most`` lines, the last cut with an ellipsis
    if it does not all fit."""
    lines = wrap_for(app, object_id, text, width)
    if len(lines) > most:
        lines = [*lines[: most - 1], _fit(app, object_id, " ".join(lines[most - 1 :]), width)]
    return [_fit(app, object_id, line, width) for line in lines] or [""]


def _fit(app: App, object_id: str, text: str, width: int) -> str:
    """``text`` cut to ``width`` with an ellipsis (one line, never spilling out of its row)."""
    return ellipsize(text, theme_font(app, object_id), width, words=True)


PATH_LIMIT = 1024  # characters in the import picker's path field


def _import_dialog(app: App, previous: UIWindow | None) -> ImportDialog:
    """The Import file picker in the middle of the window; after a resize it opens again in
    the folder it showed."""
    d = app.display
    w, h = min(d.width - d.px(80), d.px(1000)), min(d.height - d.px(80), d.px(760))
    folder = exports_dir()
    start = str(folder if folder.is_dir() else Path.home())
    if isinstance(previous, ImportDialog):
        start = previous.current_directory_path
    return ImportDialog(
        app,
        pygame.Rect((d.width - w) // 2, (d.height - h) // 2, w, h),
        app.ui,
        window_title="Import a move list or a save",
        initial_file_path=start,
        allow_existing_files_only=True,
    )


class ImportDialog(pygame_gui.windows.UIFileDialog):
    """pygame-gui's file picker, made safe for whatever a player does in it: it only reads
    (its button that deletes the selected file, anywhere on the disk, is gone), its path field
    takes no text it cannot draw, and a path the system refuses to even look at (a name too
    long, a folder that cannot be listed, a loop of links) is a path with nothing to pick, not
    a crash."""

    def __init__(self, app: App, *args: Any, **kwargs: Any) -> None:
        self.app = app  # read by _setup_ui_elements, which the base class's __init__ calls
        super().__init__(*args, **kwargs)
        self.resizable = False
        self.delete_button.kill()
        self.file_path_text_line.set_forbidden_characters(UNDRAWABLE)
        # pygame-gui lays the whole field out again for every character typed: without a limit,
        # a long paste or a stuck key makes each one slower, until the window freezes.
        self.file_path_text_line.set_text_length_limit(PATH_LIMIT)

    def process_event(self, event: pygame.event.Event) -> bool:
        try:
            return bool(super().process_event(event))
        except (OSError, ValueError):
            # Back to the last folder that could be listed, nothing selected; the typed text
            # stays for the player to correct.
            self.current_directory_path = self.last_valid_directory_path
            self._set_no_file_selected_state()
            return True

    def update_current_file_list(self, should_try_again: bool = True) -> None:
        try:
            super().update_current_file_list(should_try_again)
        except (OSError, ValueError):  # pygame-gui retries only on two kinds of error
            self.current_directory_path = self.last_valid_directory_path
            super().update_current_file_list(False)

    def _setup_ui_elements(self) -> None:
        """pygame-gui's picker has 20-px icons, a 30-px button row and 20-px list rows at
        every size (cut and cramped at 4K); the same widgets here, sized from the profile and
        the theme's fonts, with plain top-left placement."""
        app, d = self.app, self.app.display
        theme = app.ui.get_theme()
        button_font = theme.get_font(["button"])
        inner_w, inner_h = self.get_container().get_size()
        pad, gap = d.px(16), d.px(10)
        icon = round(button_font.size("ÅgÝ")[1] * 1.8)
        button_h = icon
        widths = [button_font.size(t)[0] + d.px(48) for t in ("Cancel", "Open")]
        by = inner_h - pad - button_h
        x = inner_w - pad - widths[0]
        self.cancel_button = UIButton(
            pygame.Rect(x, by, widths[0], button_h),
            "Cancel",
            app.ui,
            container=self,
            object_id="#cancel_button",
        )
        x -= gap + widths[1]
        self.ok_button = UIButton(
            pygame.Rect(x, by, widths[1], button_h),
            "Open",
            app.ui,
            container=self,
            object_id="#ok_button",
        )
        if self.current_file_path is not None and not self._validate_file_path(
            self.current_file_path
        ):
            self.ok_button.disable()
        icons = []
        # Delete last: it is removed at once (see __init__) and must leave no gap.
        for n, text, tip, oid in (
            (0, "⌂", "pygame-gui.Home_directory", "#home_icon_button"),
            (3, "⌧", "pygame-gui.Delete", "#delete_icon_button"),
            (1, "↑", "pygame-gui.Parent_directory", "#parent_icon_button"),
            (2, "⇪", "pygame-gui.Refresh_directory", "#refresh_icon_button"),
        ):
            icons.append(
                UIButton(
                    pygame.Rect(pad + n * (icon + gap), pad, icon, icon),
                    text,
                    app.ui,
                    container=self,
                    tool_tip_text=tip,
                    object_id=oid,
                )
            )
        self.home_button, self.delete_button, self.parent_directory_button = icons[:3]
        self.refresh_button = icons[3]
        self.delete_button.disable()
        line_y = pad + icon + gap
        self.file_path_text_line = UITextEntryLine(
            pygame.Rect(pad, line_y, inner_w - 2 * pad, icon),
            app.ui,
            container=self,
            object_id="#file_path_text_line",
        )
        if self.current_file_path is not None:
            self.file_path_text_line.set_text(str(self.current_file_path))
            self._highlight_file_name_for_editing()
        else:
            self.file_path_text_line.set_text(str(self.current_directory_path))
        list_y = line_y + icon + gap
        self.file_selection_list = UISelectionList(
            pygame.Rect(pad, list_y, inner_w - 2 * pad, max(d.px(60), by - gap - list_y)),
            item_list=self.current_file_list,
            manager=app.ui,
            container=self,
            object_id="#file_display_list",
        )
