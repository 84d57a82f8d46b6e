"""Court of the Medici card art: house colour and crest, title and value, effects in words.

Stacks are fanned vertically, so only the top ~25% of a card shows under the next one: the
value and the title sit in a coloured band at the TOP of every card. Below it: the house crest
(a simple vector shape per house), the special card's effect in a few words and the house name.

A card id may carry a chosen value after ``=`` (``"GJa=7"``): a Jester or Mistress already
played shows that value instead of its range. Declared to the app as :data:`ART`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache

import pygame

from rules.medici import CODE_OF, FACE, HOUSE_OF, HOUSES, SPECIAL_NAMES, TITLES
from tabletop.fonts import get_font
from tabletop.table import art_kit as kit
from tabletop.table.card_art import GameArt
from tabletop.ui.palette import (
    CARD_GOLD,
    CARD_INK,
    CARD_PAPER,
    CB_BLACK,
    CB_BLUE,
    CB_VERMILLION,
    CB_YELLOW,
)
from tabletop.ui.text import fit_size, wrap_text

Colour = tuple[int, int, int]

HOUSE_COLOURS: tuple[Colour, ...] = (
    (168, 36, 44),  # Gonzaga: crimson
    (36, 82, 160),  # Della Rovere: azure
    (44, 44, 52),  # Orsini: black
    (222, 176, 40),  # Pazzi: yellow
)
# Colour-blind-safe alternatives (Okabe–Ito): vermilion, blue, black, yellow.
CB_COLOURS: tuple[Colour, ...] = (CB_VERMILLION, CB_BLUE, CB_BLACK, CB_YELLOW)
PAPER: Colour = CARD_PAPER
INK: Colour = CARD_INK
GOLD: Colour = CARD_GOLD

EFFECTS = {
    "M": "Dismisses the stack beneath",
    "L": "Breaks the stack apart",
    "J": "Value 1–10, chosen when played · scores 1",
    "X": "Value −1 to −10, chosen when played · scores −1",
    "D": "The Duke: worth 15",
}


def house_colour(house: int, colorblind: bool = False) -> Colour:
    return (CB_COLOURS if colorblind else HOUSE_COLOURS)[house]


def band_ink(house: int, colorblind: bool = False) -> Colour:
    """Text colour on the house band: dark on yellow, cream elsewhere."""
    return INK if house == 3 else (252, 246, 232)


def split_card(card: str) -> tuple[str, int | None]:
    """``"GJa=7"`` → ``("GJa", 7)``; ``"G7a"`` → ``("G7a", None)``."""
    if "=" in card:
        base, _, v = card.partition("=")
        try:
            return base, int(v)
        except ValueError:
            raise ValueError(f"{card!r} is not a Court of the Medici card") from None
    return card, None


def title_of(card: str) -> str:
    code = CODE_OF[card]
    if code.isdigit():
        return TITLES[HOUSES[HOUSE_OF[card]]][int(code) - 2]
    return SPECIAL_NAMES[code]


def value_text(card: str, chosen: int | None) -> str:
    if chosen is not None:
        return str(chosen).replace("-", "−")
    face = FACE[card]
    if face is not None:
        return str(face)
    return "1–10" if CODE_OF[card] == "J" else "−1…−10"


# ---- crests ---------------------------------------------------------------------------------


def draw_crest(surface: pygame.Surface, house: int, rect: pygame.Rect, colour: Colour) -> None:
    """House ``house``'s crest, drawn into ``rect`` (a shield with a charge)."""
    x, y, w, h = rect
    if w < 4 or h < 4:
        return
    side = min(w, h)
    cx, cy = x + w / 2, y + h / 2
    s = side / 2
    shield = [
        (cx - s * 0.8, cy - s * 0.9),
        (cx + s * 0.8, cy - s * 0.9),
        (cx + s * 0.8, cy + s * 0.1),
        (cx + s * 0.55, cy + s * 0.6),
        (cx, cy + s * 0.95),
        (cx - s * 0.55, cy + s * 0.6),
        (cx - s * 0.8, cy + s * 0.1),
    ]
    pygame.draw.polygon(surface, colour, shield)
    light = kit.mix(colour, (255, 250, 235), 0.85) if house != 3 else (60, 40, 20)
    edge = max(1, round(side * 0.04))
    pygame.draw.polygon(surface, GOLD if house != 3 else (120, 80, 20), shield, edge)
    c = (cx, cy - s * 0.1)
    if house == 0:  # Gonzaga: a cross pattée
        arm = s * 0.5
        t = s * 0.16
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            px, py = -dy, dx
            tip = (c[0] + dx * arm, c[1] + dy * arm)
            pygame.draw.polygon(
                surface,
                light,
                [
                    (c[0] + px * t * 0.6, c[1] + py * t * 0.6),
                    (tip[0] + px * t * 1.6, tip[1] + py * t * 1.6),
                    (tip[0] - px * t * 1.6, tip[1] - py * t * 1.6),
                    (c[0] - px * t * 0.6, c[1] - py * t * 0.6),
                ],
            )
    elif house == 1:  # Della Rovere: an oak tree
        pygame.draw.rect(
            surface, light, (c[0] - s * 0.08, c[1], s * 0.16, s * 0.55), border_radius=1
        )
        for ox, oy, r in ((0, -0.18, 0.3), (-0.25, 0.02, 0.22), (0.25, 0.02, 0.22)):
            pygame.draw.circle(surface, light, (c[0] + ox * s, c[1] + oy * s), r * s)
    elif house == 2:  # Orsini: a rose
        for k in range(5):
            a = -math.pi / 2 + k * 2 * math.pi / 5
            pygame.draw.circle(
                surface,
                light,
                (c[0] + math.cos(a) * s * 0.24, c[1] + math.sin(a) * s * 0.24),
                s * 0.2,
            )
        pygame.draw.circle(surface, GOLD, c, s * 0.14)
    else:  # Pazzi: two dolphins, as two crescents back to back
        for sign in (-1, 1):
            ox = c[0] + sign * s * 0.2
            pygame.draw.circle(surface, light, (ox, c[1]), s * 0.32)
            pygame.draw.circle(surface, colour, (ox + sign * s * 0.12, c[1] - s * 0.04), s * 0.27)


