"""Markdown text as the plain blocks the renderer (:mod:`tabletop.ui.markdown`) draws.

markdown-it-py parses (CommonMark with GFM pipe tables); this module walks its syntax tree into
a flat list of :class:`Block` dataclasses: nested lists become one :class:`ListBlock` whose
items carry their depth, links and images show their text, raw HTML stays literal text. Pure
Python, no pygame.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

from markdown_it import MarkdownIt
from markdown_it.tree import SyntaxTreeNode

Align = Literal["left", "center", "right"]


@dataclass(frozen=True)
class Span:
    """A run of inline text with one style."""

    text: str
    bold: bool = False
    italic: bool = False
    code: bool = False


def plain(spans: Sequence[Span]) -> str:
    """The text of ``spans`` without any styling."""
    return "".join(s.text for s in spans)


@dataclass
class Heading:
    level: int  # 1..3 (deeper Markdown headings are shown as level 3)
    spans: list[Span]

    @property
    def text(self) -> str:
        return plain(self.spans)


@dataclass
class Paragraph:
    spans: list[Span]


@dataclass
class ListItem:
    spans: list[Span]
    depth: int = 0  # 0 = top level, 1 = nested once, ...
    ordered: bool = False
    number: int = 0  # the label of an ordered item (numbered on from the list's first item)


@dataclass
class ListBlock:
    items: list[ListItem]


@dataclass
class Rule:
    pass


@dataclass
class Table:
    header: list[list[Span]]  # one span list per column
    rows: list[list[list[Span]]]
    align: list[Align]


@dataclass
class Quote:
    spans: list[Span]


@dataclass
class CodeBlock:
    lines: list[str]


Block = Heading | Paragraph | ListBlock | Rule | Table | Quote | CodeBlock

# Raw HTML is not ours to interpret: with html off, "<b>" is shown as typed.
_PARSER = MarkdownIt("commonmark", {"html": False}).enable("table")


def parse(text: str) -> list[Block]:
    """Parse Markdown ``text`` into blocks. Pure: no pygame needed."""
    return list(_blocks(SyntaxTreeNode(_PARSER.parse(text)).children))


def parse_inline(text: str) -> list[Span]:
    """Split one paragraph's text into styled spans (``**bold**``, ``*italic*``, ```code```)."""
    return _spans(SyntaxTreeNode(_PARSER.parseInline(text)).children)


def _blocks(nodes: Sequence[SyntaxTreeNode]) -> Iterator[Block]:
    for node in nodes:
        if node.type == "heading":
            yield Heading(min(int(node.tag[1:]), 3), _spans(node.children))
        elif node.type == "paragraph":
            yield Paragraph(_spans(node.children))
        elif node.type in ("bullet_list", "ordered_list"):
            yield ListBlock(list(_items(node, 0)))
        elif node.type == "hr":
            yield Rule()
        elif node.type == "table":
            yield _table(node)
        elif node.type == "blockquote":
            yield Quote(_text_of(node.children))
        elif node.type in ("fence", "code_block"):
            yield CodeBlock(node.content.removesuffix("\n").split("\n"))


def _items(lst: SyntaxTreeNode, depth: int) -> Iterator[ListItem]:
    """The items of a list and of the lists nested in them, in reading order."""
    ordered = lst.type == "ordered_list"
    start = int(str(lst.attrs.get("start", 1)))
    for n, item in enumerate(lst.children):
        nested = [c for c in item.children if c.type in ("bullet_list", "ordered_list")]
        text = [c for c in item.children if c.type not in ("bullet_list", "ordered_list")]
        yield ListItem(_text_of(text), depth, ordered, start + n if ordered else 0)
        for sub in nested:
            yield from _items(sub, depth + 1)


def _text_of(nodes: Sequence[SyntaxTreeNode]) -> list[Span]:
    """The inline text of blocks inside a list item or a quote, one line per block."""
    spans: list[Span] = []
    for block in _blocks(nodes):
        if spans:
            spans.append(Span("\n"))
        if isinstance(block, Heading | Paragraph | Quote):
            spans += block.spans
        elif isinstance(block, ListBlock):
            spans += _joined([item.spans for item in block.items])
        elif isinstance(block, CodeBlock):
            spans += [Span(line, code=True) for line in block.lines]
    return _merge(spans)


def _joined(parts: list[list[Span]]) -> list[Span]:
    out: list[Span] = []
    for part in parts:
        out += [Span("\n")] if out else []
        out += part
    return out


def _table(node: SyntaxTreeNode) -> Table:
    header: list[list[Span]] = []
    rows: list[list[list[Span]]] = []
    align: list[Align] = []
    for section in node.children:
        for tr in section.children:
            cells = [_spans(cell.children) for cell in tr.children]
            if section.type == "thead":
                header = cells
                align = [_align(cell) for cell in tr.children]
            else:
                rows.append(cells)
    return Table(header, rows, align)


def _align(cell: SyntaxTreeNode) -> Align:
    style = str(cell.attrs.get("style", ""))
    if style.endswith("center"):
        return "center"
    return "right" if style.endswith("right") else "left"


def _spans(nodes: Sequence[SyntaxTreeNode]) -> list[Span]:
    """The styled text of a block's inline content (its one ``inline`` node)."""
    spans: list[Span] = []
    for node in nodes:
        _inline(node, False, False, spans)
    return _merge(spans)


def _inline(node: SyntaxTreeNode, bold: bool, italic: bool, out: list[Span]) -> None:
    if node.type in ("text", "text_special"):
        out.append(Span(node.content, bold, italic))
    elif node.type == "code_inline":
        out.append(Span(node.content, bold, italic, code=True))
    elif node.type == "softbreak":
        out.append(Span(" ", bold, italic))
    elif node.type == "hardbreak":
        out.append(Span("\n", bold, italic))
    else:
        # inline, strong, em, link, image: their text, in their style.
        bold = bold or node.type == "strong"
        italic = italic or node.type == "em"
        for child in node.children:
            _inline(child, bold, italic, out)


def _merge(spans: list[Span]) -> list[Span]:
    out: list[Span] = []
    for s in spans:
        if not s.text:
            continue
        if out and (out[-1].bold, out[-1].italic, out[-1].code) == (s.bold, s.italic, s.code):
            out[-1] = Span(out[-1].text + s.text, s.bold, s.italic, s.code)
        else:
            out.append(s)
    return out
