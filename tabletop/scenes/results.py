"""The end of a game: who won and why, the scores, the game's score table; what next.

Pushed over the finished table: "See the table" pops back to it, "Rematch" starts the same
seats again, "Back to title" empties the stack.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from rules import Outcome

from .. import fonts
from ..layouts import get_layout
from ..outcome_words import detail, headline
from ..stats import record_game
from ..storage import describe_os_error
from ..ui.grid import CHIP_BG, render_grid
from ..ui.menu import Backdrop, add_wrapped, line_height, text_width, wrap_for
from ..ui.palette import CREAM, GOLD, GOLD_DEEP, MUTED
from .base import Scene

if TYPE_CHECKING:
    from ..app import App
    from ..session import Session

WIN_BG = (62, 50, 20, 235)


#: Lines for the sentence under the headline: why the game ended, then who won and why.
DETAIL_LINES = 3


@dataclass(frozen=True)
class _Chips:
    """The score chips: one per seat, ``per_row`` to a row, the rows centred."""

    seats: int
    per_row: int
    rows: int
    w: int
    h: int
    gap: int

    @property
    def height(self) -> int:
        return self.rows * self.h + (self.rows - 1) * self.gap

    def rects(self, screen_w: int, y: int) -> list[tuple[pygame.Rect, int]]:
        """Each chip's rectangle from ``y`` down, with its seat."""
        out = []
        for row in range(self.rows):
            seats = range(row * self.per_row, min(self.seats, (row + 1) * self.per_row))
            cx = (screen_w - (self.w * len(seats) + self.gap * (len(seats) - 1))) // 2
            top = y + row * (self.h + self.gap)
            out += [
                (pygame.Rect(cx + k * (self.w + self.gap), top, self.w, self.h), seat)
                for k, seat in enumerate(seats)
            ]
        return out


@dataclass(frozen=True)
class _Gaps:
    """The space around the results' column, closed up where the score table needs room."""

    margin: int  # above and below everything
    after_chips: int
    before_buttons: int
    above: int  # the words and the chips

    @property
    def block(self) -> int:
        """Everything above the score table."""
        return self.above + self.after_chips