# ---- the face -------------------------------------------------------------------------------


def band_height(h: int) -> int:
    """The height of the top band holding value and title (visible in a fan)."""
    return max(8, round(h * 0.24))


def _paper(house: int, colorblind: bool) -> Colour:
    return kit.mix(PAPER, house_colour(house, colorblind), 0.06)


# ---- the band: value and title -----------------------------------------------------------------

#: The smallest title a card's band shows: the size Royal Houses keeps its card names at. A
#: narrow card's title that cannot stand whole at it beside the value goes under the value.
TITLE_PX = 9


@dataclass(frozen=True)
class Band:
    """Where a card's value and title stand in its top band (``w`` by ``band`` pixels): the
    value at ``value_size``, its top-left at ``value_at``; the title's ``lines`` at
    ``title_size``, each right-aligned to ``right`` from ``top`` down, ``step`` apart, beside
    the value or ``under`` it; every line at most ``room`` wide, so no title is ever cut."""

    value: str
    value_size: int
    value_at: tuple[int, int]
    lines: tuple[str, ...]
    title_size: int
    right: int
    top: int
    step: int
    room: int
    under: bool = False  # the title under the value, across the band


def _splits(title: str) -> list[tuple[str, ...]]:
    """``title`` on one line, or on two at each space or hyphen ("Captain-" / "General")."""
    words = title.replace("-", "- ").split()
    two = [
        (" ".join(words[:i]).replace("- ", "-"), " ".join(words[i:]).replace("- ", "-"))
        for i in range(1, len(words))
    ]
    return [(title,), *two]


