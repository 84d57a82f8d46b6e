"""The table's game night: the TV side of :class:`tabletop.net.GameNight`.

While a game night runs the TV shows only the public table. Until every phone seat has joined,
a join panel over the table shows each phone seat's name, QR code and address; then it folds
into a small "Phones" strip under the game log (who is connected, who has gone away), and a
click on the strip opens the codes again. The table scene owns this and calls :meth:`poll`
every frame and :meth:`publish` after every change it makes itself.
"""

from __future__ import annotations

import errno
import inspect
import math
from concurrent.futures import Future
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any

import pygame

from .. import fonts
from ..ai.worker import shared_worker
from ..display import Display
from ..layouts import get_layout
from ..net import DEFAULT_PORT, AppliedMove, GameNight, qr_matrix
from ..net.png import Pixels
from ..net.room import NightRoom
from ..session import Session
from ..table import card_art, card_painter, render
from ..table.card_png import card_pixels
from ..ui.palette import CREAM, GOLD, GOLD_DEEP, MUTED
from ..ui.text import fit_size, wrap_text

#: Where the server listens (None: the LAN address and loopback) and on which port; tests
#: point these at loopback and port 0.
BIND: list[str] | None = None
PORT: int = DEFAULT_PORT
#: Card pictures for the phones are painted in a process of their own (card_painter); False:
#: on the UI thread between moves (tests that count what the UI thread paints).
PAINT_IN_PROCESS = True

#: The join panel's heading: what to do, then how (the note).
TITLE = "Game night: scan your seat's code with your phone's camera"
NOTE = (
    "Phones on the same wifi as this computer · nothing to install · the codes fold away "
    "once everyone has joined (or click here)"
)

CONNECTED = (112, 200, 120)
AWAY = (226, 150, 84)
QR_DARK = (16, 16, 16)
QR_LIGHT = (255, 255, 255)
MIN_QR = 180
"""The smallest QR code (1080p desktop pixels, scaled by ``Display.px``): scannable from a sofa."""
MAX_QR = 300

_NET_REASONS = {
    errno.EADDRINUSE: "another program is using the network port",
    errno.EACCES: "the system does not let this app listen on the network",
    errno.EADDRNOTAVAIL: "this computer's network address is not available",
    errno.ENETUNREACH: "this computer is not connected to a network",
}


def _reason(err: BaseException) -> str:
    if isinstance(err, OSError) and err.errno in _NET_REASONS:
        return _NET_REASONS[err.errno]
    if isinstance(err, TimeoutError):
        return "the network server did not answer in time"
    if isinstance(err, OSError) and err.errno:
        return f"the network refused (error {err.errno})"
    return "the network server could not be opened"


@dataclass
class _Cell:
    seat: int
    rect: pygame.Rect
    qr: pygame.Rect


