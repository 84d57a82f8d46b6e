"""The Markdown renderer (tabletop/ui/markdown.py) and the Royal Houses rules text it shows."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

import rules
from tabletop.fonts import clear_cache
from tabletop.ui import markdown as md
from tabletop.ui.markdown import (
    CodeBlock,
    Heading,
    ListBlock,
    MarkdownColours,
    Paragraph,
    Quote,
    Rule,
    Span,
    Table,
    parse,
    parse_inline,
    plain,
)

RULES_MD = Path(__file__).resolve().parent.parent / "rules" / "royal_houses.md"


@pytest.fixture(autouse=True)
def _pygame() -> Iterator[None]:
    yield
    pygame.quit()
    # Cached Font objects die with pygame.quit(); never hand them to the next test.
    clear_cache()


# ---- parse: blocks --------------------------------------------------------------------------


def test_headings_levels_and_text() -> None:
    blocks = parse("# One\n## Two ##\n### Three\n#### Four\n#hashtag")
    assert [(b.level, b.text) for b in blocks if isinstance(b, Heading)] == [
        (1, "One"),
        (2, "Two"),
        (3, "Three"),
        (3, "Four"),  # deeper headings are shown as level 3
    ]
    assert isinstance(blocks[-1], Paragraph)  # "#hashtag" has no space: not a heading
    assert plain(blocks[-1].spans) == "#hashtag"


def test_paragraph_lines_join_and_blank_lines_split() -> None:
    blocks = parse("first line\nsecond line\n\n\nnew paragraph")
    assert len(blocks) == 2
    assert all(isinstance(b, Paragraph) for b in blocks)
    assert plain(blocks[0].spans) == "first line second line"
    assert plain(blocks[1].spans) == "new paragraph"


def test_hard_line_break_with_two_trailing_spaces() -> None:
    (block,) = parse("line one  \nline two")
    assert plain(block.spans) == "line one\nline two"


def test_bullet_lists_with_dash_star_and_plus() -> None:
    # As in CommonMark, another bullet character starts another list.
    blocks = parse("- apples\n- pears\n* plums\n+ figs")
    assert all(isinstance(b, ListBlock) for b in blocks)
    lists = [b.items for b in blocks if isinstance(b, ListBlock)]
    assert [[plain(i.spans) for i in items] for items in lists] == [
        ["apples", "pears"],
        ["plums"],
        ["figs"],
    ]
    assert not any(i.ordered or i.depth for items in lists for i in items)


def test_a_numbered_list_and_the_bullets_after_it_are_two_lists() -> None:
    blocks = parse("1. one\n2. two\n\n- note")
    assert [[(i.ordered, plain(i.spans)) for i in b.items] for b in blocks] == [
        [(True, "one"), (True, "two")],
        [(False, "note")],
    ]


def test_numbered_list_counts_on_from_its_first_number() -> None:
    (block,) = parse("3. c\n1. d\n1. e")
    assert isinstance(block, ListBlock)
    assert [(i.ordered, i.number) for i in block.items] == [(True, 3), (True, 4), (True, 5)]


def test_nested_list_and_continuation_lines() -> None:
    text = "1. top\n   continued here\n   - inner one\n   - inner two\n2. back out"
    (block,) = parse(text)
    assert isinstance(block, ListBlock)
    got = [(i.depth, i.ordered, i.number, plain(i.spans)) for i in block.items]
    assert got == [
        (0, True, 1, "top continued here"),
        (1, False, 0, "inner one"),
        (1, False, 0, "inner two"),
        (0, True, 2, "back out"),
    ]


def test_blocks_inside_an_item_or_a_quote_are_its_lines() -> None:
    (items, quote) = parse("- a\n\n  second paragraph\n- b\n\n> - x\n> - y")
    assert isinstance(items, ListBlock) and isinstance(quote, Quote)
    assert [plain(i.spans) for i in items.items] == ["a\nsecond paragraph", "b"]
    assert plain(quote.spans) == "x\ny"


def test_one_space_of_indent_is_not_nesting() -> None:
    (block,) = parse("- a\n - b")
    assert [i.depth for i in block.items] == [0, 0]


def test_list_survives_a_blank_line_but_a_paragraph_ends_it() -> None:
    blocks = parse("- a\n\n- b\n\nafter")
    assert isinstance(blocks[0], ListBlock) and len(blocks[0].items) == 2
    assert isinstance(blocks[1], Paragraph)


def test_horizontal_rules() -> None:
    blocks = parse("above\n\n---\n\n***\n* * *\nbelow")
    assert [type(b) for b in blocks] == [Paragraph, Rule, Rule, Rule, Paragraph]


def test_pipe_table_with_header_and_alignment() -> None:
    (table,) = parse(
        "| Name | Score | Note |\n|:---|---:|:--:|\n| **Aaron** | 13 |\n| Kevin | 3 | x |"
    )
    assert isinstance(table, Table)
    assert [plain(c) for c in table.header] == ["Name", "Score", "Note"]
    assert table.align == ["left", "right", "center"]
    assert [[plain(c) for c in row] for row in table.rows] == [
        ["Aaron", "13", ""],  # a short row is padded
        ["Kevin", "3", "x"],
    ]
    assert table.rows[0][0] == [Span("Aaron", bold=True)]


def test_pipes_without_a_separator_row_are_a_paragraph() -> None:
    # A GFM table needs its header's separator row; without it the pipes are text.
    (block,) = parse("| a | b |\n| c | d |")
    assert isinstance(block, Paragraph)
    assert plain(block.spans) == "| a | b | | c | d |"


def test_quote_and_fenced_code() -> None:
    blocks = parse("> quoted\n> more\n\n```\n  **not bold**\nx = 1\n```")
    assert isinstance(blocks[0], Quote) and plain(blocks[0].spans) == "quoted more"
    assert isinstance(blocks[1], CodeBlock)
    assert blocks[1].lines == ["  **not bold**", "x = 1"]


# ---- parse: inline spans ----------------------------------------------------------------------


def test_bold_italic_and_code_spans() -> None:
    assert parse_inline("a **b** *c* ***d*** `e`") == [
        Span("a "),
        Span("b", bold=True),
        Span(" "),
        Span("c", italic=True),
        Span(" "),
        Span("d", bold=True, italic=True),
        Span(" "),
        Span("e", code=True),
    ]


def test_nested_emphasis() -> None:
    assert parse_inline("**x *y* z**") == [
        Span("x ", bold=True),
        Span("y", bold=True, italic=True),
        Span(" z", bold=True),
    ]
    assert parse_inline("*a **b** c*") == [
        Span("a ", italic=True),
        Span("b", bold=True, italic=True),
        Span(" c", italic=True),
    ]


def test_stars_that_are_not_emphasis_stay_literal() -> None:
    assert parse_inline("5 * 3 * 2") == [Span("5 * 3 * 2")]
    assert parse_inline("a **lonely") == [Span("a **lonely")]
    assert parse_inline(r"\*not italic\*") == [Span("*not italic*")]
    assert parse_inline("`**raw**`") == [Span("**raw**", code=True)]


def test_code_inside_bold_keeps_bold() -> None:
    assert parse_inline("**see `x`**") == [Span("see ", bold=True), Span("x", bold=True, code=True)]


def test_links_show_their_text() -> None:
    assert parse_inline("see [the rules](https://example.org)") == [Span("see the rules")]


def test_underscores_entities_and_html() -> None:
    assert parse_inline("_a_ __b__ &amp; <b>c</b>") == [
        Span("a", italic=True),
        Span(" "),
        Span("b", bold=True),
        Span(" & <b>c</b>"),  # raw HTML is shown as typed
    ]


def test_parse_needs_no_pygame() -> None:
    pygame.quit()
    blocks = parse("# T\n\n- **a**\n\n| x |\n|---|\n| y |")
    assert len(blocks) == 3
    assert not pygame.font.get_init()


# ---- render -----------------------------------------------------------------------------------

LONG = (
    "Lorem ipsum **dolor sit amet**, consectetur *adipiscing elit*, sed do `eiusmod tempor` "
    "incididunt ut labore et dolore magna aliqua. "
) * 6


def _content_right(surface: pygame.Surface) -> int:
    rect = surface.get_bounding_rect()
    assert rect.width > 0, "nothing was drawn"
    return rect.right


@pytest.mark.parametrize("width", [160, 300, 777])
def test_wrapping_never_passes_the_margin(width: int) -> None:
    text = (
        f"# A heading long enough to need wrapping at narrow widths\n\n{LONG}\n\n"
        "- a list item that is also rather long and has to wrap onto more lines\n"
        "  - nested item with Supercalifragilisticexpialidocious words\n\n"
        "Averyveryveryveryveryveryveryverylongwordwithoutanyspacesatallthatmustbreak\n\n"
        "> a quote that goes on and on and on and on\n\n"
        "| Column one | Column two with text | Three |\n|---|---|---:|\n"
        "| some words here | more words in this cell than fit | 12345 |\n"
    )
    margin = 10
    lay = md.layout(text, width, base_size=18, margin=margin)
    surface = lay.to_surface()
    assert surface.get_width() == width
    assert _content_right(surface) <= width - margin
    # Check each drawn text run as well, so glyphs that happen to be blank cannot hide overflow.
    for op in lay.ops:
        if isinstance(op, md._TextOp):
            assert op.x >= margin
            assert op.x + op.style.font.size(op.text)[0] <= width - margin


def _line_starts(lay: md.MarkdownLayout) -> list[str]:
    """The text each drawn line starts with, top to bottom."""
    lines: dict[int, list[md._TextOp]] = {}
    for op in lay.ops:
        if isinstance(op, md._TextOp) and op.text.strip():
            lines.setdefault(op.baseline, []).append(op)
    return [min(ops, key=lambda o: o.x).text.lstrip() for _, ops in sorted(lines.items())]


@pytest.mark.parametrize("game_id", sorted(rules.GAMES))
def test_a_word_that_changes_style_inside_it_wraps_whole(game_id: str) -> None:
    """No Royal Houses line starts with a lone "." where "**7 cards**." wraps
    between the bold word and its full stop. No rules text, at any width the rules screen
    uses, starts a line with the tail of a word."""
    text = rules.rules_text(game_id)
    for width in range(600, 1400, 13):
        starts = _line_starts(md.layout(text, width, base_size=20))
        assert [s for s in starts if s[:1] in ".,;:)"] == [], width


def test_glued_pieces_move_to_the_next_line_together() -> None:
    text = "word " * 9 + "**bold**.)"
    one_line = md.layout(text, 2000, base_size=20)
    assert len(_line_starts(one_line)) == 1
    unglued = md.layout("word " * 9 + "**bold**", 2000, base_size=20, margin=0)
    full = max(
        op.x + op.style.font.size(op.text)[0] for op in unglued.ops if isinstance(op, md._TextOp)
    )
    starts = _line_starts(md.layout(text, full + 2, base_size=20, margin=0))
    assert starts == ["word word word word word word word word word", "bold"]


def test_long_paragraph_fills_the_width_and_wraps() -> None:
    narrow = md.render(LONG, 400, base_size=20)
    wide = md.render(LONG, 1200, base_size=20)
    assert _content_right(narrow) > 400 * 0.8  # lines are filled, not wrapped early
    assert _content_right(wide) > 1200 * 0.8
    assert narrow.get_height() > wide.get_height() * 2


def test_surface_is_transparent_srcalpha_of_exact_width() -> None:
    surface = md.render("Hello **world**", 333)
    assert surface.get_size()[0] == 333
    assert surface.get_flags() & pygame.SRCALPHA
    assert surface.get_at((0, 0)).a == 0
    assert surface.get_at((332, surface.get_height() - 1)).a == 0


def test_bold_and_italic_use_other_faces() -> None:
    def image(text: str) -> pygame.Surface:
        return md.render(text, 600, base_size=24, margin=0)

    regular, bold, italic = image("Influence"), image("**Influence**"), image("*Influence*")
    assert bold.get_bounding_rect().width > regular.get_bounding_rect().width
    as_bytes = [pygame.image.tobytes(s, "RGBA") for s in (regular, bold, italic)]
    assert len(set(as_bytes)) == 3


def test_colours_are_used() -> None:
    red = MarkdownColours(text=(255, 0, 0), heading=(0, 0, 255))
    surface = md.render("# H\n\nText", 200, base_size=30, colours=red)
    pixels = [surface.get_at((x, y)) for x in range(200) for y in range(surface.get_height())]
    solid = [p for p in pixels if p.a == 255]
    assert any(p.r == 255 and p.b == 0 for p in solid)
    assert any(p.b == 255 and p.r == 0 for p in solid)


def test_heading_sizes_scale_with_base_size() -> None:
    small = md.render("# Title", 800, base_size=16)
    big = md.render("# Title", 800, base_size=32)
    assert big.get_bounding_rect().height > small.get_bounding_rect().height * 1.6


def test_heading_levels_get_smaller_and_stay_above_body_text() -> None:
    def text_width(source: str) -> int:
        # The drawn text runs only: h1 and h2 also carry a full-width underline.
        ops = md.layout(source, 1000, base_size=20, margin=0).ops
        return sum(op.style.font.size(op.text)[0] for op in ops if isinstance(op, md._TextOp))

    h1, h2, h3 = text_width("# Title"), text_width("## Title"), text_width("### Title")
    bold_body = text_width("**Title**")
    assert h1 > h2 > h3 > bold_body
    assert h1 > bold_body * 1.5


@pytest.mark.parametrize("width", [600, 1200])
@pytest.mark.parametrize("base", [18, 28])
def test_rules_text_renders(width: int, base: int) -> None:
    text = RULES_MD.read_text(encoding="utf-8")
    surface = md.render(text, width, base_size=base)
    assert surface.get_width() == width
    assert surface.get_height() > 1000
    assert _content_right(surface) <= width - round(base * 0.6)


@pytest.mark.parametrize("width", [600, 1200])
def test_bigger_base_size_gives_a_taller_surface(width: int) -> None:
    text = RULES_MD.read_text(encoding="utf-8")
    small = md.render(text, width, base_size=18)
    large = md.render(text, width, base_size=28)
    assert large.get_height() > small.get_height() * 1.2


def test_heading_offsets_increase_and_point_at_headings() -> None:
    text = RULES_MD.read_text(encoding="utf-8")
    expected = [(b.level, b.text) for b in parse(text) if isinstance(b, Heading)]
    lay = md.layout(text, 900, base_size=20)
    offsets = md.heading_offsets(text, 900, base_size=20)
    assert offsets == lay.headings
    assert [(h.level, h.text) for h in offsets] == expected
    ys = [h.y for h in offsets]
    assert ys == sorted(ys) and len(set(ys)) == len(ys)
    assert ys[-1] < lay.height
    surface = lay.to_surface()
    for h in offsets:
        # Something (the heading text) is drawn in the rows just below each offset.
        band = surface.subsurface((0, h.y, 900, min(30, lay.height - h.y)))
        assert band.get_bounding_rect().height > 0, h


def test_blocks_can_be_rendered_directly() -> None:
    blocks = [Heading(2, [Span("Score")]), Paragraph([Span("13", bold=True)])]
    assert md.render(blocks, 300).get_size() == md.render("## Score\n\n**13**", 300).get_size()


# ---- the rules text itself ---------------------------------------------------------------------


def test_rules_text_has_the_sections_and_marks_house_readings() -> None:
    text = rules.rules_text("royal_houses")
    headings = [b.text for b in parse(text) if isinstance(b, Heading)]
    for name in (
        "Components",
        "Setup",
        "A turn",
        "The eight card actions",
        "The end",
        "Scoring",
        "Winning and tie-breaks",
        "Playing in tabletop",
    ):
        assert name in headings
    assert text.count("**House reading:**") >= 9


def test_rules_text_notation_matches_the_game() -> None:
    """Every notation example in the rules text is read by the game and written back alike."""
    table = [b for b in parse(rules.rules_text("royal_houses")) if isinstance(b, Table)][-1]
    game = rules.new_game("royal_houses", players=2, seed=1)
    examples = [span.text for row in table.rows for cell in row for span in cell if span.code]
    assert len(examples) >= 10
    for example in examples:
        assert str(game.parse_move(example)) == example
