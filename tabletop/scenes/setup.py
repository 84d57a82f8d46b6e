"""Set up a game: player count, who sits where, the game's options, a seed; then Start.

The form's state lives in this scene (not in the widgets) so that rebuilding the widgets for
a new player count, window size or profile keeps everything the player typed.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIContainer
from pygame_gui.elements import (
    UIButton,
    UICheckBox,
    UIDropDownMenu,
    UITextEntryLine,
)

import rules
from rules import SetupError
from rules.core import OptionSpec

from ..names import UNDRAWABLE, BadName, check_name, tidy_text
from ..session import AI_LEVELS, HUMAN, HUMAN_KINDS, LEVEL_LABELS, PHONE, SeatConfig, Session
from ..ui.focus import MenuKeys
from ..ui.menu import (
    Backdrop,
    add_label,
    add_wrapped,
    fit_drop_downs,
    frame_inset,
    line_height,
    text_width,
    wrap_for,
)
from ..ui.palette import GOLD_DEEP
from .base import Scene
from .title import players_text

if TYPE_CHECKING:
    from ..app import App
    from ..display import Display

#: Default names for the seats after the first (distinct, short, easy to tell apart).
NAME_POOL = (
    "Nadia",
    "Kevin",
    "Aaron",
    "Marta",
    "Leila",
    "Tomas",
    "Priya",
    "Oscar",
    "Ines",
    "Felix",
    "Grace",
    "Hugo",
)
NAME_LIMIT = 16
NUMBER_LIMIT = 7
_WHOLE = re.compile(r"[+-]?[0-9]+")


def kind_choices(game_night: bool = False) -> list[str]:
    """Every seat kind in menu order: Phone (at a game night only), Human, then the AI levels."""
    return [PHONE, HUMAN, *AI_LEVELS] if game_night else [HUMAN, *AI_LEVELS]


def kind_label(kind: str) -> str:
    return LEVEL_LABELS.get(kind, f"AI · {kind.title()}")


def default_ai() -> str:
    return "easy" if "easy" in AI_LEVELS else AI_LEVELS[0]


SEED_HELP = "Leave blank for a random deal; the same seed deals the same cards."
TABLE_TEXT = "Table display (TV): hide hands between turns"
NIGHT_TEXT = "Game night (phones)"
TEACH_TEXT = "Teach as we play"


@dataclass(frozen=True)
class _Measures:
    """The form's sizes that do not depend on the arrangement of its seats."""

    list_opts: list[OptionSpec]  # options with a value per seat (a column of the seats)
    other_opts: list[OptionSpec]  # options with one value (a row under the seats)
    pad: int  # the panel's padding at the sides
    gap: int
    num_w: int  # a seat's number
    btn_h: int
    head_h: int
    tag_h: int
    col_h: int  # the seat columns' headings
    help_h: int
    field_w: int  # an option's label, left of its widget
    seed_w: int
    table_w: int  # the table-display switch with its text
    night_w: int  # the game-night switch with its text
    help_notes: list[str]  # the per-seat options' help, under the seats
    helps: list[tuple[str, int]]  # each help beside a field, and where it starts
    wanted: list[int]  # the widest lines: the panel is at least this wide where it can be


@dataclass(frozen=True)
class _Plan:
    """One arrangement of the form: seat columns, row and widget sizes, heights."""

    cols: int  # columns of seats
    row_h: int
    field_h: int
    name_w: int
    kind_w: int
    list_ws: list[int]  # each per-seat option's column
    seat_w: int  # one seat's row
    inner: int  # the panel's width inside its padding
    help_rows: list[tuple[int, bool]]  # each option row's height, its help under it or not
    vpad: int  # the panel's padding at the top and bottom
    sep: int  # between the heading, the panel and the buttons
    fixed: int  # the heading, the gaps and the buttons: all but the panel
    seats_w: int
    form_h: int  # the panel


@dataclass(frozen=True)
class _Form:
    """The form placed on the page: its sizes, its arrangement, its rows' left edge."""

    m: _Measures
    p: _Plan
    box: UIContainer  # the page the widgets go in
    left: int
    page_h: int
    item_h: int  # a drop-down list's row
    d: Display

    def dropup(self, rect: pygame.Rect, options: int) -> ObjectID | None:
        """A menu near the bottom of the page opens upwards so it stays on screen."""
        below = rect.bottom + options * self.item_h + self.d.px(8)
        return ObjectID(class_id="@dropup") if below > self.page_h - self.d.px(10) else None