class NightHost:
    """One table's game night: the server's life, the join panel and the phones strip."""

    def __init__(self, session: Session, room: NightRoom | None = None) -> None:
        self.session = session
        self.room = room  # the evening's room: links and server outlive this game
        self.night: GameNight | None = None
        self.seats: tuple[int, ...] = ()
        self.joined: set[int] = set()  # seats whose phone has connected at least once
        self.show_codes = True
        self._folded = False  # the panel folds by itself once, when everyone has joined
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.strip_rect = pygame.Rect(0, 0, 0, 0)
        self.cells: list[_Cell] = []
        #: The join panel's title and note, in lines (:meth:`layout_panel`).
        self.heading: tuple[list[str], list[str]] = ([], [])
        self._qr: dict[tuple[int, int], pygame.Surface] = {}
        self._matrices: dict[int, list[list[bool]]] = {}

    # ---- the server's life -------------------------------------------------------------
    @property
    def active(self) -> bool:
        return self.night is not None

    def start(self) -> str | None:
        """Start the server if the session has phone seats; a sentence if it cannot."""
        seats = self.session.phone_seats
        if not seats or self.night is not None:
            return None
        kwargs: dict[str, Any] = {"bind": BIND, "port": PORT, "hold_accepted": True}
        kwargs["room"] = self.room
        kwargs["score_table"] = get_layout(self.session.game_id).score_table
        kwargs["card_text"] = partial(card_art.card_text, self.session.game_id)
        kwargs["hint_worker"] = shared_worker()  # the table's own AI worker: hints off this thread
        if "card_image" in inspect.signature(GameNight).parameters:
            kwargs["card_image"] = self.card_image
        if PAINT_IN_PROCESS and "card_painter" in inspect.signature(GameNight).parameters:
            painter = card_painter.shared()
            painter.warm_up()  # spawned now: the first phone's cards do not wait for it
            kwargs["card_painter"] = self.paint_card
        night: GameNight | None = None
        try:
            night = GameNight(self.session, seats, **kwargs)
            night.start()
            if BIND is None and _loopback(night.url):
                raise OSError(errno.ENETUNREACH, "no network")
        except (OSError, ValueError, RuntimeError) as err:
            if night is not None:
                night.stop()
            return f"The game night could not start: {_reason(err)}."
        self.night = night
        self.seats = night.seats
        self._matrices = {seat: qr_matrix(night.link(seat)) for seat in self.seats}
        return None

    def stop(self) -> None:
        """Close every phone's connection and free the port (the game ended or was left)."""
        night, self.night = self.night, None
        if night is not None:
            night.stop()
        self._qr.clear()

    def paint_card(self, card: str) -> Future[bytes | None]:
        """A card's PNG for the phones, painted in the painter process (not on this thread)."""
        return card_painter.shared().paint(self.session.game_id, card)

    def card_image(self, card: str) -> Pixels | None:
        """A card's picture for the phones, the desktop's own art (the server encodes it)."""
        return card_pixels(self.session.game_id, card)

    def poll(self) -> list[AppliedMove]:
        """The phones' moves the rules accepted since the last frame (the UI thread)."""
        if self.night is None:
            return []
        applied = self.night.poll(follow_up=False)  # the table spreads the rest (table_follow_up)
        self.joined |= self.night.connected()
        if not self._folded and self.all_joined:
            self._folded = True
            self.show_codes = False
        return applied

    def saved(self, ply: int) -> None:
        """The save file holds the game's first ``ply`` moves (any thread): the phones whose
        moves those are may be told they were accepted."""
        night = self.night
        if night is not None:
            night.saved(ply)

    def publish(self) -> None:
        """Send every phone the new state now (after an undo, or a move made while the table
        is covered)."""
        if self.night is not None:
            self.night.publish()

    def publish_later(self) -> None:
        """A local or AI move: the phones get the new state on a later frame (table_follow_up)."""
        if self.night is not None:
            self.night.publish_later()

    def publish_if_due(self) -> bool:
        """Send the phones the new state if a move has not been sent yet (True: it was)."""
        night = self.night
        if night is None or not night.publish_due:
            return False
        night.publish()
        return True

    def paint_card_images(self) -> int:
        """Paint a few card faces the phones asked for (a frame with nothing else to do);
        returns how many."""
        return self.night.paint_card_images() if self.night is not None else 0

    @property
    def covers_table(self) -> bool:
        """The join panel is open over the table: nobody sees the table, so AI seats wait."""
        return self.night is not None and self.show_codes

    def covered_text(self) -> str:
        """The status bar while an AI seat waits for the join panel to close."""
        if not self.all_joined:
            return "Waiting for every phone to join (the computer players wait too)"
        return "Close the codes to go on"

    @property
    def all_joined(self) -> bool:
        return bool(self.seats) and self.joined >= set(self.seats)

    def connected(self) -> frozenset[int]:
        return self.night.connected() if self.night is not None else frozenset()

    def waiting_text(self, seat: int) -> str:
        """The status bar while a phone seat is to move."""
        name = self.session.names[seat]
        if seat in self.connected():
            return f"Waiting for {name}'s phone"
        if seat in self.joined:
            return f"Waiting for {name}'s phone: it went away (reload the page or scan again)"
        return f"Waiting for {name}'s phone: scan the code to join"

    # ---- input ----------------------------------------------------------------------------
    def click(self, pos: tuple[int, int]) -> bool:
        """A click on the strip opens the codes; one on the open panel folds it. True if the
        click was for the game night."""
        if self.night is None:
            return False
        if self.strip_rect.collidepoint(pos):
            self.show_codes = not self.show_codes
            return True
        if self.show_codes and self.panel_rect.collidepoint(pos):
            self.show_codes = False
            return True
        return False

    # ---- drawing ----------------------------------------------------------------------------
    def strip_height(self, display: Display) -> int:
        """The height of the phones strip under the log (0 without a game night)."""
        if self.night is None:
            return 0
        d = display
        rows = math.ceil(len(self.seats) / 2) if self._two_columns(d) else len(self.seats)
        hint = self._hint_height(d) if self._hint_below(d) else 0
        return 2 * d.px(12) + d.font_px(22) + hint + d.px(6) + rows * d.font_px(26)

    def _hint_below(self, d: Display) -> bool:
        """The strip's "Show codes" hint goes under its title where the two do not fit on
        one line (a TV's narrow log at the body size), measured at the log's narrow width so
        that the height does not change with G."""
        title = fonts.get_font(d.font_px(22), "serif-bold").size("Phones")[0]
        hint = max(fonts.get_font(d.font_px(16)).size(t)[0] for t in ("Show codes", "Hide codes"))
        return title + hint + 3 * d.px(16) > d.log_px()

    @staticmethod
    def _hint_height(d: Display) -> int:
        return fonts.get_font(d.font_px(16)).get_linesize() + d.px(4)

    def _two_columns(self, d: Display) -> bool:
        """More than four phones are listed in two columns if their longest line fits in one
        (measured at the log's narrow width, the TV's: the height must not change with G)."""
        if len(self.seats) <= 4:
            return False
        font = fonts.get_font(d.font_px(19))
        longest = max(font.size(f"{self.session.names[s]} · not joined")[0] for s in self.seats)
        col_w = (d.log_px() - 2 * d.px(16)) // 2
        return longest + 2 * max(3, d.px(6)) + d.px(16) <= col_w

    def draw(self, surface: pygame.Surface, display: Display, area: pygame.Rect) -> None:
        """The strip, and the join panel over ``area`` while the codes are shown."""
        if self.night is None:
            return
        self._draw_strip(surface, display)
        if self.show_codes:
            self._draw_panel(surface, display, area)
        else:
            self.panel_rect = pygame.Rect(0, 0, 0, 0)

    def _draw_strip(self, surface: pygame.Surface, d: Display) -> None:
        rect = self.strip_rect
        if rect.w <= 0 or rect.h <= 0:
            return
        render.draw_box(surface, render.Box(rect, (14, 22, 18, 245), None, 0))
        pygame.draw.line(surface, GOLD, rect.topleft, rect.topright, 2)
        pygame.draw.line(surface, GOLD_DEEP, rect.topleft, rect.bottomleft, 2)
        pad = d.px(16)
        y = rect.y + d.px(12)
        title = render.draw_text(
            surface,
            render.Text("Phones", (rect.x + pad, y), d.font_px(22), GOLD, face="serif-bold"),
        )
        hint = "Hide codes" if self.show_codes else "Show codes"  # the strip is the button
        y = title.bottom + d.px(6)
        if self._hint_below(d):
            place, anchor, room = (
                (rect.x + pad, title.bottom + d.px(4)),
                "topleft",
                rect.w - 2 * pad,
            )
            y += self._hint_height(d)
        else:
            place, anchor = (rect.right - pad, title.centery), "midright"
            room = rect.w - 3 * pad - title.w
        render.draw_text(
            surface, render.Text(hint, place, d.font_px(16), MUTED, anchor, max_width=room)
        )
        now = self.connected()
        two = self._two_columns(d)
        col_w = (rect.w - 2 * pad) // (2 if two else 1)
        line = d.font_px(26)
        per_col = math.ceil(len(self.seats) / 2) if two else len(self.seats)
        for i, seat in enumerate(self.seats):
            x = rect.x + pad + (i // per_col) * col_w
            cy = y + (i % per_col) * line + line // 2
            name = self.session.names[seat]
            if seat in now:
                colour, text = CONNECTED, name
            elif seat in self.joined:
                colour, text = AWAY, f"{name} · away"
            else:
                colour, text = MUTED, f"{name} · not joined"
            radius = max(3, d.px(6))
            if seat in now:
                pygame.draw.circle(surface, colour, (x + radius, cy), radius)
            else:
                pygame.draw.circle(surface, colour, (x + radius, cy), radius, max(1, d.px(2)))
            render.draw_text(
                surface,
                render.Text(
                    text,
                    (x + 2 * radius + d.px(8), cy),
                    d.font_px(19),
                    CREAM if seat in now else colour,
                    "midleft",
                    max_width=col_w - 2 * radius - d.px(16),
                ),
            )

    def layout_panel(self, d: Display, area: pygame.Rect) -> None:
        """Place the join panel and its cells in ``area`` (the play area under the status
        bar): the arrangement of columns that gives the largest QR codes, in whole pixels a
        module, in a panel wide enough for its heading where the area allows."""
        assert self.night is not None
        n = len(self.seats)
        modules = max(len(m) for m in self._matrices.values())
        pad, gap, cpad = d.px(28), d.px(20), d.px(10)
        margin = d.px(16)
        most_w = area.w - 2 * margin  # the widest panel
        title, note, head_h, heading_w = _heading(d.font_px(34), d.font_px(20), most_w - 2 * pad)
        self.heading = (title, note)
        head_h += d.px(8) + d.px(18)
        name_h = d.font_px(26) + d.px(6)
        addr_h = d.px(6) + d.font_px(17)
        avail_w = most_w - 2 * pad
        avail_h = area.h - 2 * margin - 2 * pad - head_h
        best: tuple[int, int] | None = None
        for cols in range(1, n + 1):
            rows = math.ceil(n / cols)
            cell_w = (avail_w - (cols - 1) * gap) // cols - 2 * cpad
            cell_h = (avail_h - (rows - 1) * gap) // rows - 2 * cpad - name_h - addr_h
            size = min(cell_w, cell_h, d.px(MAX_QR))
            module = max(1, size // modules)
            if best is None or module > best[1]:
                best = (cols, module)
        assert best is not None
        cols, module = best
        rows = math.ceil(n / cols)
        qr = module * modules
        cell_w = max(qr + 2 * cpad, min(d.px(360), (avail_w - (cols - 1) * gap) // cols))
        cell_h = qr + 2 * cpad + name_h + addr_h
        heading_w += 2 * pad
        width = min(most_w, max(cols * cell_w + (cols - 1) * gap + 2 * pad, heading_w))
        height = head_h + rows * cell_h + (rows - 1) * gap + 2 * pad
        panel = pygame.Rect(0, 0, width, height)
        panel.center = area.center
        panel.clamp_ip(area)
        self.panel_rect = panel
        self.cells = []
        top = panel.y + pad + head_h
        for i, seat in enumerate(self.seats):
            r, c = divmod(i, cols)
            in_row = min(cols, n - r * cols)  # a short last row is centred
            row_w = in_row * cell_w + (in_row - 1) * gap
            x = panel.centerx - row_w // 2 + c * (cell_w + gap)
            y = top + r * (cell_h + gap)
            cell = pygame.Rect(x, y, cell_w, cell_h)
            code = pygame.Rect(0, 0, qr, qr)
            code.midtop = (cell.centerx, cell.y + cpad + name_h)
            self.cells.append(_Cell(seat, cell, code))

    def short_link(self, seat: int) -> str:
        """The address shown under a code: the link with its token cut short
        (``http://192.168.1.20:8642/j/Xk3f…``); the code holds all of it."""
        assert self.night is not None
        base, _, token = self.night.link(seat).partition("/j/")
        return f"{base}/j/{token[:4]}…"

    def qr_image(self, seat: int, size: int) -> pygame.Surface:
        """Seat's QR code ``size`` pixels square (a whole number of pixels a module, no
        smoothing: crisp squares), quiet zone included."""
        key = (seat, size)
        image = self._qr.get(key)
        if image is None:
            matrix = self._matrices[seat]
            n = len(matrix)
            small = pygame.Surface((n, n))
            small.fill(QR_LIGHT)
            for y, row in enumerate(matrix):
                for x, dark in enumerate(row):
                    if dark:
                        small.set_at((x, y), QR_DARK)
            image = pygame.transform.scale(small, (size, size))  # nearest neighbour
            self._qr[key] = image
        return image

    def _draw_panel(self, surface: pygame.Surface, d: Display, area: pygame.Rect) -> None:
        assert self.night is not None
        self.layout_panel(d, area)
        panel = self.panel_rect
        render.draw_box(surface, render.Box(panel, (12, 20, 16, 240), GOLD, d.px(16), 2))
        pad = d.px(28)
        y = panel.y + pad
        title, note = self.heading
        for line in title:
            y = render.draw_text(
                surface,
                render.Text(line, (panel.centerx, y), d.font_px(34), GOLD, "midtop", "serif-bold"),
            ).bottom
        y += d.px(8)
        for line in note:
            y = render.draw_text(
                surface, render.Text(line, (panel.centerx, y), d.font_px(20), MUTED, "midtop")
            ).bottom
        now = self.connected()
        for cell in self.cells:
            self._draw_cell(surface, d, cell, now)

    def _draw_cell(
        self, surface: pygame.Surface, d: Display, cell: _Cell, now: frozenset[int]
    ) -> None:
        rect, seat = cell.rect, cell.seat
        if seat in now:
            state, colour = "joined", CONNECTED
        elif seat in self.joined:
            state, colour = "away", AWAY
        else:
            state, colour = "", MUTED
        border = colour if state else (58, 72, 62)
        render.draw_box(surface, render.Box(rect, (26, 38, 31, 255), border, d.px(12), 2))
        cpad = d.px(10)
        width = rect.w - 2 * cpad
        name = self.session.names[seat] + (f" · {state}" if state else "")
        render.draw_text(
            surface,
            render.Text(
                name,
                (rect.centerx, rect.y + cpad),
                d.font_px(26),
                colour if state else CREAM,
                "midtop",
                "sans-bold",
                max_width=width,
            ),
        )
        surface.blit(self.qr_image(seat, cell.qr.w), cell.qr)
        link = self.short_link(seat)
        size = d.font_px(17)
        if fit_size(link, "sans", width, size, 12, strict=True) is None:
            link = link.removeprefix("http://")
        render.draw_text(
            surface,
            render.Text(
                link,
                (rect.centerx, cell.qr.bottom + d.px(6)),
                size,
                CREAM,
                "midtop",
                max_width=width,
            ),
        )


@lru_cache(maxsize=8)
def _heading(title_px: int, note_px: int, width: int) -> tuple[list[str], list[str], int, int]:
    """The join panel's title and note in as many lines as ``width`` needs (never cut: the
    title is what a guest reads first), the lines' height and the widest line's width; worked
    out once for a size, not on every frame the panel shows."""
    title_font = fonts.get_font(title_px, "serif-bold")
    note_font = fonts.get_font(note_px)
    title = wrap_text(TITLE, title_font, width) or [TITLE]
    note = wrap_text(NOTE, note_font, width) or [NOTE]
    height = len(title) * title_font.get_linesize() + len(note) * note_font.get_linesize()
    widest = max([title_font.size(t)[0] for t in title] + [note_font.size(t)[0] for t in note])
    return title, note, height, widest


def _loopback(url: str) -> bool:
    host = url.split("//", 1)[-1].rsplit(":", 1)[0].strip("[]")
    return host.startswith("127.") or host in ("::1", "localhost")
