"""A Markdown renderer for pygame: the rules screen and other text panels.

:func:`layout` places the blocks of :mod:`tabletop.ui.markdown_blocks` (Markdown parsed by
markdown-it-py) at a width and returns a :class:`MarkdownLayout` (its height and the y of every
heading); :func:`render` draws one tall transparent surface exactly ``width`` wide.

Drawn: ``#``/``##``/``###`` headings (deeper ones as ``###``), paragraphs, bulleted and numbered
lists (nested), ``**bold**``, ``*italic*``, ```code```, ``---`` rules, pipe tables, ``>``
quotes, code blocks; links show their text.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from ..fonts import get_font
from .markdown_blocks import (
    Align,
    Block,
    CodeBlock,
    Heading,
    ListBlock,
    ListItem,
    Paragraph,
    Quote,
    Rule,
    Span,
    Table,
    parse,
    parse_inline,
    plain,
)
from .palette import CREAM, GOLD, MUTED

__all__ = [
    "Block",
    "CodeBlock",
    "Heading",
    "HeadingPos",
    "ListBlock",
    "ListItem",
    "MarkdownColours",
    "MarkdownLayout",
    "Paragraph",
    "Quote",
    "Rule",
    "Span",
    "Table",
    "heading_offsets",
    "layout",
    "parse",
    "parse_inline",
    "plain",
    "render",
]

Colour = tuple[int, int, int] | tuple[int, int, int, int]

# ---------------------------------------------------------------------------------------------
# Layout and rendering
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MarkdownColours:
    """Colours of rendered Markdown; the defaults are the app's, for a dark green or charcoal
    table."""

    text: Colour = CREAM
    heading: Colour = GOLD
    muted: Colour = MUTED
    code_bg: Colour = (255, 255, 255, 34)
    rule: Colour = (255, 255, 255, 72)


@dataclass(frozen=True)
class HeadingPos:
    """Where a heading sits in the rendered surface (``y`` = top of its first line)."""

    level: int
    text: str
    y: int


@dataclass(frozen=True)
class _Style:
    face: str
    size: int
    colour: Colour
    code: bool = False

    @property
    def font(self) -> pygame.font.Font:
        return get_font(self.size, self.face)


@dataclass
class _Run:
    style: _Style
    text: str
    width: int


@dataclass
class _Line:
    runs: list[_Run]
    width: int
    ascent: int
    height: int


@dataclass(frozen=True)
class _TextOp:
    x: int
    baseline: int
    style: _Style
    text: str


@dataclass(frozen=True)
class _RectOp:
    rect: tuple[int, int, int, int]
    colour: Colour
    radius: int = 0


@dataclass
class MarkdownLayout:
    """Blocks placed at one width: total ``height``, ``headings`` and the drawing operations."""

    width: int
    height: int
    headings: list[HeadingPos]
    ops: list[_TextOp | _RectOp]

    def to_surface(self) -> pygame.Surface:
        """Draw everything onto a new transparent surface ``width`` × ``height``."""
        surface = pygame.Surface((self.width, max(1, self.height)), pygame.SRCALPHA)
        for op in self.ops:
            if isinstance(op, _RectOp):
                pygame.draw.rect(surface, op.colour, op.rect, border_radius=op.radius)
            elif op.text.strip():
                font = op.style.font
                image = font.render(op.text, True, op.style.colour)
                surface.blit(image, (op.x, op.baseline - font.get_ascent()))
        return surface


def _face(serif: bool, bold: bool, italic: bool) -> str:
    # There is no serif italic in assets/fonts, so italic text inside a serif heading uses sans.
    if serif and not italic:
        return "serif-bold" if bold else "serif"
    return {
        (False, False): "sans",
        (True, False): "sans-bold",
        (False, True): "sans-italic",
        (True, True): "sans-bold-italic",
    }[bold, italic]


_TOKENS = re.compile(r"(\n)|([ \t]+)|([^ \t\n]+)")


def _words(
    spans: Sequence[Span], styler: Callable[[Span], _Style]
) -> list[tuple[bool, list[tuple[str, _Style]]] | None]:
    """Split styled text into words, each ``(space before it, [(piece, style), ...])``; a word
    has several pieces where its style changes inside it. ``None`` stands for a line break."""
    words: list[tuple[bool, list[tuple[str, _Style]]] | None] = []
    space = False
    glued = False  # the last word ends where this span starts, with no space between
    for span in spans:
        style = styler(span)
        for m in _TOKENS.finditer(span.text):
            if m.group(1):
                words.append(None)
                space, glued = False, False
            elif m.group(2):
                space, glued = True, False
            else:
                last = words[-1] if words else None
                if glued and not space and last is not None:
                    last[1].append((m.group(3), style))
                else:
                    words.append((space, [(m.group(3), style)]))
                space, glued = False, True
    return words


class _Breaker:
    """The lines of one text being wrapped, filled a word at a time."""

    def __init__(
        self, width: int, run_width: Callable[[_Style, str], int], fallback: _Style
    ) -> None:
        self.width = width
        self.run_width = run_width
        self.fallback = fallback  # the style that sizes an empty line
        self.lines: list[_Line] = []
        self.runs: list[_Run] = []
        self.total = 0  # the width of the runs on the line being filled

    def finish(self) -> None:
        """End the line being filled."""
        fonts = [r.style.font for r in self.runs] or [self.fallback.font]
        ascent = max(f.get_ascent() for f in fonts)
        descent = max(-f.get_descent() for f in fonts)
        # Extra leading keeps long rules text easy to read.
        height = max(ascent + descent, round(max(f.get_linesize() for f in fonts) * 1.22))
        self.lines.append(_Line(self.runs, self.total, ascent, height))
        self.runs, self.total = [], 0

    def word(self, space: bool, pieces: list[tuple[str, _Style]]) -> None:
        """Add one word, ``space`` after the text before it. A word may span several styles
        ("**7 cards**." is a bold piece and a plain "."): it moves to the next line whole, so
        no line starts with the tail of a word."""
        space = space and bool(self.runs)
        if self.runs and len(pieces) > 1:
            glued = sum(self.run_width(st, piece) for piece, st in pieces)
            if space:
                glued += self.run_width(pieces[0][1], " ")
            if self.total + glued > self.width:
                self.finish()
                space = False
        for n, (piece, st) in enumerate(pieces):
            self._add(piece, st, space and n == 0)

    def _add(self, word: str, style: _Style, space: bool) -> None:
        while not self._place(word, style, space):
            if self.runs:
                self.finish()
                space = False
                continue
            word = self._break_long(word, style)
            if not word:
                return
            self.finish()

    def _place(self, word: str, style: _Style, space: bool) -> bool:
        """Put ``word`` on the line being filled; False (and nothing done) if it does not fit."""
        last = self.runs[-1] if self.runs else None
        grow_last: str | None = None  # new text of the last run, if it changes
        new: str | None = None  # text of a new run, if one starts
        if last is None:
            new = word
        elif last.style == style:
            grow_last = last.text + (" " if space else "") + word
        elif space and last.style.code:
            # The space goes outside the code background.
            new = " " + word
        else:
            grow_last = last.text + " " if space else None
            new = word
        w = self.total
        if grow_last is not None and last is not None:
            w += self.run_width(last.style, grow_last) - last.width
        if new is not None:
            w += self.run_width(style, new)
        if w > self.width:
            return False
        if grow_last is not None and last is not None:
            self.total += self.run_width(last.style, grow_last) - last.width
            last.text, last.width = grow_last, self.run_width(last.style, grow_last)
        if new is not None:
            rw = self.run_width(style, new)
            self.runs.append(_Run(style, new, rw))
            self.total += rw
        return True

    def _break_long(self, word: str, style: _Style) -> str:
        """Put as many characters of a word wider than the line as fit; return the rest."""
        lo, hi = 1, len(word)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.run_width(style, word[:mid]) <= self.width:
                lo = mid
            else:
                hi = mid - 1
        rw = self.run_width(style, word[:lo])
        self.runs.append(_Run(style, word[:lo], rw))
        self.total += rw
        return word[lo:]


class _Writer:
    """Lays out blocks top to bottom, collecting drawing operations."""

    def __init__(self, width: int, base: int, colours: MarkdownColours, margin: int) -> None:
        self.width = width
        self.base = base
        self.c = colours
        self.margin = margin
        self.x0 = margin
        self.avail = max(1, width - 2 * margin)
        self.code_pad = max(2, round(base * 0.2))
        self.ops: list[_TextOp | _RectOp] = []
        self.headings: list[HeadingPos] = []

    # ---- inline text ---------------------------------------------------------------------
    def style(
        self, span: Span, size: int, colour: Colour, *, serif: bool = False, bold: bool = False
    ) -> _Style:
        bold = span.bold or (bold and not span.code)
        face = _face(serif and not span.code, bold, span.italic)
        return _Style(face, size, colour, span.code)

    def run_width(self, style: _Style, text: str) -> int:
        pad = 2 * self.code_pad if style.code else 0
        return style.font.size(text)[0] + pad

    def wrap(
        self, spans: Sequence[Span], width: int, styler: Callable[[Span], _Style]
    ) -> list[_Line]:
        """Break styled text into lines no wider than ``width`` (words longer than a line are
        broken between characters)."""
        breaker = _Breaker(max(1, width), self.run_width, styler(Span("")))
        for item in _words(spans, styler):
            if item is None:
                breaker.finish()
            else:
                breaker.word(*item)
        if breaker.runs or not breaker.lines:
            breaker.finish()
        return breaker.lines

    def draw_lines(self, lines: list[_Line], x: int, y: int, width: int, align: Align) -> int:
        """Queue ``lines`` at (x, y) within ``width``; return the y below them."""
        for line in lines:
            lx = x
            if align == "right":
                lx = x + width - line.width
            elif align == "center":
                lx = x + (width - line.width) // 2
            # Centre the glyph box (ascent + descent) vertically in the taller line box.
            fonts = [r.style.font for r in line.runs]
            glyph_h = max((f.get_ascent() - f.get_descent() for f in fonts), default=line.ascent)
            baseline = y + (line.height - glyph_h) // 2 + line.ascent
            for run in line.runs:
                text_x = lx
                if run.style.code:
                    font = run.style.font
                    top = baseline - font.get_ascent()
                    h = font.get_ascent() - font.get_descent()
                    self.ops.append(
                        _RectOp((lx, top, run.width, h), self.c.code_bg, max(2, self.base // 6))
                    )
                    text_x += self.code_pad
                self.ops.append(_TextOp(text_x, baseline, run.style, run.text))
                lx += run.width
            y += line.height
        return y

    # ---- blocks ---------------------------------------------------------------------------
    def heading(self, block: Heading, y: int) -> int:
        scale = {1: 1.75, 2: 1.38, 3: 1.12}[block.level]
        size = round(self.base * scale)
        serif = block.level < 3

        def styler(s: Span) -> _Style:
            return self.style(s, size, self.c.heading, serif=serif, bold=True)

        lines = self.wrap(block.spans, self.avail, styler)
        self.headings.append(HeadingPos(block.level, block.text, y))
        y = self.draw_lines(lines, self.x0, y, self.avail, "left")
        if block.level <= 2:
            thick = max(1, round(self.base / (10 if block.level == 1 else 16)))
            colour = self.c.heading if block.level == 1 else self.c.rule
            y += round(self.base * 0.15)
            self.ops.append(_RectOp((self.x0, y, self.avail, thick), colour))
            y += thick
        return y

    def paragraph(self, spans: list[Span], y: int) -> int:
        lines = self.wrap(spans, self.avail, lambda s: self.style(s, self.base, self.c.text))
        return self.draw_lines(lines, self.x0, y, self.avail, "left")

    def quote(self, block: Quote, y: int) -> int:
        bar = max(2, round(self.base / 6))
        indent = bar + round(self.base * 0.7)
        x, width = self.x0 + indent, max(1, self.avail - indent)
        lines = self.wrap(block.spans, width, lambda s: self.style(s, self.base, self.c.muted))
        end = self.draw_lines(lines, x, y, width, "left")
        self.ops.append(_RectOp((self.x0, y, bar, end - y), self.c.rule))
        return end

    def list_block(self, block: ListBlock, y: int) -> int:
        size = self.base
        marker_style = _Style("sans-bold", size, self.c.heading)
        gap = round(size * 0.45)
        bullets = ("•", "◦", "▪")

        def marker(item: ListItem) -> str:
            return f"{item.number}." if item.ordered else bullets[min(item.depth, 2)]

        # One marker column per depth, as wide as its widest marker, so text lines up.
        depth_w: dict[int, int] = {}
        for item in block.items:
            w = marker_style.font.size(marker(item))[0]
            depth_w[item.depth] = max(depth_w.get(item.depth, 0), w)
        text_x: dict[int, int] = {}
        x = self.x0 + round(size * 0.3)
        for d in range(max(depth_w) + 1):
            x += depth_w.get(d, 0) + gap
            text_x[d] = min(x, self.x0 + self.avail // 2)  # deep nesting must still leave room
        item_gap = round(size * 0.25)
        for n, item in enumerate(block.items):
            if n:
                y += item_gap
            tx = text_x[item.depth]
            width = self.x0 + self.avail - tx
            lines = self.wrap(item.spans, width, lambda s: self.style(s, size, self.c.text))
            first = lines[0]
            glyph_h = marker_style.font.get_ascent() - marker_style.font.get_descent()
            baseline = y + (first.height - glyph_h) // 2 + first.ascent
            label = marker(item)
            mx = tx - gap - marker_style.font.size(label)[0]  # right-aligned numbers
            self.ops.append(_TextOp(max(self.x0, mx), baseline, marker_style, label))
            y = self.draw_lines(lines, tx, y, width, "left")
        return y

    def code_block(self, block: CodeBlock, y: int) -> int:
        pad = round(self.base * 0.6)
        style = _Style("sans", round(self.base * 0.95), self.c.text)
        inner = max(1, self.avail - 2 * pad)
        lines: list[_Line] = []
        for source in block.lines or [""]:
            # Keep the indentation of code: wrap each source line on its own, spaces intact.
            lead = len(source) - len(source.lstrip(" "))
            indent = min(style.font.size(" " * lead)[0], inner // 2)
            for line in self.wrap([Span(source.strip())], inner - indent, lambda _s: style):
                if indent:
                    # An empty run of the indent's width shifts the line right.
                    line.runs.insert(0, _Run(style, "", indent))
                    line.width += indent
                lines.append(line)
        height = sum(line.height for line in lines) + 2 * pad
        self.ops.append(_RectOp((self.x0, y, self.avail, height), self.c.code_bg, self.base // 4))
        self.draw_lines(lines, self.x0 + pad, y + pad, inner, "left")
        return y + height

    def rule(self, y: int) -> int:
        thick = max(1, round(self.base / 14))
        self.ops.append(_RectOp((self.x0, y, self.avail, thick), self.c.rule))
        return y + thick

    def table(self, block: Table, y: int) -> int:
        size = self.base
        pad_x, pad_y = round(size * 0.55), round(size * 0.3)
        ncols = len(block.align)
        if ncols == 0:
            return y

        def body_style(s: Span) -> _Style:
            return self.style(s, size, self.c.text)

        def head_style(s: Span) -> _Style:
            return self.style(Span(s.text, True, s.italic, s.code), size, self.c.heading)

        rows: list[tuple[list[list[Span]], Callable[[Span], _Style]]] = []
        if block.header:
            rows.append((block.header, head_style))
        rows += [(r, body_style) for r in block.rows]

        natural = [0] * ncols
        longest = [0] * ncols
        for cells, styler in rows:
            for c, spans in enumerate(cells):
                natural[c] = max(
                    natural[c], sum(ln.width for ln in self.wrap(spans, 10**6, styler))
                )
                for word in plain(spans).split():
                    longest[c] = max(longest[c], styler(spans[0]).font.size(word)[0] + 2)
        inner = max(ncols, self.avail - 2 * pad_x * ncols)
        if sum(natural) <= inner:
            widths = natural
        elif sum(longest) <= inner:
            # Every column gets its longest word; the rest is shared by how much more it wants.
            extra = inner - sum(longest)
            want = [n - m for n, m in zip(natural, longest, strict=True)]
            total_want = max(1, sum(want))
            widths = [m + extra * w // total_want for m, w in zip(longest, want, strict=True)]
        else:
            widths = [max(1, inner * m // max(1, sum(longest))) for m in longest]

        table_w = sum(widths) + 2 * pad_x * ncols
        line_h = max(1, round(self.base / 16))
        for r, (cells, styler) in enumerate(rows):
            wrapped = [self.wrap(spans, widths[c], styler) for c, spans in enumerate(cells)]
            row_h = max(sum(ln.height for ln in cell) for cell in wrapped) + 2 * pad_y
            if r == 0 and block.header:
                self.ops.append(_RectOp((self.x0, y, table_w, row_h), self.c.code_bg, 0))
            x = self.x0
            for c, cell in enumerate(wrapped):
                self.draw_lines(cell, x + pad_x, y + pad_y, widths[c], block.align[c])
                x += widths[c] + 2 * pad_x
            y += row_h
            colour = self.c.heading if r == 0 and block.header else self.c.rule
            thick = line_h * 2 if r == 0 and block.header else line_h
            self.ops.append(_RectOp((self.x0, y, table_w, thick), colour))
            y += thick
        return y

    # ---- the whole document --------------------------------------------------------------
    def document(self, blocks: Sequence[Block]) -> int:
        b = self.base
        y = round(b * 0.4)
        after = 0.0
        for n, block in enumerate(blocks):
            if isinstance(block, Heading):
                before = {1: 1.3, 2: 1.2, 3: 0.9}[block.level] * b
                after_this = 0.55 * b
            elif isinstance(block, Rule):
                before = after_this = 0.8 * b
            else:
                before = after_this = 0.7 * b
            # Gaps between blocks collapse: the larger of the two wins.
            if n:
                y += round(max(after, before))
            if isinstance(block, Heading):
                y = self.heading(block, y)
            elif isinstance(block, Paragraph):
                y = self.paragraph(block.spans, y)
            elif isinstance(block, ListBlock):
                y = self.list_block(block, y) if block.items else y
            elif isinstance(block, Rule):
                y = self.rule(y)
            elif isinstance(block, Table):
                y = self.table(block, y)
            elif isinstance(block, Quote):
                y = self.quote(block, y)
            elif isinstance(block, CodeBlock):
                y = self.code_block(block, y)
            after = after_this
        return y + round(b * 0.6)


@functools.lru_cache(maxsize=8)
def _parsed(text: str) -> tuple[Block, ...]:
    # A resized rules screen lays the same text out again: it is parsed once. The writer never
    # changes the blocks, so sharing them is safe.
    return tuple(parse(text))


def layout(
    text_or_blocks: str | Sequence[Block],
    width: int,
    *,
    base_size: int = 20,
    colours: MarkdownColours | None = None,
    margin: int | None = None,
) -> MarkdownLayout:
    """Place Markdown at ``width`` pixels; ``margin`` (default 0.6 × base_size) is kept clear
    on the left and right. Heading sizes scale with ``base_size``."""
    blocks = _parsed(text_or_blocks) if isinstance(text_or_blocks, str) else text_or_blocks
    base = max(6, int(base_size))
    m = round(base * 0.6) if margin is None else max(0, int(margin))
    m = min(m, max(0, (width - 1) // 2))
    writer = _Writer(max(1, int(width)), base, colours or MarkdownColours(), m)
    height = writer.document(blocks)
    return MarkdownLayout(max(1, int(width)), height, writer.headings, writer.ops)


def render(
    text_or_blocks: str | Sequence[Block],
    width: int,
    *,
    base_size: int = 20,
    colours: MarkdownColours | None = None,
    margin: int | None = None,
) -> pygame.Surface:
    """Render Markdown onto one tall transparent (SRCALPHA) surface exactly ``width`` wide."""
    return layout(
        text_or_blocks, width, base_size=base_size, colours=colours, margin=margin
    ).to_surface()


def heading_offsets(
    text_or_blocks: str | Sequence[Block],
    width: int,
    *,
    base_size: int = 20,
    margin: int | None = None,
) -> list[HeadingPos]:
    """The y of every heading in the surface :func:`render` makes with the same arguments."""
    return layout(text_or_blocks, width, base_size=base_size, margin=margin).headings