class ResultsScene(Scene):
    """Results of a finished session."""

    opaque = True
    holds_game = False

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.backdrop = Backdrop()
        names = session.names
        self.labels: list[str] = []  # each seat's score as its chip shows it
        if session.game.over:
            self.outcome: Outcome | None = session.game.outcome()
            self.headline = headline(self.outcome, names)
            self.detail = detail(self.outcome, names)
            layout = get_layout(session.game_id)
            self.table = layout.score_table(self.outcome, names)
            self.labels = [layout.score_label(self.outcome, s) for s in range(len(names))]
            self._record_statistics()
        else:  # shown early by mistake: say so rather than invent a winner
            self.outcome = None
            self.headline = "The game is not over"
            self.detail = ""
            self.table = ([], [])
            self.labels = []
        self.rematch_button: UIButton | None = None
        self.title_button: UIButton | None = None
        self.table_button: UIButton | None = None
        self._chips: list[tuple[pygame.Rect, int]] = []
        self._chips_low = False  # two rows of low chips (many players)
        self.shrunk_names: set[str] = set()  # names drawn smaller to fit their chip
        self._grid: pygame.Surface | None = None
        self._grid_pos = (0, 0)
        self.grid_font_size = 0

    def _record_statistics(self) -> None:
        """Count the finished game once (showing the results again does not count it twice)."""
        if not self.session.humans:
            return  # AI-only games are nobody's statistics
        try:
            record_game(self.session)
        except OSError as err:
            self.app.toast(
                f"The statistics could not be saved: {describe_os_error(err)}.",
                kind="error",
                seconds=6,
            )

    # ---- layout ---------------------------------------------------------------------------
    def build(self) -> None:
        app, d, root = self.app, self.app.display, self.container
        assert root is not None
        W, H = d.size
        width = min(W - 2 * d.px(70), d.px(1500))
        x0 = (W - width) // 2
        chips = self._chip_rows(width)
        self._chips_low = chips.rows > 1
        btn_h = d.px(62)
        gaps = self._fit_grid(width, self._words_h(width) + chips.height, btn_h)
        grid_h = self._grid.get_height() if self._grid is not None else 0
        y = max(gaps.margin, (H - (gaps.block + grid_h + gaps.before_buttons + btn_h)) * 2 // 5)
        _, y = add_wrapped(app, root, x0, y, width, self.headline, "#headline", "centre", 2)
        y += d.px(6)
        if self.detail:
            _, y = add_wrapped(
                app, root, x0, y, width, self.detail, "#lead", "centre", DETAIL_LINES
            )
        y += d.px(28)
        self._chips = chips.rects(W, y)
        y += chips.height + gaps.after_chips
        if self._grid is not None:
            self._grid_pos = (W // 2 - self._grid.get_width() // 2, y)
        y += grid_h + gaps.before_buttons
        self._buttons(min(y, H - gaps.margin - btn_h), btn_h)

    def _words_h(self, width: int) -> int:
        """The headline's and the detail's height, with the space under each."""
        app, d = self.app, self.app.display
        head_lines = min(2, len(wrap_for(app, "#headline", self.headline, width)))
        detail_lines = (
            min(DETAIL_LINES, len(wrap_for(app, "#lead", self.detail, width))) if self.detail else 0
        )
        return (
            head_lines * line_height(app, "#headline")
            + d.px(6)
            + detail_lines * line_height(app, "#lead")
            + d.px(28)
        )

    def _chip_rows(self, width: int) -> _Chips:
        """One score chip per seat, in one row; in two where a name would not fit its chip
        whole at the body size (nine players on a TV)."""
        d = self.app.display
        n = len(self.session.seats)
        gap = d.px(18)
        name_w = max(
            fonts.get_font(d.font_px(22), "sans-bold").size(nm)[0] for nm in self.session.names
        )
        per_row = n
        chip_w = min(d.px(230), (width - gap * (n - 1)) // max(1, n))
        if name_w > chip_w - d.px(16) and n > 1:
            per_row = -(-n // 2)
            score_w = fonts.get_font(d.font_px(34), "serif-bold").size("000")[0]
            chip_w = min(
                max(d.px(230), name_w + score_w + d.px(40)),
                (width - gap * (per_row - 1)) // per_row,
            )
        rows = -(-n // per_row)
        # Two rows of chips are low ones, the name beside the score, not above it.
        return _Chips(n, per_row, rows, chip_w, d.px(104) if rows == 1 else d.px(64), gap)

    def _fit_grid(self, width: int, above: int, btn_h: int) -> _Gaps:
        """Render the score table in whatever height is left under ``above`` (the words and
        the chips) and over the buttons. Where its words would have to shrink, the column
        closes up first (a TV, nine players: the table keeps the body size where it can)."""
        d = self.app.display
        for close in (1.0, 0.5, 0.2):
            gaps = _Gaps(
                margin=round(d.px(44) * close),
                after_chips=round(d.px(30) * close),
                before_buttons=round(d.px(36) * close),
                above=above,
            )
            room_h = d.height - 2 * gaps.margin - gaps.block - gaps.before_buttons - btn_h
            self._grid = self._render_grid(width, max(1, room_h))
            if self.grid_font_size >= d.font_px(22):
                break
        return gaps

    def _buttons(self, by: int, btn_h: int) -> None:
        """Back to title, See the table and Rematch, centred in a row at ``by``."""
        app, d, root = self.app, self.app.display, self.container
        assert root is not None
        bgap = d.px(24)
        labels = ("Back to title", "See the table", "Rematch")
        bw = max(
            d.px(250), *(text_width(app, "#big_button", t, "button") + d.px(48) for t in labels)
        )
        bx = (d.width - 3 * bw - 2 * bgap) // 2
        self.title_button = UIButton(
            pygame.Rect(bx, by, bw, btn_h),
            "Back to title",
            app.ui,
            container=root,
            object_id="#big_button",
        )
        self.table_button = UIButton(
            pygame.Rect(bx + bw + bgap, by, bw, btn_h),
            "See the table",
            app.ui,
            container=root,
            object_id="#big_button",
        )
        self.rematch_button = UIButton(
            pygame.Rect(bx + 2 * (bw + bgap), by, bw, btn_h),
            "Rematch",
            app.ui,
            container=root,
            object_id="#primary",
        )

    def _render_grid(self, max_w: int, max_h: int) -> pygame.Surface | None:
        """The score table as a grid, with the largest font (≤ 22 px at 1080p) that fits."""
        header, rows = self.table
        if not header and not rows:
            return None
        cells = ([list(header)] if header else []) + [list(r) for r in rows]
        grid, self.grid_font_size = render_grid(
            cells,
            self.app.display.font_px(22),
            max_w,
            max_h,
            header=bool(header),
            is_total=_is_total,
        )
        return grid

    # ---- events ---------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.rematch_button:
                self.rematch()
            elif event.ui_element is self.title_button:
                self.to_title()
            elif event.ui_element is self.table_button:
                self.app.pop()
        else:
            super().handle(event)  # Esc: back to the table, like "See the table"

    def rematch(self) -> None:
        """The same seats, names and options; a new deal."""
        self.app.go.rematch(self, self.session)

    def to_title(self) -> None:
        self.app.go.title()

    # ---- drawing --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        d = self.app.display
        self.backdrop.draw(surface, d)
        winners = set(self.outcome.winners) if self.outcome is not None else set()
        name_font = fonts.get_font(d.font_px(22), "sans-bold")
        score_font = fonts.get_font(d.font_px(46), "serif-bold")
        low_font = fonts.get_font(d.font_px(34), "serif-bold")
        for rect, seat in self._chips:
            won = seat in winners
            chip = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(
                chip, WIN_BG if won else CHIP_BG, chip.get_rect(), border_radius=d.px(14)
            )
            border = GOLD if won else (*GOLD_DEEP, 90)
            pygame.draw.rect(
                chip, border, chip.get_rect(), max(1, d.px(2) if won else 1), border_radius=d.px(14)
            )
            surface.blit(chip, rect)
            name = self.session.names[seat]
            value = self.labels[seat] if seat < len(self.labels) else "–"
            score = (low_font if self._chips_low else score_font).render(value, True, CREAM)
            image = name_font.render(name, True, GOLD if won else MUTED)
            room = rect.width - d.px(16) - (score.get_width() + d.px(12) if self._chips_low else 0)
            if image.get_width() > room:
                image = pygame.transform.smoothscale_by(image, room / image.get_width())
                self.shrunk_names.add(name)
            if self._chips_low:
                surface.blit(image, image.get_rect(midleft=(rect.x + d.px(12), rect.centery)))
                surface.blit(score, score.get_rect(midright=(rect.right - d.px(12), rect.centery)))
                continue
            surface.blit(image, image.get_rect(midtop=(rect.centerx, rect.y + d.px(12))))
            surface.blit(score, score.get_rect(midbottom=(rect.centerx, rect.bottom - d.px(8))))
        if self._grid is not None:
            surface.blit(self._grid, self._grid_pos)


def _is_total(row: list[str]) -> bool:
    return bool(row) and row[0].strip().lower() in ("total", "totals")