class SetupScene(Scene):
    """The new-game form for one game."""

    def __init__(self, app: App, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.spec = rules.GAMES[game_id]
        self.backdrop = Backdrop()
        # Arrows and Enter over every field, menu and switch (a TV remote sets up a game); Tab
        # keeps walking the text fields, and Enter with no ring shown starts the game.
        self.menu_keys = MenuKeys(self, tab=False, use_wakes=False)
        spec = self.spec
        most = spec.max_players
        self.players = spec.min_players
        # Seat state for every possible seat, so fewer-then-more players keeps what was typed.
        self.kinds: list[str] = [HUMAN] + [default_ai()] * (most - 1)
        self.names: list[str] = [self.auto_name(i, k) for i, k in enumerate(self.kinds)]
        self.options = [o for o in spec.options if not o.advanced]
        self.values: dict[str, Any] = {}
        for opt in self.options:
            if opt.kind == "int-list":
                default = opt.default if isinstance(opt.default, list | tuple) else []
                self.values[opt.key] = [
                    str(default[i]) if i < len(default) else "0" for i in range(most)
                ]
            elif opt.kind == "bool":
                self.values[opt.key] = bool(opt.default)
            elif opt.kind == "choice":
                self.values[opt.key] = str(opt.default)
            else:
                self.values[opt.key] = "" if opt.default is None else str(opt.default)
        self.seed_text = ""
        self.table_display = False
        self.game_night = False  # human seats play from their phones
        self.teach = False  # at a game night, each phone tips its player on their decision
        self.scroll = 0  # page offset when the form is taller than the window
        #: The count menu's y on the screen to build the form around (a new player count: the
        #: form grows or shrinks below it instead of being centred again), or None.
        self._hold: int | None = None
        self._clear_widgets()
        self.recall(app.setup_memory.recall(game_id))  # the last choices come back

    def _clear_widgets(self) -> None:
        self.count_menu: UIDropDownMenu | None = None
        self.name_entries: list[UITextEntryLine] = []
        self.kind_menus: list[UIDropDownMenu] = []
        self.list_entries: dict[str, list[UITextEntryLine]] = {}
        self.option_widgets: dict[str, UITextEntryLine | UICheckBox | UIDropDownMenu] = {}
        self.seed_entry: UITextEntryLine | None = None
        self.table_check: UICheckBox | None = None
        self.night_check: UICheckBox | None = None
        self.teach_check: UICheckBox | None = None
        self.start_button: UIButton | None = None
        self.back_button: UIButton | None = None
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self._rule_y = 0
        self.max_scroll = 0

    # ---- defaults -------------------------------------------------------------------------
    def auto_name(self, seat: int, kind: str) -> str:
        """ "Sam" for a human first seat, else a name from the pool (distinct per seat).

        A real name, not "You": the log speaks of every player in the third person."""
        if seat == 0:
            if kind in HUMAN_KINDS:
                return "Sam"
            return NAME_POOL[min(self.spec.max_players, len(NAME_POOL)) - 1]
        return NAME_POOL[(seat - 1) % len(NAME_POOL)]

    def offered(self, players: int | None = None) -> list[OptionSpec]:
        """The options that mean something for ``players`` (default: the chosen count)."""
        n = self.players if players is None else players
        return [o for o in self.options if o.offered_for(n)]

    # ---- memory ---------------------------------------------------------------
    def choices(self) -> dict[str, Any]:
        """The form as remembered: count, every seat, every option (offered or not), the
        table and game-night switches; never the seed (a new game deals afresh)."""
        return {
            "players": self.players,
            "seats": [{"name": n, "kind": k} for n, k in zip(self.names, self.kinds, strict=True)],
            "options": {k: list(v) if isinstance(v, list) else v for k, v in self.values.items()},
            "table_display": self.table_display,
            "game_night": self.game_night,
            "teach": self.teach,
        }

    def recall(self, memory: Any) -> None:
        """Put back remembered choices. Each value is checked on its own: anything missing,
        of the wrong type, out of range or not drawable keeps its default."""
        if not isinstance(memory, dict):
            return
        players = memory.get("players")
        if type(players) is int and players in self.spec.counts:
            self.players = players
        for key in ("table_display", "game_night", "teach"):
            if type(memory.get(key)) is bool:
                setattr(self, key, memory[key])
        kinds = kind_choices(self.game_night)
        seats = memory.get("seats")
        for i, seat in enumerate(seats[: len(self.kinds)] if isinstance(seats, list) else []):
            if not isinstance(seat, dict):
                continue
            kind, name = seat.get("kind"), seat.get("name")
            if isinstance(kind, str) and kind in kinds:
                self.kinds[i] = kind
            if isinstance(name, str) and _fits(name, NAME_LIMIT) and tidy_text(name):
                self.names[i] = name
        options = memory.get("options")
        if not isinstance(options, dict):
            return
        for opt in self.options:
            value = options.get(opt.key)
            if opt.kind == "int-list":
                items = value[: len(self.values[opt.key])] if isinstance(value, list) else []
                for i, item in enumerate(items):
                    if _fits(item, NUMBER_LIMIT):
                        self.values[opt.key][i] = item
                continue
            fine = {
                "bool": type(value) is bool,
                "choice": isinstance(value, str) and value in [str(c) for c in opt.choices],
                "int": _fits(value, NUMBER_LIMIT),
            }
            if fine.get(opt.kind, False):
                self.values[opt.key] = value

    def remember(self) -> None:
        """Keep the form's choices for the next visit (and the next run)."""
        problem = self.app.setup_memory.remember(self.game_id, self.choices())
        if problem:
            self.app.toast(problem, kind="error")

    def leave(self) -> None:
        super().leave()  # the widgets' last values are copied into the state first
        self.remember()

    # ---- widgets -> state ----------------------------------------------------------------
    def sync(self) -> None:
        """Copy what the widgets show into the scene's state (before a rebuild or Start)."""
        for i, entry in enumerate(self.name_entries):
            self.names[i] = entry.get_text()
        labels = {kind_label(k): k for k in kind_choices(self.game_night)}
        for i, menu in enumerate(self.kind_menus):
            self.kinds[i] = labels.get(menu.selected_option[0], self.kinds[i])
        for key, entries in self.list_entries.items():
            for i, entry in enumerate(entries):
                self.values[key][i] = entry.get_text()
        for key, widget in self.option_widgets.items():
            if isinstance(widget, UICheckBox):
                self.values[key] = bool(widget.is_checked)
            elif isinstance(widget, UIDropDownMenu):
                self.values[key] = widget.selected_option[0]
            else:
                self.values[key] = widget.get_text()
        if self.seed_entry is not None:
            self.seed_text = self.seed_entry.get_text()
        if self.table_check is not None:
            self.table_display = bool(self.table_check.is_checked)
        if self.night_check is not None:
            self.game_night = bool(self.night_check.is_checked)
        if self.teach_check is not None:
            self.teach = bool(self.teach_check.is_checked)

    def kill_widgets(self) -> None:
        # Keep what was typed: the app kills widgets before every rebuild.
        if self.container is not None:
            self.sync()
        super().kill_widgets()
        self._clear_widgets()

    # ---- layout ---------------------------------------------------------------------------
    def build(self) -> None:
        d, root = self.app.display, self.container
        assert root is not None
        item_h = fit_drop_downs(self.app)
        m = self._measure()
        p = self._arrange(m)
        to_count = m.head_h + m.tag_h + p.sep + p.vpad + (p.row_h - p.field_h) // 2
        top = self._form_top(p.fixed + p.form_h, to_count)
        # Still too tall (a big table in the TV profile): the whole form scrolls as one page,
        # its buttons ending clear of the backdrop's gold frame.
        room = frame_inset(d) + d.px(8)
        self.max_scroll = max(0, top + p.fixed + p.form_h + room - d.height)
        if self.max_scroll:
            root.set_dimensions((d.width, d.height + self.max_scroll))
        y0 = self._heading(top, m, p.sep)
        width = p.inner + 2 * m.pad
        x0 = (d.width - width) // 2
        # The panel is drawn, not a UIPanel: drop-down lists inside a UIPanel are clipped to it.
        self.panel_rect = pygame.Rect(x0, y0, width, p.form_h)
        self.backdrop.panels = [self.panel_rect]
        form = _Form(m, p, root, x0 + m.pad, d.height + self.max_scroll, item_h, d)
        y = self._players_row(form, y0 + p.vpad)
        y = self._seat_rows(form, y)
        y = self._notes(form, y)
        y = self._option_rows(form, y)
        self._switches(form, y)
        self._footer(form, self.panel_rect.bottom + p.sep)
        self.scroll = min(self.scroll, self.max_scroll)
        self._apply_scroll()

    def _measure(self) -> _Measures:
        """The form's sizes that do not depend on how its seats are arranged."""
        app, d = self.app, self.app.display
        # Only the options that mean something for this many players.
        list_opts = [o for o in self.offered() if o.kind == "int-list"]
        other_opts = [o for o in self.offered() if o.kind != "int-list"]
        cb, seed_w, gap = d.px(34), d.px(230), d.px(16)
        field_w = max(
            [d.px(150)]
            + [text_width(app, "#field", t) + d.px(24) for t in ("Players", "Seed")]
            + [text_width(app, "#field", o.label) + d.px(24) for o in other_opts]
        )
        help_notes = [f"{o.label}: {o.help}" for o in list_opts if o.help]
        night_w = cb + d.px(8) + text_width(app, "check_box.label", NIGHT_TEXT)
        table_w = cb + d.px(8) + text_width(app, "check_box.label", TABLE_TEXT)
        # Each help text beside a field, and how far from the panel's inner left edge it starts.
        helps = [(o.help, field_w + self._option_w(o) + d.px(16)) for o in other_opts]
        helps.append((SEED_HELP, field_w + seed_w + gap))
        # The panel is as wide as its widest line (so short forms do not float in space).
        wanted = [
            field_w + table_w + d.px(40) + night_w,
            *(text_width(app, "#help", t) for t in help_notes),
            *(indent + text_width(app, "#help", t) for t, indent in helps if t),
        ]
        return _Measures(
            list_opts=list_opts,
            other_opts=other_opts,
            pad=d.px(36),
            gap=gap,
            num_w=d.px(44),
            btn_h=d.px(62),
            head_h=line_height(app, "#heading"),
            tag_h=line_height(app, "#tagline"),
            col_h=line_height(app, "#column"),
            help_h=line_height(app, "#help"),
            field_w=field_w,
            seed_w=seed_w,
            table_w=table_w,
            night_w=night_w,
            help_notes=help_notes,
            helps=helps,
            wanted=wanted,
        )

    def _arrange(self, m: _Measures) -> _Plan:
        """The roomiest arrangement that fits the window: roomy rows first; then tighter rows,
        less space around them, then two columns of seats (with many players)."""
        d = self.app.display
        plans = [self._plan(m, 1, False), self._plan(m, 1, True), self._plan(m, 1, True, True)]
        if self.players > 2:
            plans += [self._plan(m, 2, True), self._plan(m, 2, True, True)]
        plans = [p for p in plans if p.seats_w <= p.inner] or plans[:1]
        room = d.height - d.px(24) - frame_inset(d) - d.px(8)  # its buttons clear of the frame
        return next((p for p in plans if p.fixed + p.form_h <= room), plans[-1])

    def _plan(self, m: _Measures, seat_cols: int, compact: bool, tight: bool = False) -> _Plan:
        """Sizes for one arrangement of the seats (columns, row height, widths); ``tight``
        also closes up the panel's padding and the space around it."""
        app, d = self.app, self.app.display
        row_h, field_h = (d.px(50), d.px(42)) if compact else (d.px(58), d.px(46))
        vpad, sep = (d.px(14), d.px(12)) if tight else (m.pad, d.px(30))
        name_w, kind_w = (d.px(200), d.px(190)) if seat_cols == 2 else (d.px(300), d.px(240))
        list_ws = [
            max(
                d.px(90 if seat_cols == 2 else 110),
                text_width(app, "#column", o.label.upper()) + d.px(16),
            )
            for o in m.list_opts
        ]
        seat_w = m.num_w + name_w + kind_w + sum(list_ws) + m.gap * (1 + len(m.list_opts))
        max_inner = min(d.px(1240 if seat_cols == 1 else 1400), d.width - 2 * d.px(60)) - 2 * m.pad
        seats_w = seat_cols * seat_w + (seat_cols - 1) * d.px(40)
        inner = min(max_inner, max(d.px(760), seats_w, *m.wanted) + d.px(4))
        # Help texts wrap (never cut): beside their field, or under it across the panel
        # where that is shorter (a long help beside a wide menu on a TV).
        note_lines = sum(self._help_lines(t, inner) for t in m.help_notes)
        help_rows = []
        for t, indent in m.helps:
            beside = max(row_h, self._help_lines(t, inner - indent) * m.help_h + d.px(12))
            under = row_h + self._help_lines(t, inner - m.field_w) * m.help_h + d.px(2)
            help_rows.append((under, True) if under < beside else (beside, False))
        form_h = 2 * vpad + m.col_h + math.ceil(self.players / seat_cols) * row_h
        form_h += note_lines * m.help_h + (d.px(6) if m.help_notes else 0)
        form_h += m.gap + d.px(8) + sum(h for h, _ in help_rows) + row_h
        if self.spec.min_players != self.spec.max_players:
            form_h += row_h + m.gap
        if self.game_night:  # Teach as we play, under the game-night switch
            form_h += row_h
        return _Plan(
            cols=seat_cols,
            row_h=row_h,
            field_h=field_h,
            name_w=name_w,
            kind_w=kind_w,
            list_ws=list_ws,
            seat_w=seat_w,
            inner=inner,
            help_rows=help_rows,
            vpad=vpad,
            sep=sep,
            fixed=m.head_h + m.tag_h + 2 * sep + m.btn_h,
            seats_w=seats_w,
            form_h=form_h,
        )

    def _help_lines(self, text: str, width: int) -> int:
        return len(wrap_for(self.app, "#help", text, width)) if text else 0

    def _heading(self, top: int, m: _Measures, sep: int) -> int:
        """The game's title and "New game · 2–4 players"; returns where the panel starts."""
        app, root, w = self.app, self.container, self.app.display.width
        assert root is not None
        title = self.spec.title
        add_label(app, root, pygame.Rect(0, top, w, m.head_h), title, "#heading", "centre")
        add_label(
            app,
            root,
            pygame.Rect(0, top + m.head_h, w, m.tag_h),
            f"New game · {players_text(self.spec)}",
            "#tagline",
            "centre",
        )
        return top + m.head_h + m.tag_h + sep

    def _players_row(self, form: _Form, y: int) -> int:
        """The player-count menu (for a game with more than one count); returns the next y."""
        app, m, p, box = self.app, form.m, form.p, form.box
        if len(self.spec.counts) <= 1:
            return y
        add_label(app, box, pygame.Rect(form.left, y, m.field_w, p.row_h), "Players", "#field")
        counts = [str(c) for c in self.spec.counts]
        rect = pygame.Rect(
            form.left + m.field_w, y + (p.row_h - p.field_h) // 2, form.d.px(130), p.field_h
        )
        self.count_menu = UIDropDownMenu(
            list[str | tuple[str, str]](counts),
            str(self.players),
            rect,
            app.ui,
            container=box,
            object_id=form.dropup(rect, len(counts)),
        )
        return y + p.row_h + m.gap

    def _seat_rows(self, form: _Form, y: int) -> int:
        """The seats in ``form.p.cols`` columns under their headings; returns the next y."""
        m, p = form.m, form.p
        per_col = math.ceil(self.players / p.cols)
        col_x = [form.left + c * (p.seat_w + form.d.px(40)) for c in range(p.cols)]
        for cx in col_x:
            self._seat_headings(form, cx, y)
        y += m.col_h
        self.list_entries = {o.key: [] for o in m.list_opts}
        for i in range(self.players):
            self._seat_row(form, i, col_x[i // per_col], y + (i % per_col) * p.row_h)
        return y + per_col * p.row_h

    def _seat_headings(self, form: _Form, cx: int, y: int) -> None:
        """NAME, PLAYS AS and each per-seat option over a column of seats starting at ``cx``."""
        app, box, m, p = self.app, form.box, form.m, form.p
        x = cx + m.num_w + m.gap
        add_label(app, box, pygame.Rect(x, y, p.name_w, m.col_h), "NAME", "#column")
        x += p.name_w + m.gap
        add_label(app, box, pygame.Rect(x, y, p.kind_w, m.col_h), "PLAYS AS", "#column")
        x += p.kind_w + m.gap
        for opt, w in zip(m.list_opts, p.list_ws, strict=True):
            add_label(app, box, pygame.Rect(x, y, w, m.col_h), opt.label.upper(), "#column")
            x += w + m.gap

    def _seat_row(self, form: _Form, i: int, cx: int, ry: int) -> None:
        """Seat ``i``: its number, name, who plays it and its per-seat options."""
        app, box, m, p = self.app, form.box, form.m, form.p
        fy = ry + (p.row_h - p.field_h) // 2
        add_label(app, box, pygame.Rect(cx, ry, m.num_w, p.row_h), str(i + 1), "#seat_number")
        x = cx + m.num_w + m.gap
        entry = UITextEntryLine(
            pygame.Rect(x, fy, p.name_w, p.field_h),
            app.ui,
            container=box,
            initial_text=self.names[i],
        )
        entry.set_text_length_limit(NAME_LIMIT)
        entry.set_forbidden_characters(UNDRAWABLE)  # type: ignore[arg-type]
        self.name_entries.append(entry)
        x += p.name_w + m.gap
        rect = pygame.Rect(x, fy, p.kind_w, p.field_h)
        kinds = kind_choices(self.game_night)
        self.kind_menus.append(
            UIDropDownMenu(
                [kind_label(k) for k in kinds],
                kind_label(self.kinds[i]),
                rect,
                app.ui,
                container=box,
                object_id=form.dropup(rect, len(kinds)),
            )
        )
        x += p.kind_w + m.gap
        for opt, w in zip(m.list_opts, p.list_ws, strict=True):
            num = UITextEntryLine(
                pygame.Rect(x, fy, w, p.field_h),
                app.ui,
                container=box,
                initial_text=self.values[opt.key][i],
            )
            num.set_text_length_limit(NUMBER_LIMIT)
            num.set_forbidden_characters(UNDRAWABLE)  # type: ignore[arg-type]
            self.list_entries[opt.key].append(num)
            x += w + m.gap

    def _notes(self, form: _Form, y: int) -> int:
        """The per-seat options' help under the seats, then the hairline; returns the next y."""
        d, m = form.d, form.m
        if m.help_notes:
            y += d.px(6)
        for note in m.help_notes:
            _, y = add_wrapped(self.app, form.box, form.left, y, form.p.inner, note, "#help")
        self._rule_y = y + m.gap // 2 + d.px(4)
        return y + m.gap + d.px(8)

    def _option_rows(self, form: _Form, y: int) -> int:
        """The game's options, then the seed, each with its help beside or under it; returns
        the next y."""
        app, box, m, p = self.app, form.box, form.m, form.p
        left, right = form.left, form.left + p.inner
        places: list[tuple[str, OptionSpec | None]] = [(o.help, o) for o in m.other_opts]
        places.append((SEED_HELP, None))
        for (text, place), (opt_h, under) in zip(places, p.help_rows, strict=True):
            base = p.row_h if under else opt_h  # the row of the field itself
            if place is None:
                self._seed_row(box, left, y, m.field_w, m.seed_w, base, p.field_h)
                hx = left + m.field_w + m.seed_w + m.gap
            else:
                hx = self._option_row(place, box, left, y, m.field_w, base, p.field_h, form.dropup)
            if under:
                hx = left + m.field_w
                add_wrapped(app, box, hx, y + p.row_h - form.d.px(6), right - hx, text, "#help")
            elif text:
                self._help_beside(box, hx, y, opt_h, right, text)
            y += opt_h
        return y

    def _switches(self, form: _Form, y: int) -> None:
        """The table-display and game-night switches in a row under the fields; moved left
        when the panel is too narrow for both."""
        app, box, d, m, row_h = self.app, form.box, form.d, form.m, form.p.row_h
        left, cb = form.left, d.px(34)
        both = m.table_w + d.px(40) + m.night_w
        sx = max(left, min(left + m.field_w, left + form.p.inner - both))
        self.table_check = UICheckBox(
            pygame.Rect(sx, y + (row_h - cb) // 2, cb, cb),
            TABLE_TEXT,
            app.ui,
            container=box,
            initial_state=self.table_display,
        )
        # Game night beside it: the TV shows the table, every phone is its player's hand.
        self.night_check = UICheckBox(
            pygame.Rect(sx + m.table_w + d.px(40), y + (row_h - cb) // 2, cb, cb),
            NIGHT_TEXT,
            app.ui,
            container=box,
            initial_state=self.game_night,
            tool_tip_text="The TV shows the table; each player scans a code and plays from "
            "their phone (same wifi, nothing to install)",
        )
        if self.game_night:
            self.teach_check = UICheckBox(
                pygame.Rect(sx + m.table_w + d.px(40), y + row_h + (row_h - cb) // 2, cb, cb),
                TEACH_TEXT,
                app.ui,
                container=box,
                initial_state=self.teach,
                tool_tip_text="Each phone shows a one-line tip for its player's decision: why "
                "those cards are lit, what the trick needs",
            )

    def _footer(self, form: _Form, by: int) -> None:
        """Back and Start, centred under the panel at ``by``."""
        app, root, d, btn_h = self.app, form.box, form.d, form.m.btn_h
        bw, bgap, mid = d.px(220), d.px(24), d.width // 2
        self.back_button = UIButton(
            pygame.Rect(mid - bgap // 2 - bw, by, bw, btn_h),
            "Back",
            app.ui,
            container=root,
            object_id="#big_button",
        )
        self.start_button = UIButton(
            pygame.Rect(mid + bgap // 2, by, bw, btn_h),
            "Start",
            app.ui,
            container=root,
            object_id="#primary",
        )

    def _form_top(self, total: int, to_count: int) -> int:
        """Where the form of height ``total`` starts: two fifths down the free height, or,
        for a new player count, where the count menu (``to_count`` below the top) stays put
        while the form still fits the window."""
        d = self.app.display
        margin, H = d.px(24), d.height
        room = frame_inset(d) + d.px(8)  # the buttons end clear of the backdrop's gold frame
        hold, self._hold = self._hold, None
        if hold is None:
            return max(margin, min((H - total) * 2 // 5, H - room - total))
        return max(margin, min(hold - to_count, H - room - total))

    def _seed_row(
        self, box: Any, x: int, y: int, field_w: int, seed_w: int, row_h: int, field_h: int
    ) -> None:
        add_label(self.app, box, pygame.Rect(x, y, field_w, row_h), "Seed", "#field")
        self.seed_entry = UITextEntryLine(
            pygame.Rect(x + field_w, y + (row_h - field_h) // 2, seed_w, field_h),
            self.app.ui,
            container=box,
            initial_text=self.seed_text,
        )
        self.seed_entry.set_text_length_limit(18)
        self.seed_entry.set_forbidden_characters(UNDRAWABLE)  # type: ignore[arg-type]

    def _option_row(
        self,
        opt: OptionSpec,
        box: Any,
        x: int,
        y: int,
        field_w: int,
        row_h: int,
        field_h: int,
        dropup: Any,
    ) -> int:
        """An option's label and widget in a row of ``row_h``; returns where a help text
        beside the widget starts."""
        app, d = self.app, self.app.display
        add_label(app, box, pygame.Rect(x, y, field_w, row_h), opt.label, "#field")
        wx, fy = x + field_w, y + (row_h - field_h) // 2
        widget: UITextEntryLine | UICheckBox | UIDropDownMenu
        if opt.kind == "bool":
            cb = d.px(34)
            widget = UICheckBox(
                pygame.Rect(wx, y + (row_h - cb) // 2, cb, cb),
                "",
                app.ui,
                container=box,
                initial_state=bool(self.values[opt.key]),
            )
            w = cb
        elif opt.kind == "choice":
            labels = [str(c) for c in opt.choices]
            w = self._option_w(opt)
            rect = pygame.Rect(wx, fy, w, field_h)
            widget = UIDropDownMenu(
                list[str | tuple[str, str]](labels),
                self.values[opt.key],
                rect,
                app.ui,
                container=box,
                object_id=dropup(rect, len(labels)),
            )
        else:
            w = d.px(150)
            widget = UITextEntryLine(
                pygame.Rect(wx, fy, w, field_h),
                app.ui,
                container=box,
                initial_text=self.values[opt.key],
            )
            widget.set_text_length_limit(NUMBER_LIMIT)
            widget.set_forbidden_characters(UNDRAWABLE)  # type: ignore[arg-type]
        self.option_widgets[opt.key] = widget
        return wx + w + d.px(16)

    def _option_w(self, opt: OptionSpec) -> int:
        """The width of an option's widget on the form."""
        d = self.app.display
        if opt.kind == "bool":
            return d.px(34)
        if opt.kind == "choice":
            widest = max(text_width(self.app, "#field", str(c)) for c in opt.choices)
            return max(d.px(200), widest + d.px(70))
        return d.px(150)

    def _help_beside(self, box: Any, x: int, y: int, row_h: int, right: int, text: str) -> None:
        """``text`` wrapped between ``x`` and ``right``, centred down a row of ``row_h``."""
        app = self.app
        count = len(wrap_for(app, "#help", text, right - x))
        top = y + (row_h - count * line_height(app, "#help")) // 2
        add_wrapped(app, box, x, top, right - x, text, "#help")

    # ---- events ---------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.start_button:
                self.start()
            elif event.ui_element is self.back_button:
                self.back()
        elif event.type == pygame.MOUSEWHEEL and self.max_scroll:
            self.scroll_by(-event.y * self.app.display.px(90))
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
            page = self.app.display.height * 3 // 4
            self.scroll_by(page if event.key == pygame.K_PAGEDOWN else -page)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.focus_next(backwards=bool(event.mod & pygame.KMOD_SHIFT))
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()  # a text field keeps its own Enter; anywhere else Enter starts
        elif (
            event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED)
            and event.ui_element is self.night_check
        ):
            self.set_game_night(event.type == pygame_gui.UI_CHECK_BOX_CHECKED)
        elif event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and self._count_list(
            event.ui_element
        ):
            # The count applies on the frame it is picked: the drop-down's own "changed"
            # event comes a frame later, after its list has closed onto the old form.
            self.set_players(int(event.text))
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.count_menu:
                self.set_players(int(event.text))
            elif event.ui_element in self.kind_menus:
                self._kind_changed(self.kind_menus.index(event.ui_element), event.text)
        else:
            super().handle(event)

    def _count_list(self, element: object) -> bool:
        """``element`` is the open list of the player-count menu."""
        menu = self.count_menu
        if menu is None or menu.current_state is not menu.menu_states["expanded"]:
            return False
        return element is getattr(menu.current_state, "options_selection_list", None)

    def text_fields(self) -> list[UITextEntryLine]:
        """The text fields in reading order (seat by seat, then the options and the seed)."""
        out: list[UITextEntryLine] = []
        for i, entry in enumerate(self.name_entries):
            out.append(entry)
            out += [entries[i] for entries in self.list_entries.values()]
        out += [w for w in self.option_widgets.values() if isinstance(w, UITextEntryLine)]
        if self.seed_entry is not None:
            out.append(self.seed_entry)
        return out

    def focus_next(self, backwards: bool = False) -> None:
        """Tab moves to the next text field (Shift+Tab to the previous one)."""
        fields = self.text_fields()
        if not fields:
            return
        current = next((i for i, f in enumerate(fields) if f.is_focused), None)
        if current is None:
            index = len(fields) - 1 if backwards else 0
        else:
            index = (current + (-1 if backwards else 1)) % len(fields)
        self.app.ui.set_focus_set(fields[index])
        if self.menu_keys is not None:
            self.menu_keys.follow(fields[index])

    def scroll_into_view(self, rect: pygame.Rect) -> None:
        """A widget the focus ring moved to is scrolled into view (a tall form on a TV)."""
        if not self.max_scroll:
            return
        margin, h = self.app.display.px(40), self.app.display.height
        if rect.top < margin:
            self.scroll_by(rect.top - margin)
        elif rect.bottom > h - margin:
            self.scroll_by(rect.bottom - (h - margin))

    def scroll_by(self, dy: int) -> None:
        """Move the page (only when the form is taller than the window)."""
        self.scroll = max(0, min(self.max_scroll, self.scroll + dy))
        self._apply_scroll()

    def _apply_scroll(self) -> None:
        if self.container is not None:
            self.container.set_relative_position((0, -self.scroll))

    def set_players(self, count: int) -> None:
        """Show ``count`` seats (widgets rebuilt; what was typed is kept)."""
        if count not in self.spec.counts:  # the nearest supported count
            count = min(self.spec.counts, key=lambda c: (abs(c - count), c))
        if count != self.players:
            self.sync()
            self.players = count
            keys, old = self.menu_keys, self.count_menu
            ring = keys is not None and old is not None and keys.focus is old
            self._hold = old.rect.top if old is not None else None
            self.rebuild()
            if ring and keys is not None and self.count_menu is not None:
                keys.focus = self.count_menu  # the ring stays on the menu it was on

    def set_game_night(self, on: bool) -> None:
        """Game night on: every human seat plays from a phone (the host may make one local
        again); off: the phone seats become local humans. The seat menus are rebuilt."""
        self.sync()
        Scene.kill_widgets(self)  # what was typed is kept above; the menus still show the old kinds
        self._clear_widgets()
        self.game_night = on
        swap = (HUMAN, PHONE) if on else (PHONE, HUMAN)
        self.kinds = [swap[1] if k == swap[0] else k for k in self.kinds]
        self.rebuild()

    def _kind_changed(self, seat: int, label: str) -> None:
        choices = kind_choices(self.game_night)
        new = {kind_label(k): k for k in choices}.get(label, self.kinds[seat])
        old = self.kinds[seat]
        self.kinds[seat] = new
        entry = self.name_entries[seat]
        # A name the player never touched follows the kind ("Sam" only for a human seat 1).
        if entry.get_text().strip() == self.auto_name(seat, old):
            entry.set_text(self.auto_name(seat, new))
            self.names[seat] = entry.get_text()

    # ---- start ----------------------------------------------------------------------------
    def make_session(self) -> Session:
        """The session the form describes; raises SetupError with a message for the player."""
        self.sync()
        n = self.players
        names = []
        for i in range(n):
            if not tidy_text(self.names[i]):
                raise SetupError(f"Seat {i + 1} needs a name.")
            try:
                names.append(check_name(self.names[i], f"Seat {i + 1}'s name"))
            except BadName as err:
                raise SetupError(str(err)) from None
        seen: dict[str, int] = {}
        for i, name in enumerate(names):
            if name.casefold() in seen:
                raise SetupError(
                    f"Seats {seen[name.casefold()] + 1} and {i + 1} are both called {name}: "
                    "give each player a different name."
                )
            seen[name.casefold()] = i
        options: dict[str, Any] = {}
        for opt in self.offered():  # the others keep the rules' defaults
            value = self.values[opt.key]
            if opt.kind == "int-list":
                options[opt.key] = [
                    _whole(value[i], opt, f"{opt.label} for {names[i]}") for i in range(n)
                ]
            elif opt.kind == "int":
                options[opt.key] = _whole(value, opt, opt.label)
            elif opt.kind == "bool":
                options[opt.key] = bool(value)
            elif opt.kind == "choice":
                by_label = {str(c): c for c in opt.choices}
                if value not in by_label:
                    raise SetupError(f"Choose a value for {opt.label}.")
                options[opt.key] = by_label[value]
        seed_text = self.seed_text.strip()
        seed: int | None = None
        if seed_text:
            if not _WHOLE.fullmatch(seed_text) or int(seed_text) < 0:
                raise SetupError("The seed must be a whole number of 0 or more (or blank).")
            seed = int(seed_text)
        seats = [SeatConfig(names[i], self.kinds[i]) for i in range(n)]
        session = Session(self.game_id, seats, seed, options, self.table_display)
        session.teach = self.game_night and self.teach
        return session

    def start(self) -> None:
        """Validate, then hand the table the new session (an error keeps the form open)."""
        try:
            session = self.make_session()
        except SetupError as err:
            self.app.toast(str(err), kind="error")
            return
        self.app.go.table(session)

    # ---- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        d = self.app.display
        self.backdrop.draw(surface, d, offset=(0, -self.scroll))
        if self.panel_rect.width:
            # A hairline between the seats and the rest of the form.
            x, y = self.panel_rect.x + d.px(36), self._rule_y - self.scroll
            pygame.draw.line(surface, (58, 72, 62), (x, y), (self.panel_rect.right - d.px(36), y))
        if self.max_scroll:
            # A scroll indicator on the right edge: the page is taller than the window.
            track = pygame.Rect(d.width - d.px(16), d.px(40), max(3, d.px(6)), d.height - d.px(80))
            pygame.draw.rect(surface, (40, 52, 45), track, border_radius=track.width // 2)
            total = d.height + self.max_scroll
            size = max(d.px(40), track.height * d.height // total)
            y = track.y + (track.height - size) * self.scroll // self.max_scroll
            thumb = pygame.Rect(track.x, y, track.width, size)
            pygame.draw.rect(surface, GOLD_DEEP, thumb, border_radius=track.width // 2)


def _fits(text: Any, limit: int) -> bool:
    """``text`` is a string a text field of ``limit`` characters can hold and draw."""
    return isinstance(text, str) and len(text) <= limit and not any(ch in UNDRAWABLE for ch in text)


def _whole(text: Any, opt: OptionSpec, what: str) -> int:
    """``text`` as a whole number within the option's bounds, or a SetupError naming ``what``."""
    s = str(text).strip()
    if not _WHOLE.fullmatch(s):
        raise SetupError(f"{what} must be a whole number.")
    value = int(s)
    if opt.minimum is not None and value < opt.minimum:
        raise SetupError(f"{what} must be at least {opt.minimum}.")
    if opt.maximum is not None and value > opt.maximum:
        raise SetupError(f"{what} must be at most {opt.maximum}.")
    return value