def _title_fit(title: str, room: int, height: int, start: int) -> tuple[tuple[str, ...], int]:
    """The title's lines and the largest size from ``start`` down at which each line stands
    whole in ``room`` and all of them in ``height`` (one line preferred at a size); size 0 if
    none fits even at 6 pixels."""
    best: tuple[tuple[str, ...], int] = ((title,), 0)
    for lines in _splits(title):
        for size in range(start, 5, -1):
            tall = kit.ink_size("Hg", size, "sans-bold")[1]
            if len(lines) * tall + (len(lines) - 1) * max(1, size // 5) > height:
                continue
            if all(kit.ink_size(line, size, "sans-bold")[0] <= room for line in lines):
                if size > best[1]:
                    best = (lines, size)
                break
    return best


@lru_cache(maxsize=512)
def band_layout(card: str, chosen: int | None, w: int, h: int) -> Band:
    """How ``card`` (with its ``chosen`` value) sets its value and title in its band at
    ``w`` × ``h``: beside the value (one line or two) where the title stands whole there at
    :data:`TITLE_PX` or more; else on a line of its own under a smaller value, across the
    band; else the larger of the two, whole however small."""
    band = band_height(h)
    pad = max(2, round(w * 0.05))
    vtext = value_text(card, chosen)
    vsize = fit_size(
        vtext, "serif-bold", w // 2 if len(vtext) > 2 else w, max(7, round(band * 0.62)), 6
    )
    vw, vh = kit.ink_size(vtext, vsize, "serif-bold")
    title = title_of(card)
    room = w - pad * 3 - vw
    lines, size = _title_fit(title, room, band - 2, max(6, round(band * 0.4)))
    beside = Band(vtext, vsize, (pad, max(1, (band - vh) // 2)), lines, size, w - pad, 0, 0, room)
    if size >= TITLE_PX:
        return _centred(beside, band)
    # Under the value: the title across the band's width, the value as large as leaves it room.
    across = w - 2 * pad
    # The value, what a card is played for, never shrinks to under half the band's height.
    least = min(vsize, max(TITLE_PX + 2, round(band * 0.5)))
    for small in range(vsize, least - 1, -1):
        sh = kit.ink_size(vtext, small, "serif-bold")[1]
        under, usize = _title_fit(title, across, band - sh - 3, max(6, round(band * 0.4)))
        if usize >= TITLE_PX:
            break
    if usize <= size:
        return _centred(beside, band)
    tall = kit.ink_size("Hg", usize, "sans-bold")[1]
    gap = max(1, usize // 5)
    top = band - 1 - (len(under) * tall + (len(under) - 1) * gap)
    return Band(vtext, small, (pad, 1), under, usize, w - pad, top, tall + gap, across, True)


def _centred(band_set: Band, band: int) -> Band:
    """``band_set`` with its title's lines centred in the band's height."""
    size = band_set.title_size or 6
    tall = kit.ink_size("Hg", size, "sans-bold")[1]
    gap = max(1, size // 5)
    count = len(band_set.lines)
    top = (band - (count * tall + (count - 1) * gap)) // 2
    return replace(band_set, top=max(0, top), step=tall + gap, title_size=size)


# A card's frame and crest are the same on every card of a house: painted once per size, they
# make a face about four times as quick to paint (bench_card_art --width 160, all 50 faces from
# cold caches: 32 -> 8 ms), and a reflowed court asks for a dozen faces at once.
@lru_cache(maxsize=32)
def _blank(house: int, w: int, h: int, colorblind: bool) -> pygame.Surface:
    """A card of ``house`` with nothing on it: the house frame, the band, the paper."""
    colour = house_colour(house, colorblind)
    radius = max(3, round(w * 0.07))
    frame = max(1, round(w * 0.035))
    band = band_height(h)
    s = kit.supersample(w)
    big = kit.canvas(w * s, h * s, colour)
    pygame.draw.rect(big, colour, (0, 0, w * s, h * s), border_radius=radius * s)
    inner = pygame.Rect(frame * s, band * s, (w - 2 * frame) * s, (h - band - frame) * s)
    pygame.draw.rect(
        big,
        _paper(house, colorblind),
        inner,
        border_bottom_left_radius=max(1, radius - frame) * s,
        border_bottom_right_radius=max(1, radius - frame) * s,
    )
    # A gold rule under the band.
    pygame.draw.line(big, GOLD, (0, band * s), (w * s, band * s), max(1, round(w * 0.012 * s)))
    return pygame.transform.smoothscale(big, (w, h))


@lru_cache(maxsize=32)
def _crest(house: int, side: int, scale: int, colorblind: bool) -> pygame.Surface:
    """``house``'s crest on the card's paper, ``side`` pixels square: drawn ``scale`` times
    larger and smoothed down, as the card's frame is (:func:`kit.supersample`)."""
    big = pygame.Surface((side * scale, side * scale), pygame.SRCALPHA)
    big.fill((*_paper(house, colorblind), 255))
    draw_crest(big, house, big.get_rect(), house_colour(house, colorblind))
    return pygame.transform.smoothscale(big, (side, side))


def paint_face(card: str, w: int, h: int, colorblind: bool) -> pygame.Surface:
    base, chosen = split_card(card)
    if base not in FACE:
        raise ValueError(f"{card!r} is not a Court of the Medici card")
    return _paint(base, chosen, w, h, bool(colorblind))


@lru_cache(maxsize=512)
def _paint(card: str, chosen: int | None, w: int, h: int, colorblind: bool) -> pygame.Surface:
    house = HOUSE_OF[card]
    code = CODE_OF[card]
    colour = house_colour(house, colorblind)
    ink_on_band = band_ink(house, colorblind)
    frame = max(1, round(w * 0.035))
    band = band_height(h)

    body = pygame.Rect(frame, band, w - 2 * frame, h - band - frame)
    small = w < 90
    crest_side = round(min(body.w * (0.62 if code.isdigit() else 0.42), body.h * 0.5))
    if small:
        crest_side = round(min(body.w * 0.7, body.h * 0.55))
    crest = pygame.Rect(0, 0, crest_side, crest_side)
    if small or code.isdigit():
        crest.center = (w // 2, band + round(body.h * 0.42))
    else:
        crest.midtop = (w // 2, band + round(body.h * 0.06))
    face = _blank(house, w, h, colorblind).copy()
    face.blit(_crest(house, crest_side, kit.supersample(w), colorblind), crest)

    # The band: value (large, left) and title (right of it, or under a smaller value where a
    # narrow card's title would not stand whole there), never cut.
    pad = max(2, round(w * 0.05))
    laid = band_layout(card, chosen, w, h)
    value = kit.rendered_text(laid.value, laid.value_size, "serif-bold", ink_on_band, True)
    face.blit(value, laid.value_at)
    row = laid.step - max(1, laid.title_size // 5)  # a line's height: "Hg" in ink
    for k, line in enumerate(laid.lines):
        t = kit.rendered_text(line, laid.title_size, "sans-bold", ink_on_band, True)
        y = laid.top + k * laid.step + (row - t.get_height()) // 2
        face.blit(t, (laid.right - t.get_width(), y))

    text_ink = kit.mix(colour, INK, 0.55) if house != 2 else INK
    # House name at the bottom.
    if w >= 60:
        name = HOUSES[house]
        nsize = fit_size(name, "serif-bold", body.w - 2 * pad, max(7, round(w * 0.11)), 6)
        n = kit.rendered_text(name, nsize, "serif-bold", text_ink, True)
        face.blit(n, (w // 2 - n.get_width() // 2, h - frame - pad - n.get_height()))
        bottom_limit = h - frame - pad - n.get_height() - pad
    else:
        bottom_limit = h - frame - pad
    # The special card's effect, in short words (below the crest).
    if code in EFFECTS and not small:
        effect = EFFECTS[code]
        if code in "JX" and chosen is not None:
            effect = (
                f"Chosen value {value_text(card, chosen)} · scores {1 if code == 'J' else '−1'}"
            )
        top = crest.bottom + pad
        esize = max(7, round(w * 0.085))
        while True:
            lines = wrap_text(effect, get_font(esize, "sans"), body.w - 2 * pad)
            lh = get_font(esize, "sans").get_linesize()
            if (
                top + lh * len(lines) <= bottom_limit
                and all(get_font(esize, "sans").size(ln)[0] <= body.w - 2 * pad for ln in lines)
            ) or esize <= 7:
                break
            esize -= 1
        y = top
        for ln in lines:
            if y + lh > bottom_limit + 2:
                break
            t = kit.rendered_text(ln, esize, "sans", INK, False)
            face.blit(t, (w // 2 - t.get_width() // 2, y))
            y += lh
    return face


def _framed_back(w: int, h: int, field: Colour, line: Colour) -> tuple[pygame.Surface, int]:
    """A back's supersampled canvas: its field, rounded, and a thin framing line inside its
    edge; and the supersampling factor."""
    s = kit.supersample(w)
    W, H = w * s, h * s
    big = kit.canvas(W, H, field)
    radius = max(3, round(w * 0.07)) * s
    pygame.draw.rect(big, field, (0, 0, W, H), border_radius=radius)
    frame = max(2, round(w * 0.05)) * s
    inner = pygame.Rect(frame, frame, W - 2 * frame, H - 2 * frame)
    pygame.draw.rect(big, line, inner, max(1, round(w * 0.012 * s)), border_radius=radius)
    return big, s


@lru_cache(maxsize=16)
def _back(w: int, h: int) -> pygame.Surface:
    big, s = _framed_back(w, h, (92, 22, 30), GOLD)
    W, H = w * s, h * s
    # The Medici palle: six balls in a ring.
    cx, cy = W / 2, H / 2
    ring = W * 0.24
    for k in range(6):
        a = -math.pi / 2 + k * math.pi / 3
        pygame.draw.circle(big, GOLD, (cx + ring * math.cos(a), cy + ring * math.sin(a)), W * 0.07)
    pygame.draw.circle(big, GOLD, (cx, cy), W * 0.09, max(1, round(w * 0.01 * s)))
    return pygame.transform.smoothscale(big, (w, h))


def paint_back(w: int, h: int) -> pygame.Surface:
    return _back(w, h)


# ---- a house's back ---------------------------------------------------------------------------
# Every card a player holds or draws is of that player's house (each deck is one house's cards)
# and which house a seat plays is public, so a face-down card may show its house: the back
# of a seat's deck and hand is in its house colour with its crest, as the faces are.


@lru_cache(maxsize=32)
def _house_back(house: int, w: int, h: int, colorblind: bool) -> pygame.Surface:
    colour = house_colour(house, colorblind)
    field = kit.mix(colour, (40, 20, 4), 0.3)  # a shade darker, warm as the cards
    line = GOLD if house != 3 else (110, 70, 20)  # gold does not show on the yellow house
    big, s = _framed_back(w, h, field, line)
    W, H = w * s, h * s
    # The crest on a paper roundel, a ring of the Medici palle's gold dots about it.
    cx, cy = W / 2, H / 2
    ring = W * 0.34
    for k in range(12):
        a = k * math.pi / 6
        dot = (cx + ring * math.cos(a), cy + ring * 1.25 * math.sin(a))
        pygame.draw.circle(big, line, dot, W * 0.035)
    pygame.draw.ellipse(
        big, line, pygame.Rect(0, 0, W * 0.56, W * 0.7).move(cx - W * 0.28, cy - W * 0.35)
    )
    roundel = pygame.Rect(0, 0, W * 0.5, W * 0.64)
    roundel.center = (round(cx), round(cy))
    pygame.draw.ellipse(big, _paper(house, colorblind), roundel)
    crest = pygame.Rect(0, 0, W * 0.4, W * 0.4)
    crest.center = (round(cx), round(cy))
    draw_crest(big, house, crest, colour)
    return pygame.transform.smoothscale(big, (w, h))


def paint_house_back(args: tuple, width: int, colorblind: bool) -> pygame.Surface:
    """The back of ``args[0]``'s (a house's index) cards, ``width`` pixels wide: the art
    tuple ``("piece", "medici", "back", house)``."""
    house = args[0] if len(args) == 1 else None
    if isinstance(house, bool) or not isinstance(house, int) or not 0 <= house < len(HOUSES):
        raise ValueError(f"no Court of the Medici house {args!r}")
    w, h = kit.card_size(kit.check_width(width))
    return _house_back(house, w, h, bool(colorblind))


def clear_cache() -> None:
    """Forget every cached surface of this art."""
    _paint.cache_clear()
    _blank.cache_clear()
    _crest.cache_clear()
    _back.cache_clear()
    _house_back.cache_clear()


def card_text(card: str) -> str:
    """The hover tip of a face-up card: ``"The Gonzaga Cardinal (9)"``."""
    from rules.medici import card_name

    name = card_name(card)
    return name[0].upper() + name[1:]


ART = GameArt(
    face=paint_face,
    back=paint_back,
    pieces={"back": paint_house_back},
    clear_cache=clear_cache,
    card_text=card_text,
)
