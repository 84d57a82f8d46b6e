"""Alliances: world domination art, drawn in code: power and special cards, country tiles, tokens.

Power cards ("M1" … "P12") show a big number and their suit's symbol in two corners; each suit
has its own colour *and* its own silhouette (Military a star, Economics a coin with a square
hole, Politics a pillared hall), so the suits stay apart in the colour-blind palette and in
grey. Special action cards carry their suit's band and symbol, a drawn symbol of their own and
their effect in a few words. Country tiles show a name and the three defence values; alliance
tokens are drawn as a stack in a player's colour with the count on top.

Shapes are drawn supersampled and smoothscaled (anti-aliased edges); text is rendered at the
final size. Everything is cached: callers must treat returned surfaces as read-only.
Declared to the app as :data:`ART`.
"""

from __future__ import annotations

import itertools
import math
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from rules.alliances import SPECIAL_ACTIONS, SPECIAL_SUIT
from tabletop.fonts import get_font
from tabletop.table import art_kit as kit
from tabletop.table import card_art
from tabletop.table.card_art import GameArt
from tabletop.table.render import GLOW
from tabletop.ui.palette import (
    CARD_GOLD,
    CARD_INK,
    CARD_NAVY,
    CARD_PAPER,
    CB_BLUE,
    CB_PURPLE,
    CB_SKY_BLUE,
    CB_YELLOW,
)
from tabletop.ui.text import fit_size, wrap_text

Colour = tuple[int, int, int]
Point = tuple[float, float]

GAME_ID = "alliances"
SUITS: tuple[str, ...] = ("M", "E", "P")  # defence order on a tile: Military, Economic, Political
SUIT_NAMES: dict[str, str] = {"M": "Military", "E": "Economics", "P": "Politics"}
POWER_CARDS: tuple[str, ...] = tuple(f"{s}{n}" for s in SUITS for n in range(1, 13))

# The source's colours: Military red, Economics green, Politics blue.
SUIT_COLOURS: dict[str, Colour] = {"M": (184, 34, 42), "E": (26, 124, 62), "P": (30, 78, 166)}
# For colour-blind players: a dark crimson, a bright gold and Okabe–Ito blue differ in lightness
# as well as hue, so they stay apart under protanopia, deuteranopia and tritanopia (simulated
# CIE76 distance at least 60; the usual red and green fall to about 17 for deuteranopes). The
# symbols' shapes differ as well.
CB_SUIT_COLOURS: dict[str, Colour] = {"M": (150, 30, 30), "E": (245, 210, 60), "P": CB_BLUE}

# Alliance token colours, one per player (the source's gold and silver first).
TOKEN_COLOURS: tuple[Colour, ...] = ((212, 168, 46), (178, 186, 198), (176, 96, 52), (120, 78, 164))
CB_TOKEN_COLOURS: tuple[Colour, ...] = (CB_YELLOW, CB_SKY_BLUE, CB_PURPLE, (70, 70, 70))
TOKEN_MARKS: tuple[str, ...] = ("circle", "square", "triangle", "diamond")

PAPER: Colour = CARD_PAPER
INK: Colour = CARD_INK
WHITE: Colour = (255, 255, 255)
NAVY: Colour = CARD_NAVY
GOLD: Colour = CARD_GOLD
LAND: Colour = (232, 220, 184)
COAST: Colour = (118, 96, 64)
TARGET: Colour = (196, 28, 36)

TINY_BELOW = 60  # narrower cards: a full-colour card with the number (or symbol) alone
EFFECT_FROM = 80  # from this width on, special cards print their effect
MIN_TEXT = 9  # the smallest effect text we print: below it, the effect is left off
MIN_LABEL = 8  # the smallest name we print on a band or a tile
#: The least size of a special card's name a player reads in a hand: a narrow card's band
#: grows (up to :data:`BAND_MOST` of its height) to hold its name at this size or more.
NAME_FLOOR = 10
BAND_MOST = 0.3
#: Where a name's word too long for a narrow card breaks, with a hyphen.
HYPHENATED = {"Reinforcement": ("Reinforce-", "ment")}

# id -> effect in a few words, grouped as the source lists them. The names and suits come from
# rules.alliances (SPECIAL_ACTIONS, SPECIAL_SUIT); these short effects are used whenever the
# rules' wording would not fit the card.
_SPECIALS: dict[str, str] = {
    "spin": "Played last: each power passes to the left",
    "peace-treaty": "Discard all Military power cards",
    "embargo": "Discard all Economics power cards",
    "dual-allegiance": "Add a Politics card to any player's power",
    "bribe": "A Politics card becomes your Economics power",
    "free-market": "Target adds its Military to its Economics defence",
    "global-trading": "Power: Economics of up to 4 neighbours",
    "monopoly": "Discard all Economics cards but one",
    "reserve-forces": "Power: Military of 4 of your countries",
    "reinforcement": "Double a Military power card",
    "covert-operation": "Discard a special action card",
    "defensive-pact": "Triple the target's Military defence",
}
SPECIAL_CARDS: tuple[str, ...] = tuple(_SPECIALS)
CARDS: tuple[str, ...] = POWER_CARDS + SPECIAL_CARDS


# ---- lookups ---------------------------------------------------------------------------------

_SUIT_ALIASES: dict[str, str] = {
    alias: key
    for key, aliases in {
        "M": ("m", "military"),
        "E": ("e", "economics", "economic"),
        "P": ("p", "politics", "political"),
    }.items()
    for alias in aliases
}


def suit_key(suit: str) -> str:
    """``"M"``, ``"E"`` or ``"P"`` for a suit given by letter or name (any case)."""
    key = _SUIT_ALIASES.get(suit.strip().lower()) if isinstance(suit, str) else None
    if key is None:
        raise ValueError(f"{suit!r} is not a suit (Military, Economics or Politics)")
    return key


def suit_colour(suit: str, colorblind: bool = False) -> Colour:
    """The colour of ``suit`` in the usual or the colour-blind-safe palette."""
    return (CB_SUIT_COLOURS if colorblind else SUIT_COLOURS)[suit_key(suit)]


def alliance_colour(player: int, colorblind: bool = False) -> Colour:
    """The token colour of player (or alliance) ``player``, 0–3."""
    _check_player(player)
    return (CB_TOKEN_COLOURS if colorblind else TOKEN_COLOURS)[player]


def suit_of(card: str) -> str:
    """The suit letter of any Alliances card."""
    if card in _SPECIALS:
        return SPECIAL_SUIT[card]
    if card in POWER_CARDS:
        return card[0]
    raise ValueError(f"{card!r} is not an Alliances card (M1 … P12 or a special action)")


def special_name(card: str) -> str:
    """The display name of special action ``card``."""
    if card not in _SPECIALS:
        raise ValueError(f"{card!r} is not an Alliances special action card")
    return SPECIAL_ACTIONS[card][0]


def special_effects(card: str) -> tuple[str, ...]:
    """The effect wordings to try on ``card``, preferred first (the rules', then ours)."""
    if card not in _SPECIALS:
        raise ValueError(f"{card!r} is not an Alliances special action card")
    ours = _SPECIALS[card]
    theirs = SPECIAL_ACTIONS[card][1]
    return (theirs, ours) if theirs and theirs != ours else (ours,)


def _on(colour: Colour) -> Colour:
    """White or dark ink, whichever reads better on ``colour``."""
    return WHITE if kit.contrast(WHITE, colour) >= kit.contrast(INK, colour) else INK


def _check_player(player: int) -> None:
    if isinstance(player, bool) or player not in range(len(TOKEN_COLOURS)):
        raise ValueError(f"player must be 0–{len(TOKEN_COLOURS) - 1}, not {player!r}")


def _check_size(value: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < card_art.MIN_WIDTH:
        raise ValueError(f"{what} must be an int of at least {card_art.MIN_WIDTH}, not {value!r}")
    return value


# ---- symbols ---------------------------------------------------------------------------------


class _Pen:
    """Draws unit-square shapes (y down) onto a big canvas; ``cut`` punches transparent holes
    (pygame.draw writes RGBA without blending, so alpha 0 erases)."""

    def __init__(self, surface: pygame.Surface, colour: Colour) -> None:
        self.surface = surface
        self.side = surface.get_width()
        self.solid = (*colour, 255)
        self.hole = (*colour, 0)

    def _c(self, cut: bool) -> tuple[int, int, int, int]:
        return self.hole if cut else self.solid

    def _p(self, pts: Sequence[Point]) -> list[Point]:
        return [(x * self.side, y * self.side) for x, y in pts]

    def poly(self, pts: Sequence[Point], cut: bool = False) -> None:
        pygame.draw.polygon(self.surface, self._c(cut), self._p(pts))

    def circle(self, cx: float, cy: float, r: float, cut: bool = False, width: float = 0) -> None:
        w = max(1, round(width * self.side)) if width else 0
        pygame.draw.circle(
            self.surface, self._c(cut), (cx * self.side, cy * self.side), r * self.side, w
        )

    def ellipse(
        self, cx: float, cy: float, rx: float, ry: float, cut: bool = False, width: float = 0
    ) -> None:
        s = self.side
        rect = pygame.Rect(
            round((cx - rx) * s), round((cy - ry) * s), round(2 * rx * s), round(2 * ry * s)
        )
        pygame.draw.ellipse(
            self.surface, self._c(cut), rect, max(1, round(width * s)) if width else 0
        )

    def line(self, pts: Sequence[Point], width: float, cut: bool = False) -> None:
        """A polyline ``width`` thick with round joints and ends."""
        colour, half = self._c(cut), width / 2
        for (x0, y0), (x1, y1) in itertools.pairwise(pts):
            length = math.hypot(x1 - x0, y1 - y0) or 1
            nx, ny = -(y1 - y0) / length * half, (x1 - x0) / length * half
            quad = [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)]
            pygame.draw.polygon(self.surface, colour, self._p(quad))
        for x, y in pts:
            pygame.draw.circle(
                self.surface, colour, (x * self.side, y * self.side), half * self.side
            )

    def arc(
        self, cx: float, cy: float, r: float, a0: float, a1: float, width: float, cut: bool = False
    ) -> list[Point]:
        """An arc from angle ``a0`` to ``a1`` (radians, y down); returns its points."""
        steps = max(8, int(abs(a1 - a0) * 12))
        pts = [
            (
                cx + r * math.cos(a0 + (a1 - a0) * i / steps),
                cy + r * math.sin(a0 + (a1 - a0) * i / steps),
            )
            for i in range(steps + 1)
        ]
        self.line(pts, width, cut)
        return pts


def _star_points(cx: float, cy: float, outer: float, inner: float, n: int = 5) -> list[Point]:
    pts = []
    for i in range(2 * n):
        r = outer if i % 2 == 0 else inner
        a = -math.pi / 2 + i * math.pi / n
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def _arrowhead(p: _Pen, tip: Point, direction: float, size: float) -> None:
    """A filled triangle pointing along ``direction`` (radians) with its tip at ``tip``."""
    back = direction + math.pi
    left = (tip[0] + size * math.cos(back - 0.5), tip[1] + size * math.sin(back - 0.5))
    right = (tip[0] + size * math.cos(back + 0.5), tip[1] + size * math.sin(back + 0.5))
    p.poly([tip, left, right])


def _military(p: _Pen) -> None:
    p.poly(_star_points(0.5, 0.54, 0.5, 0.2))


def _economics(p: _Pen) -> None:
    # A coin with a square hole: round where the star is pointed and the hall is square.
    p.circle(0.5, 0.5, 0.47)
    p.circle(0.5, 0.5, 0.37, cut=True, width=0.045)
    p.poly([(0.4, 0.4), (0.6, 0.4), (0.6, 0.6), (0.4, 0.6)], cut=True)


def _politics(p: _Pen) -> None:
    # A pillared hall: pediment, four columns, two steps.
    p.poly([(0.04, 0.33), (0.5, 0.05), (0.96, 0.33)])
    p.poly([(0.08, 0.35), (0.92, 0.35), (0.92, 0.43), (0.08, 0.43)])
    for x in (0.13, 0.35, 0.55, 0.77):
        p.poly([(x, 0.46), (x + 0.1, 0.46), (x + 0.1, 0.81), (x, 0.81)])
    p.poly([(0.06, 0.83), (0.94, 0.83), (0.94, 0.9), (0.06, 0.9)])
    p.poly([(0.0, 0.91), (1.0, 0.91), (1.0, 0.98), (0.0, 0.98)])


def _spin(p: _Pen) -> None:
    # Two arrows chasing each other round a circle: powers passed to the left.
    for start in (math.radians(-160), math.radians(20)):
        end = start + math.radians(130)
        pts = p.arc(0.5, 0.5, 0.34, start, end, 0.11)
        tip = pts[-1]
        _arrowhead(
            p,
            (
                tip[0] + 0.06 * math.cos(end + math.pi / 2),
                tip[1] + 0.06 * math.sin(end + math.pi / 2),
            ),
            end + math.pi / 2,
            0.26,
        )


def _peace_treaty(p: _Pen) -> None:
    # An olive branch: a curved stem with leaves on both sides.
    stem = [
        (0.16 + 0.68 * t, 0.9 - 0.78 * t - 0.18 * math.sin(math.pi * t))
        for t in (i / 10 for i in range(11))
    ]
    p.line(stem, 0.05)
    for k in range(1, 5):
        x, y = stem[k * 2]
        for side in (-1, 1):
            a = -0.9 + side * 0.9
            _leaf(p, x, y, a - 0.5 * side, 0.2)
    _leaf(p, stem[-1][0], stem[-1][1], -0.9, 0.18)


def _leaf(p: _Pen, x: float, y: float, angle: float, length: float) -> None:
    pts = []
    for k in range(16):
        u = 2 * math.pi * k / 16
        lx, ly = length / 2 * (1 + math.cos(u)), length * 0.22 * math.sin(u)
        pts.append(
            (
                x + lx * math.cos(angle) - ly * math.sin(angle),
                y + lx * math.sin(angle) + ly * math.cos(angle),
            )
        )
    p.poly(pts)


def _embargo(p: _Pen) -> None:
    # A padlock.
    p.arc(0.5, 0.42, 0.22, math.pi, 2 * math.pi, 0.1)
    p.line([(0.28, 0.42), (0.28, 0.5)], 0.1)
    p.line([(0.72, 0.42), (0.72, 0.5)], 0.1)
    p.poly([(0.14, 0.48), (0.86, 0.48), (0.86, 0.96), (0.14, 0.96)])
    p.circle(0.5, 0.66, 0.07, cut=True)
    p.poly([(0.47, 0.68), (0.53, 0.68), (0.56, 0.84), (0.44, 0.84)], cut=True)


def _dual_allegiance(p: _Pen) -> None:
    # Two linked rings: the right one lies over the left, parted from it by a thin gap.
    p.circle(0.35, 0.5, 0.28, width=0.1)
    p.circle(0.65, 0.5, 0.28, cut=True, width=0.18)
    p.circle(0.65, 0.5, 0.28, width=0.1)


def _bribe(p: _Pen) -> None:
    # A money bag tied at the neck.
    p.circle(0.5, 0.64, 0.33)
    p.poly([(0.38, 0.36), (0.62, 0.36), (0.7, 0.4), (0.3, 0.4)])
    p.poly(
        [(0.3, 0.1), (0.42, 0.18), (0.5, 0.08), (0.58, 0.18), (0.7, 0.1), (0.62, 0.3), (0.38, 0.3)]
    )
    p.line([(0.36, 0.33), (0.64, 0.33)], 0.05, cut=True)
    p.circle(0.5, 0.66, 0.15, cut=True, width=0.05)


def _free_market(p: _Pen) -> None:
    # A balance: post, beam and two hanging pans.
    p.line([(0.5, 0.12), (0.5, 0.86)], 0.08)
    p.poly([(0.28, 0.86), (0.72, 0.86), (0.72, 0.95), (0.28, 0.95)])
    p.line([(0.12, 0.22), (0.88, 0.22)], 0.07)
    p.circle(0.5, 0.12, 0.07)
    for cx in (0.2, 0.8):
        p.line([(cx, 0.22), (cx - 0.15, 0.55)], 0.03)
        p.line([(cx, 0.22), (cx + 0.15, 0.55)], 0.03)
        p.poly([(cx - 0.19, 0.55), (cx + 0.19, 0.55), (cx + 0.12, 0.64), (cx - 0.12, 0.64)])


def _global_trading(p: _Pen) -> None:
    # A globe: rim, meridian and three parallels.
    p.circle(0.5, 0.5, 0.46)
    p.circle(0.5, 0.5, 0.46, cut=True, width=0.06)
    p.circle(0.5, 0.5, 0.36, cut=True)
    p.circle(0.5, 0.5, 0.46, width=0.07)
    p.ellipse(0.5, 0.5, 0.18, 0.44, width=0.06)
    p.line([(0.06, 0.5), (0.94, 0.5)], 0.06)
    p.line([(0.14, 0.3), (0.86, 0.3)], 0.05)
    p.line([(0.14, 0.7), (0.86, 0.7)], 0.05)


def _monopoly(p: _Pen) -> None:
    # A crown: one power rules the market.
    p.poly(
        [(0.1, 0.76), (0.05, 0.3), (0.3, 0.52), (0.5, 0.2), (0.7, 0.52), (0.95, 0.3), (0.9, 0.76)]
    )
    p.poly([(0.1, 0.79), (0.9, 0.79), (0.9, 0.93), (0.1, 0.93)])
    for cx, cy, r in ((0.05, 0.25, 0.06), (0.5, 0.13, 0.08), (0.95, 0.25, 0.06)):
        p.circle(cx, cy, r)
    for cx in (0.3, 0.5, 0.7):
        p.circle(cx, 0.86, 0.035, cut=True)


def _reserve_forces(p: _Pen) -> None:
    # Three stacked rank chevrons: troops held in reserve.
    for y in (0.16, 0.42, 0.68):
        p.poly(
            [
                (0.08, y + 0.18),
                (0.5, y - 0.06),
                (0.92, y + 0.18),
                (0.92, y + 0.32),
                (0.5, y + 0.08),
                (0.08, y + 0.32),
            ]
        )


def _reinforcement(p: _Pen) -> None:
    # Two crossed swords: the power doubled.
    for sign in (-1, 1):
        a = sign * math.radians(40)

        def rot(pt: Point, a: float = a) -> Point:
            x, y = pt[0] - 0.5, pt[1] - 0.5
            return (
                0.5 + x * math.cos(a) - y * math.sin(a),
                0.5 + x * math.sin(a) + y * math.cos(a),
            )

        blade = [(0.46, 0.66), (0.46, 0.12), (0.5, 0.02), (0.54, 0.12), (0.54, 0.66)]
        guard = [(0.34, 0.66), (0.66, 0.66), (0.66, 0.73), (0.34, 0.73)]
        grip = [(0.47, 0.73), (0.53, 0.73), (0.53, 0.9), (0.47, 0.9)]
        for part in (blade, guard, grip):
            p.poly([rot(pt) for pt in part])
        cx, cy = rot((0.5, 0.93))
        p.circle(cx, cy, 0.05)


def _covert_operation(p: _Pen) -> None:
    # An eye watching.
    top = [
        (0.04 + 0.92 * t, 0.5 - 0.34 * math.sin(math.pi * t)) for t in (i / 16 for i in range(17))
    ]
    bottom = [(x, 1 - y) for x, y in reversed(top)]
    p.poly(top + bottom)
    p.circle(0.5, 0.5, 0.2, cut=True)
    p.circle(0.5, 0.5, 0.13)
    p.circle(0.55, 0.45, 0.04, cut=True)


def _defensive_pact(p: _Pen) -> None:
    # A shield with three bars: the defence tripled.
    shield = [(0.12, 0.06), (0.88, 0.06), (0.88, 0.46)]
    for i in range(1, 9):
        t = i / 8
        shield.append((0.88 - 0.38 * t, 0.46 + 0.5 * math.sin(t * math.pi / 2)))
    shield += [
        (0.12 + 0.38 * (1 - i / 8), 0.46 + 0.5 * math.sin((1 - i / 8) * math.pi / 2))
        for i in range(1, 9)
    ]
    p.poly(shield)
    for y in (0.22, 0.4, 0.58):
        p.poly([(0.26, y), (0.74, y), (0.74, y + 0.08), (0.26, y + 0.08)], cut=True)


_SYMBOLS: dict[str, Callable[[_Pen], None]] = {
    "M": _military,
    "E": _economics,
    "P": _politics,
    "spin": _spin,
    "peace-treaty": _peace_treaty,
    "embargo": _embargo,
    "dual-allegiance": _dual_allegiance,
    "bribe": _bribe,
    "free-market": _free_market,
    "global-trading": _global_trading,
    "monopoly": _monopoly,
    "reserve-forces": _reserve_forces,
    "reinforcement": _reinforcement,
    "covert-operation": _covert_operation,
    "defensive-pact": _defensive_pact,
}
SYMBOLS: tuple[str, ...] = tuple(_SYMBOLS)


@lru_cache(maxsize=512)
def symbol_surface(name: str, side: int, colour: Colour) -> pygame.Surface:
    """Symbol ``name`` (a suit letter or a special card id), ``side`` pixels square (cached)."""
    if name not in _SYMBOLS:
        raise ValueError(f"{name!r} is not an Alliances symbol (one of {', '.join(SYMBOLS)})")
    side = max(1, int(side))
    scale = 4 if side < 200 else 2
    big = kit.canvas(side * scale, side * scale, colour)
    _SYMBOLS[name](_Pen(big, colour))
    return pygame.transform.smoothscale(big, (side, side))


def draw_symbol(surface: pygame.Surface, name: str, rect: pygame.Rect, colour: Colour) -> None:
    """Draw symbol ``name`` as large as fits, centred in ``rect``."""
    rect = pygame.Rect(rect)
    side = min(rect.w, rect.h)
    if side >= 2:
        art = symbol_surface(name, side, tuple(colour[:3]))
        surface.blit(art, art.get_rect(center=rect.center))


# ---- card layouts ----------------------------------------------------------------------------


@dataclass(frozen=True)
class CardLayout:
    """Where each element of a face goes (pixels). ``elements`` name every drawn box: they never
    overlap one another and all lie inside the card; text boxes are the inked extents."""

    level: str  # "tiny" or "full"
    frame: int
    radius: int
    elements: dict[str, pygame.Rect]
    sizes: dict[str, int]  # font size per text element
    lines: dict[str, tuple[str, ...]]  # wrapped text per element ("name", "effect")


def _radius(w: int) -> int:
    return max(3, round(w * 0.07))


@lru_cache(maxsize=256)
def power_layout(card: str, w: int) -> CardLayout:
    """The layout of power card ``card`` at width ``w`` (exposed so tests can check it)."""
    if card not in POWER_CARDS:
        raise ValueError(f"{card!r} is not an Alliances power card (M1 … P12)")
    h = card_art.card_size(w)[1]
    number = card[1:]
    if w < TINY_BELOW:
        # The number and the symbol, big, on a card in the suit's colour.
        frame = max(1, round(w * 0.06))
        room = w - 2 * frame - 2
        tallest = kit.size_for_height("serif-bold", h * 0.34, "8")
        size = fit_size("12", "serif-bold", round(room * 0.92), tallest, 6, ink=True)
        nw, nh = kit.ink_size(number, size, "serif-bold")
        num = pygame.Rect(0, 0, nw, nh)
        num.center = (w // 2, round(h * 0.32))
        side = min(round(room * 0.66), round(h * 0.34))
        sym = pygame.Rect(0, 0, side, side)
        sym.midtop = (w // 2, num.bottom + max(2, round(h * 0.06)))
        return CardLayout(
            "tiny", frame, _radius(w), {"number": num, "symbol": sym}, {"number": size}, {}
        )
    frame = max(2, round(w * 0.045))
    pad = max(2, round(w * 0.05))
    # One number size per width, set by the widest number ("12"), so all cards line up.
    tallest = kit.size_for_height("serif-bold", h * 0.135, "8")
    size = fit_size("12", "serif-bold", round(w * 0.3), tallest, 6, ink=True)
    column = kit.ink_size("12", size, "serif-bold")[0]
    left, top = frame + pad, frame + pad
    # Every number on one baseline, and the index box the same on every card of the width.
    boxes = {n: kit.ink_box(str(n), size, "serif-bold") for n in range(1, 13)}
    baseline = top + max(rise for _, _, rise in boxes.values())
    index_bottom = max(baseline - rise + ih for _, ih, rise in boxes.values())
    nw, nh, rise = boxes[int(number)]
    num = pygame.Rect(left + (column - nw) // 2, baseline - rise, nw, nh)
    side = round(min(column * 0.62, (index_bottom - top) * 0.95))
    sym = pygame.Rect(0, 0, side, side)
    sym.midtop = (left + column // 2, index_bottom + max(2, round(h * 0.02)))
    elements = {"number": num, "symbol": sym}
    index = pygame.Rect(left, top, column, index_bottom - top)
    # The same index turned upside down in the opposite corner.
    for name in ("number", "symbol"):
        r = elements[name]
        elements[name + "2"] = pygame.Rect(w - r.right, h - r.bottom, r.w, r.h)
    gap = max(2, round(w * 0.03))
    # The largest circle about the card's centre that keeps clear of both indexes.
    cx, cy = w / 2, h / 2
    radius = w / 2 - frame - pad
    for r in (index, sym):
        o = r.inflate(2 * gap, 2 * gap)
        dx = max(o.left - cx, 0, cx - o.right)
        dy = max(o.top - cy, 0, cy - o.bottom)
        radius = min(radius, math.hypot(dx, dy))
    d = max(0, math.floor(2 * radius))
    elements["medallion"] = pygame.Rect(round(cx - d / 2), round(cy - d / 2), d, d)
    return CardLayout("full", frame, _radius(w), elements, {"number": size}, {})


def _fit_lines(
    texts: Sequence[str],
    face: str,
    start: int,
    smallest: int,
    width: int,
    height: int,
    max_lines: int,
) -> tuple[str, int, tuple[str, ...]] | None:
    """The first of ``texts`` that wraps into ``width`` × ``height`` in at most ``max_lines``
    lines, at the largest size from ``start`` down to ``smallest``: (text, size, lines)."""
    for size in range(start, smallest - 1, -1):
        line_h = get_font(size, face).get_linesize()
        for text in texts:
            lines = wrap_text(text, get_font(size, face), width, strict=True)
            if lines and len(lines) <= max_lines and len(lines) * line_h <= height:
                return text, size, tuple(lines)
    return None


def _text_block(
    lines: Sequence[str], size: int, face: str, centre: tuple[int, int]
) -> list[pygame.Rect]:
    """Line boxes (full line height, inked width) of ``lines`` centred on ``centre``."""
    font = get_font(size, face)
    line_h = font.get_linesize()
    y = centre[1] - len(lines) * line_h // 2
    rects = []
    for i, line in enumerate(lines):
        lw = font.size(line)[0]
        rects.append(pygame.Rect(centre[0] - lw // 2, y + i * line_h, lw, line_h))
    return rects


@dataclass(frozen=True)
class _SpecialGrid:
    """What every special card of one width shares: margins, band, name and effect sizes."""

    frame: int
    gap: int
    band: int
    suit: pygame.Rect
    name_room: pygame.Rect
    name_size: int  # 0: no name fits
    panel: pygame.Rect | None  # the effect panel (same for every card), None: no effect
    effect_size: int
    effect_room: int  # line width inside the panel
    effect_lines: int  # the most lines any card's effect takes


@lru_cache(maxsize=64)
def _special_grid(w: int) -> _SpecialGrid:
    h = card_art.card_size(w)[1]
    frame = max(2, round(w * 0.04))
    pad = max(2, round(w * 0.045))
    gap = max(2, round(w * 0.03))
    band = _plain_band(w)
    # The name has the band to itself; the suit symbol sits just under it, at the left edge
    # a fanned hand shows (and mirrored at the right).
    room = pygame.Rect(frame + pad, frame, w - 2 * (frame + pad), band - frame)
    # One name size for the width: the largest at which every name fits in one line or two;
    # a narrow card's band grows to hold them at NAME_FLOOR before they are set smaller.
    band, room, name_size = _name_band(w, band, room)
    side = round(w * 0.15)
    suit = pygame.Rect(frame + pad, band + gap, side, side)
    margin = max(2, round(w * 0.04))
    panel, effect_size, effect_lines = None, 0, 0
    hpad, vpad = max(3, round(w * 0.03)), max(2, round(w * 0.025))
    panel_w = w - 2 * frame - 2 * margin
    line_w = panel_w - 2 * hpad
    if w >= EFFECT_FROM:
        # The effect may take what is left under the band once a fair medallion is kept; one
        # size for every card of the width, the largest at which each card's effect fits.
        most = h - frame - margin - (band + gap) - round(w * 0.27) - gap - 2 * vpad
        start = max(MIN_TEXT, round(w * 0.085))
        for size in range(start, MIN_TEXT - 1, -1):
            fits = [
                _fit_lines(special_effects(c), "sans", size, size, line_w, most, 4)
                for c in _SPECIALS
            ]
            if all(fits):
                effect_size = size
                effect_lines = max(len(f[2]) for f in fits if f)
                break
        if effect_size:
            line_h = get_font(effect_size, "sans").get_linesize()
            panel = pygame.Rect(frame + margin, 0, panel_w, effect_lines * line_h + 2 * vpad)
            panel.bottom = h - frame - margin
    return _SpecialGrid(
        frame, gap, band, suit, room, name_size, panel, effect_size, line_w, effect_lines
    )


def _name_band(w: int, band: int, room: pygame.Rect) -> tuple[int, pygame.Rect, int]:
    """The band, the name's room in it and the names' size: the largest size at which every
    name fits the band in one line or two; if that is under :data:`NAME_FLOOR`, the band grows
    (to :data:`BAND_MOST` of the card's height) until they fit at the floor; if even that
    cannot hold them, the band as it was with the names as small as :data:`MIN_LABEL`, or
    none (size 0)."""
    h = card_art.card_size(w)[1]

    def largest(room: pygame.Rect, start: int, smallest: int, hyphens: bool = False) -> int:
        for size in range(start, smallest - 1, -1):
            if all(_name_lines(card, size, room, hyphens) for card in _SPECIALS):
                return size
        return 0

    size = largest(room, round(band * 0.42), NAME_FLOOR)
    if size:
        return band, room, size
    line_h = get_font(NAME_FLOOR, "sans-bold").get_linesize()
    grown = room.y + 2 * line_h
    if grown <= round(h * BAND_MOST):
        taller = pygame.Rect(room.x, room.y, room.w, grown - room.y)
        if largest(taller, NAME_FLOOR, NAME_FLOOR, hyphens=True):
            return grown, taller, NAME_FLOOR
    return band, room, largest(room, round(band * 0.42), MIN_LABEL)


@lru_cache(maxsize=1)
def named_width() -> int:
    """The narrowest card on which every special action prints its name at
    :data:`NAME_FLOOR` or more: cards a player picks from (a hand, a packet) are no narrower
    where they can be."""
    return next(w for w in range(TINY_BELOW, 400) if _special_grid(w).name_size >= NAME_FLOOR)


def _name_lines(
    card: str, size: int, room: pygame.Rect, hyphens: bool = True
) -> tuple[str, ...] | None:
    """A special card's name in one line or two that fit ``room`` at ``size`` (with
    ``hyphens``, a word too long for the room broken where :data:`HYPHENATED` says), or
    None."""
    name = special_name(card)
    fitted = _fit_lines([name], "sans-bold", size, size, room.w, room.h, 2)
    if fitted is not None or not hyphens:
        return fitted[2] if fitted is not None else None
    font = get_font(size, "sans-bold")
    for word, parts in HYPHENATED.items():
        if word not in name.split():
            continue
        # One line a word: the name is this word and at most one more short enough.
        lines = name.replace(word, " ".join(parts)).split()
        tall = len(lines) * font.get_linesize()
        if len(lines) <= 2 and tall <= room.h and all(font.size(x)[0] <= room.w for x in lines):
            return tuple(lines)
    return None


@lru_cache(maxsize=256)
def special_layout(card: str, w: int) -> CardLayout:
    """The layout of special action ``card`` at width ``w`` (exposed so tests can check it)."""
    if card not in _SPECIALS:
        raise ValueError(f"{card!r} is not an Alliances special action card")
    h = card_art.card_size(w)[1]
    if w < TINY_BELOW:
        frame = max(1, round(w * 0.06))
        corner = max(5, round(w * 0.3))
        suit = pygame.Rect(frame + 1, frame + 1, corner, corner)
        side = min(w - 2 * frame - 4, round(h * 0.55))
        sym = pygame.Rect(0, 0, side, side)
        sym.center = (w // 2, (suit.bottom + h - frame) // 2 + 1)
        return CardLayout("tiny", frame, _radius(w), {"suit": suit, "symbol": sym}, {}, {})
    grid = _special_grid(w)
    elements: dict[str, pygame.Rect] = {"suit": grid.suit}
    sizes: dict[str, int] = {}
    lines: dict[str, tuple[str, ...]] = {}
    if grid.name_size:
        room = grid.name_room
        named = _name_lines(card, grid.name_size, room)
        if named is not None:
            sizes["name"], lines["name"] = grid.name_size, named
            for i, r in enumerate(_text_block(named, grid.name_size, "sans-bold", room.center)):
                elements[f"name{i}"] = r
    bottom = h - grid.frame - max(2, round(w * 0.04))
    if grid.panel is not None:
        line_h = get_font(grid.effect_size, "sans").get_linesize()
        fitted = _fit_lines(
            special_effects(card),
            "sans",
            grid.effect_size,
            grid.effect_size,
            grid.effect_room,
            grid.effect_lines * line_h,
            4,
        )
        if fitted is not None:
            elements["panel"] = grid.panel
            sizes["effect"], lines["effect"] = grid.effect_size, fitted[2]
            bottom = grid.panel.top - grid.gap
    suit = grid.suit
    elements["suit2"] = pygame.Rect(w - suit.right, suit.y, suit.w, suit.h)
    # The largest circle centred in the room left that keeps clear of both suit symbols.
    top = grid.band + grid.gap
    cx, cy = w / 2, (top + bottom) / 2
    radius = min((bottom - top) / 2, w / 2 - suit.x)
    for name in ("suit", "suit2"):
        o = elements[name].inflate(2 * grid.gap, 2 * grid.gap)
        dx = max(o.left - cx, 0, cx - o.right)
        dy = max(o.top - cy, 0, cy - o.bottom)
        radius = min(radius, math.hypot(dx, dy))
    d = max(0, math.floor(2 * radius))
    elements["medallion"] = pygame.Rect(round(cx - d / 2), round(cy - d / 2), d, d)
    return CardLayout("full", grid.frame, _radius(w), elements, sizes, lines)


def band_height(w: int) -> int:
    """The height of a special card's top band (name and suit), the part a fanned hand shows:
    a fifth of the card, more on a narrow card whose name needs it (:func:`_name_band`)."""
    if w >= TINY_BELOW:
        return _special_grid(w).band
    return _plain_band(w)


@lru_cache(maxsize=64)
def index_right(w: int) -> int:
    """How far from its left edge a power card of width ``w`` is inked by its index (the rank,
    "12" at the widest, and the suit mark under it): what an overlapped card must show."""
    return max(
        power_layout(card, w).elements[part].right
        for card in POWER_CARDS
        for part in ("number", "symbol")
    )


@lru_cache(maxsize=256)
def special_reveal(card: str, w: int) -> tuple[int, int]:
    """How much of special action ``card``'s left edge, at width ``w``, shows its suit mark
    (and the start of its name band), and how much shows its name whole (``w`` when the card
    prints no name): (least, named)."""
    layout = special_layout(card, w)
    names = [r.right for key, r in layout.elements.items() if key.startswith("name")]
    return layout.elements["suit"].right, max(names, default=w)


def _plain_band(w: int) -> int:
    return max(10, round(card_art.card_size(w)[1] * 0.2))


# ---- card faces ------------------------------------------------------------------------------


def paint_face(card: str, w: int, h: int, colorblind: bool) -> pygame.Surface:
    """The face of ``card``, ``w`` × ``h`` (the card_art painter for "alliances")."""
    if card in POWER_CARDS:
        return _paint_power(card, w, h, bool(colorblind))
    if card in _SPECIALS:
        return _paint_special(card, w, h, bool(colorblind))
    raise ValueError(f"{card!r} is not an Alliances card (M1 … P12 or a special action)")


def _rounded_card(
    w: int, h: int, edge: Colour, paper: Colour | None, frame: int, top: int | None = None
) -> pygame.Surface:
    """A card in ``edge`` with a ``paper`` field inset by ``frame`` (from ``top`` down, if
    given) and a fine rule inside it; supersampled."""
    s = kit.supersample(w)
    radius = _radius(w)
    big = kit.canvas(w * s, h * s, edge)
    pygame.draw.rect(big, edge, (0, 0, w * s, h * s), border_radius=radius * s)
    if paper is not None:
        y = frame if top is None else top
        inner = pygame.Rect(frame * s, y * s, (w - 2 * frame) * s, (h - y - frame) * s)
        r = max(1, radius - frame) * s
        if top is None:
            pygame.draw.rect(big, paper, inner, border_radius=r)
        else:
            pygame.draw.rect(
                big, paper, inner, border_bottom_left_radius=r, border_bottom_right_radius=r
            )
        if w >= 90:
            inset = round(w * 0.018 * s)
            pygame.draw.rect(
                big,
                kit.mix(paper, edge, 0.55),
                inner.inflate(-2 * inset, -2 * inset),
                max(1, round(w * 0.006 * s)),
                border_radius=max(1, r - inset),
            )
    return pygame.transform.smoothscale(big, (w, h))


def _paint_power(card: str, w: int, h: int, colorblind: bool) -> pygame.Surface:
    suit, number = card[0], card[1:]
    colour = suit_colour(suit, colorblind)
    layout = power_layout(card, w)
    el = layout.elements
    size = layout.sizes["number"]
    if layout.level == "tiny":
        face = _rounded_card(w, h, colour, None, layout.frame)
        ink = _on(colour)
        face.blit(kit.rendered_text(number, size, "serif-bold", ink, True), el["number"])
        draw_symbol(face, suit, el["symbol"], ink)
        return face
    paper = kit.mix(PAPER, colour, 0.07)
    face = _rounded_card(w, h, colour, paper, layout.frame)
    ink = kit.ink(colour, paper, 4.5)
    med = el["medallion"]
    if med.w > 8:
        s = 4 if med.w < 200 else 2
        disc = kit.canvas(med.w * s, med.w * s, colour)
        c, r = med.w * s / 2, med.w * s / 2
        pygame.draw.circle(disc, kit.mix(paper, colour, 0.13), (c, c), r)
        pygame.draw.circle(disc, kit.mix(paper, colour, 0.6), (c, c), r, max(1, round(r * 0.035)))
        face.blit(pygame.transform.smoothscale(disc, med.size), med)
        inset = round(med.w * 0.22)
        # Darkened only as far as it must be to stand out (the colour-blind gold on its tint).
        mark = kit.ink(colour, kit.mix(paper, colour, 0.13), 3.0)
        draw_symbol(face, suit, med.inflate(-2 * inset, -2 * inset), mark)
    text = kit.rendered_text(number, size, "serif-bold", ink, True)
    face.blit(text, el["number"])
    face.blit(pygame.transform.rotate(text, 180), el["number2"])
    draw_symbol(face, suit, el["symbol"], ink)
    sym = symbol_surface(suit, el["symbol2"].w, ink)
    face.blit(pygame.transform.rotate(sym, 180), el["symbol2"])
    return face


def _paint_special(card: str, w: int, h: int, colorblind: bool) -> pygame.Surface:
    suit = SPECIAL_SUIT[card]
    colour = suit_colour(suit, colorblind)
    on_band = _on(colour)
    layout = special_layout(card, w)
    el = layout.elements
    if layout.level == "tiny":
        face = _rounded_card(w, h, colour, None, layout.frame)
        draw_symbol(face, suit, el["suit"], kit.mix(colour, on_band, 0.75))
        draw_symbol(face, card, el["symbol"], on_band)
        return face
    paper = kit.mix(PAPER, colour, 0.12)
    band = band_height(w)
    face = _rounded_card(w, h, colour, paper, layout.frame, top=band)
    # A gold rule under the band marks a special card at a glance.
    pygame.draw.line(
        face, GOLD, (layout.frame, band), (w - layout.frame - 1, band), max(1, round(w * 0.012))
    )
    ink = kit.ink(colour, paper, 3.0)
    draw_symbol(face, suit, el["suit"], ink)
    draw_symbol(face, suit, el["suit2"], ink)
    for i, line in enumerate(layout.lines.get("name", ())):
        art = kit.rendered_text(line, layout.sizes["name"], "sans-bold", on_band, False)
        face.blit(art, el[f"name{i}"])
    med = el["medallion"]
    if med.w > 8:
        s = 4 if med.w < 200 else 2
        disc = kit.canvas(med.w * s, med.w * s, colour)
        c = med.w * s / 2
        pygame.draw.circle(disc, kit.mix(paper, colour, 0.85), (c, c), c)
        pygame.draw.circle(disc, GOLD, (c, c), c * 0.93, max(1, round(c * 0.04)))
        face.blit(pygame.transform.smoothscale(disc, med.size), med)
        inset = round(med.w * 0.2)
        draw_symbol(face, card, med.inflate(-2 * inset, -2 * inset), kit.mix(on_band, paper, 0.1))
    if "panel" in el:
        panel = el["panel"]
        pygame.draw.rect(face, kit.mix(paper, WHITE, 0.6), panel, border_radius=max(2, w // 30))
        pygame.draw.rect(
            face,
            kit.mix(paper, colour, 0.5),
            panel,
            max(1, w // 110),
            border_radius=max(2, w // 30),
        )
        size = layout.sizes["effect"]
        for line, r in zip(
            layout.lines["effect"],
            _text_block(layout.lines["effect"], size, "sans", panel.center),
            strict=True,
        ):
            face.blit(kit.rendered_text(line, size, "sans", INK, False), r)
    return face


@lru_cache(maxsize=16)
def _back(w: int, h: int) -> pygame.Surface:
    s = kit.supersample(w)
    W, H = w * s, h * s
    big = kit.canvas(W, H, NAVY)
    radius = _radius(w) * s
    pygame.draw.rect(big, NAVY, (0, 0, W, H), border_radius=radius)
    frame = max(2, round(w * 0.05)) * s
    field = pygame.Rect(frame, frame, W - 2 * frame, H - 2 * frame)
    pygame.draw.rect(
        big, kit.mix(NAVY, (40, 70, 110), 0.5), field, border_radius=max(1, radius - frame)
    )
    pygame.draw.rect(
        big, GOLD, field, max(1, round(w * 0.012 * s)), border_radius=max(1, radius - frame)
    )
    # A gold globe: rim, meridians and parallels.
    cx, cy, r = W / 2, H / 2, W * 0.3
    line = max(1, round(w * 0.012 * s))
    pygame.draw.circle(big, GOLD, (cx, cy), r, max(1, round(w * 0.02 * s)))
    for k in (0.35, 0.75):
        pygame.draw.ellipse(big, GOLD, pygame.Rect(cx - r * k, cy - r, 2 * r * k, 2 * r), line)
    pygame.draw.line(big, GOLD, (cx, cy - r), (cx, cy + r), line)
    for dy in (-0.5, 0, 0.5):
        half = r * math.sqrt(1 - dy * dy)
        pygame.draw.line(big, GOLD, (cx - half, cy + dy * r), (cx + half, cy + dy * r), line)
    back = pygame.transform.smoothscale(big, (w, h))
    if w >= 40:
        # The three suit symbols, one above and two below the globe.
        side = round(w * 0.16)
        spots = (
            (w // 2, round(h / 2 - w * 0.3 - side * 0.85)),
            (round(w * 0.25), round(h / 2 + w * 0.3 + side * 0.75)),
            (round(w * 0.75), round(h / 2 + w * 0.3 + side * 0.75)),
        )
        for suit, (x, y) in zip(("P", "E", "M"), spots, strict=True):
            draw_symbol(back, suit, pygame.Rect(x - side // 2, y - side // 2, side, side), GOLD)
    return back


def paint_back(w: int, h: int) -> pygame.Surface:
    """The face-down back shared by every Alliances card."""
    return _back(w, h)


# ---- country tiles ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TileLayout:
    """Where each element of a country tile goes (pixels); text boxes are line boxes."""

    border: int
    radius: int
    elements: dict[str, pygame.Rect]
    name_size: int
    name_lines: tuple[str, ...]
    value_size: int
    chip_symbols: bool  # whether each defence chip has room for its suit symbol


@lru_cache(maxsize=256)
def tile_layout(name: str, w: int, h: int, numbers: int = 0) -> TileLayout:
    """The layout of a country tile ``w`` × ``h`` named ``name`` (exposed for tests); the chips
    drop their suit symbols when with them the defence numbers would be smaller than
    ``numbers`` (a font size: the TV profile's body size)."""
    short = min(w, h)
    border = max(1, round(short * 0.035))
    radius = max(2, round(short * 0.09))
    pad = max(2, round(short * 0.05))
    gap = max(1, round(short * 0.04))
    inner = pygame.Rect(border + pad, border + pad, w - 2 * (border + pad), h - 2 * (border + pad))
    elements: dict[str, pygame.Rect] = {}
    # Three defence chips along the bottom: Military, Economic, Political.
    chip_w = (inner.w - 2 * gap) // 3
    chip_h = max(6, min(round(h * 0.3), round(chip_w * 0.62)))
    value_size = fit_size(
        "88",
        "sans-bold",
        max(4, round(chip_w * 0.5)),
        kit.size_for_height("sans-bold", chip_h * 0.66, "8"),
        6,
        ink=True,
    )
    symbols = chip_w >= 24 and chip_w >= chip_h * 1.45 and value_size >= numbers
    if not symbols:
        value_size = fit_size(
            "88",
            "sans-bold",
            max(4, chip_w - 2),
            kit.size_for_height("sans-bold", chip_h * 0.7, "8"),
            6,
            ink=True,
        )
    for i, suit in enumerate(SUITS):
        x = inner.x + i * (chip_w + gap)
        elements[f"chip_{suit}"] = pygame.Rect(x, inner.bottom - chip_h, chip_w, chip_h)
    room = pygame.Rect(inner.x, inner.y, inner.w, inner.bottom - chip_h - gap - inner.y)
    # The name above, on one line, or on two when that makes it clearly larger.
    name_size, name_lines = 0, tuple[str, ...]()
    one = _fit_lines(
        [name], "serif-bold", round(h * 0.16), MIN_LABEL, room.w, round(room.h * 0.6), 1
    )
    two = _fit_lines(
        [name], "serif-bold", round(h * 0.13), MIN_LABEL, room.w, round(room.h * 0.75), 2
    )
    fitted = one
    if two is not None and (one is None or two[1] > one[1] * 1.2):
        fitted = two
    map_top = room.y
    if fitted is not None:
        _, name_size, name_lines = fitted
        line_h = get_font(name_size, "serif-bold").get_linesize()
        block = pygame.Rect(room.x, room.y, room.w, line_h * len(name_lines))
        for i, r in enumerate(_text_block(name_lines, name_size, "serif-bold", block.center)):
            elements[f"name{i}"] = r
        map_top = block.bottom + gap
    map_h = inner.bottom - chip_h - gap - map_top
    if map_h >= 8:
        elements["map"] = pygame.Rect(inner.x, map_top, inner.w, map_h)
    return TileLayout(border, radius, elements, name_size, tuple(name_lines), value_size, symbols)


def _coastline(name: str, rect: pygame.Rect) -> list[Point]:
    """An island outline inside ``rect``, the same for the same name on every run."""
    seed = zlib.crc32(name.encode("utf-8"))
    bumps = [((seed >> (3 * k)) & 7) / 7 for k in range(9)]
    cx, cy = rect.centerx, rect.centery
    rx, ry = rect.w * 0.46, rect.h * 0.46
    pts = []
    steps = 36
    for i in range(steps):
        a = 2 * math.pi * i / steps
        wobble = 0.78 + 0.22 * math.sin(3 * a + bumps[0] * 6) * bumps[1]
        wobble += 0.12 * math.sin(5 * a + bumps[2] * 6) * bumps[3]
        wobble += 0.08 * math.sin(7 * a + bumps[4] * 6)
        wobble = min(1.0, wobble)
        pts.append((cx + rx * wobble * math.cos(a), cy + ry * wobble * math.sin(a)))
    return pts


def country_tile(
    name: str,
    defence: Sequence[int],
    width: int,
    height: int,
    *,
    colorblind: bool = False,
    lit: bool = False,
    target: bool = False,
    highlight: Colour | None = None,
    numbers: int = 0,
) -> pygame.Surface:
    """A country tile ``width`` × ``height``: ``name`` and its Military, Economic and Political
    ``defence`` values (read-only, cached).

    ``lit`` glows it as a place a move may go, ``target`` puts the conflict marker on it and
    ``highlight`` rims it in a colour (e.g. the controlling alliance's or the focus colour);
    ``numbers`` is the smallest font size wanted for the defence values (:func:`tile_layout`)."""
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"a country tile needs a name, not {name!r}")
    values = tuple(defence) if isinstance(defence, Sequence) else ()
    if len(values) != 3 or not all(
        isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 99 for v in values
    ):
        raise ValueError(
            f"defence must be three ints 0–99 (Military, Economic, Political), not {defence!r}"
        )
    rim = None if highlight is None else (int(highlight[0]), int(highlight[1]), int(highlight[2]))
    return _country_tile(
        name.strip(),
        values,
        _check_size(width, "tile width"),
        _check_size(height, "tile height"),
        bool(colorblind),
        bool(lit),
        bool(target),
        rim,
        max(0, int(numbers)),
    )


@lru_cache(maxsize=256)
def _country_tile(
    name: str,
    values: tuple[int, ...],
    w: int,
    h: int,
    colorblind: bool,
    lit: bool,
    target: bool,
    rim: Colour | None,
    numbers: int,
) -> pygame.Surface:
    layout = tile_layout(name, w, h, numbers)
    el = layout.elements
    s = 4 if max(w, h) < 200 else 2
    land = kit.mix(LAND, WHITE, 0.25) if lit else LAND
    edge = rim or COAST
    big = kit.canvas(w * s, h * s, edge)
    radius = layout.radius * s
    pygame.draw.rect(big, edge, (0, 0, w * s, h * s), border_radius=radius)
    border = layout.border * (3 if rim else 1)
    field = pygame.Rect(border * s, border * s, (w - 2 * border) * s, (h - 2 * border) * s)
    pygame.draw.rect(big, land, field, border_radius=max(1, radius - border * s))
    if "map" in el:
        m = el["map"]
        coast = _coastline(name, pygame.Rect(m.x * s, m.y * s, m.w * s, m.h * s))
        pygame.draw.polygon(big, kit.mix(land, (150, 170, 110), 0.55), coast)
        pygame.draw.polygon(big, kit.mix(land, COAST, 0.6), coast, max(1, round(s * 1.2)))
    for suit in SUITS:
        chip = el[f"chip_{suit}"]
        pygame.draw.rect(
            big,
            suit_colour(suit, colorblind),
            pygame.Rect(chip.x * s, chip.y * s, chip.w * s, chip.h * s),
            border_radius=max(1, round(chip.h * 0.25)) * s,
        )
    if lit:
        glow = max(2, round(min(w, h) * 0.05)) * s
        pygame.draw.rect(big, GLOW, (0, 0, w * s, h * s), glow, border_radius=radius)
    tile = pygame.transform.smoothscale(big, (w, h))

    for i, line in enumerate(layout.name_lines):
        tile.blit(
            kit.rendered_text(line, layout.name_size, "serif-bold", INK, False), el[f"name{i}"]
        )
    for suit, value in zip(SUITS, values, strict=True):
        chip = el[f"chip_{suit}"]
        colour = suit_colour(suit, colorblind)
        ink = _on(colour)
        label = str(value)
        size = fit_size(label, "sans-bold", max(4, chip.w - 2), layout.value_size, 6, ink=True)
        text = kit.rendered_text(label, size, "sans-bold", ink, True)
        if layout.chip_symbols:
            side = round(chip.h * 0.62)
            spread = side + max(2, chip.w // 12) + text.get_width()
            x = chip.centerx - spread // 2
            draw_symbol(tile, suit, pygame.Rect(x, chip.centery - side // 2, side, side), ink)
            tile.blit(text, text.get_rect(midright=(x + spread, chip.centery)))
        else:
            tile.blit(text, text.get_rect(center=chip.center))
    if target:
        _conflict_marker(tile, el.get("map") or pygame.Rect(0, 0, w, h))
    return tile


def _conflict_marker(surface: pygame.Surface, area: pygame.Rect) -> None:
    """The conflict token: a red crosshair over the middle of ``area``."""
    d = max(8, min(area.h, round(area.w * 0.5)))
    s = 4
    big = kit.canvas(d * s, d * s, TARGET)
    c, r = d * s / 2, d * s / 2
    line = max(2, round(d * s * 0.09))
    pygame.draw.circle(big, (*WHITE, 230), (c, c), r * 0.98)
    pygame.draw.circle(big, TARGET, (c, c), r * 0.98, line)
    pygame.draw.circle(big, TARGET, (c, c), r * 0.45, line)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        pygame.draw.line(
            big,
            TARGET,
            (c + dx * r * 0.18, c + dy * r * 0.18),
            (c + dx * r * 0.98, c + dy * r * 0.98),
            line,
        )
    art = pygame.transform.smoothscale(big, (d, d))
    surface.blit(art, art.get_rect(center=area.center))


# ---- alliance tokens -------------------------------------------------------------------------


def token_stack(
    player: int,
    count: int,
    diameter: int,
    *,
    under: Sequence[int] = (),
    colorblind: bool = False,
) -> pygame.Surface:
    """``count`` alliance tokens of ``player`` stacked on the covered tokens ``under`` (player
    indices, bottom first), ``diameter`` pixels square (read-only, cached).

    The top token shows the player's mark (a shape, so colour is not needed) and, when the stack
    holds more than one token, the number of ``player``'s tokens in it."""
    _check_player(player)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 99:
        raise ValueError(f"token count must be an int 1–99, not {count!r}")
    below = tuple(under)
    for p in below:
        _check_player(p)
    if len(below) > 99:
        raise ValueError("at most 99 covered tokens can be drawn")
    return _token_stack(
        player, count, below, _check_size(diameter, "token diameter"), bool(colorblind)
    )


def token_stack_of(
    stack: Sequence[int], diameter: int, *, colorblind: bool = False
) -> pygame.Surface:
    """A stack given bottom first as player indices: its top run is counted, the rest covered."""
    seats = list(stack)
    if not seats:
        raise ValueError("an empty stack has no tokens to draw")
    top = seats[-1]
    run = 0
    while run < len(seats) and seats[-1 - run] == top:
        run += 1
    return token_stack(top, run, diameter, under=seats[: len(seats) - run], colorblind=colorblind)


def _mark(surface: pygame.Surface, kind: str, centre: Point, r: float, colour: Colour) -> None:
    cx, cy = centre
    if kind == "circle":
        pygame.draw.circle(surface, colour, centre, r, max(1, round(r * 0.38)))
    elif kind == "square":
        q = r * 0.8
        pygame.draw.rect(surface, colour, pygame.Rect(cx - q, cy - q * 0.6, 2 * q, 1.2 * q))
    elif kind == "triangle":
        pygame.draw.polygon(
            surface, colour, [(cx, cy - r * 0.65), (cx + r, cy + r * 0.55), (cx - r, cy + r * 0.55)]
        )
    else:
        pygame.draw.polygon(
            surface, colour, [(cx, cy - r * 0.7), (cx + r, cy), (cx, cy + r * 0.7), (cx - r, cy)]
        )


@lru_cache(maxsize=256)
def _token_stack(
    player: int, count: int, below: tuple[int, ...], d: int, colorblind: bool
) -> pygame.Surface:
    palette = CB_TOKEN_COLOURS if colorblind else TOKEN_COLOURS
    seats = [*below, *([player] * count)]
    shown = seats[-5:]  # more discs than five only make the stack taller, not clearer
    s = 4 if d < 100 else 2
    D = d * s
    big = kit.canvas(D, D, palette[player])
    ew = D * 0.94
    eh = ew * 0.52
    thick = min(D * 0.13, (D - eh - s) / max(1, len(shown)))
    x0 = (D - ew) / 2
    base = D - s / 2  # bottom edge of the lowest disc
    top_rect = pygame.Rect(0, 0, 0, 0)
    for i, seat in enumerate(shown):
        colour = palette[seat]
        dark = kit.mix(colour, (0, 0, 0), 0.45)
        y_top = base - eh - (i + 1) * thick  # top of this disc's upper face
        side = pygame.Rect(round(x0), round(y_top + eh / 2), round(ew), round(thick))
        pygame.draw.ellipse(
            big, dark, pygame.Rect(round(x0), round(y_top + thick), round(ew), round(eh))
        )
        pygame.draw.rect(big, kit.mix(colour, (0, 0, 0), 0.3), side)
        top_rect = pygame.Rect(round(x0), round(y_top), round(ew), round(eh))
        pygame.draw.ellipse(big, colour, top_rect)
        pygame.draw.ellipse(big, dark, top_rect, max(1, round(D * 0.012)))
    colour = palette[player]
    ink = _on(colour)
    total_label = len(seats) > 1
    mark_r = top_rect.h * (0.22 if total_label else 0.3)
    mark_x = top_rect.x + top_rect.w * (0.27 if total_label else 0.5)
    _mark(big, TOKEN_MARKS[player], (mark_x, top_rect.centery), mark_r, kit.mix(colour, ink, 0.7))
    token = pygame.transform.smoothscale(big, (d, d))
    if total_label:
        label = str(count)
        area = pygame.Rect(0, 0, round(top_rect.w * 0.5 / s), round(top_rect.h * 0.8 / s))
        area.center = (round((top_rect.x + top_rect.w * 0.64) / s), round(top_rect.centery / s))
        size = fit_size(
            label,
            "sans-bold",
            area.w,
            kit.size_for_height("sans-bold", area.h * 0.8, "8"),
            6,
            ink=True,
        )
        text = kit.rendered_text(label, size, "sans-bold", ink, True)
        token.blit(text, text.get_rect(center=area.center))
    return token


def clear_cache() -> None:
    """Forget every cached surface and layout."""
    for fn in (
        symbol_surface,
        power_layout,
        special_layout,
        index_right,
        special_reveal,
        tile_layout,
        _back,
        _country_tile,
        _token_stack,
    ):
        fn.cache_clear()


def _tile_piece(args: tuple, width: int, colorblind: bool) -> pygame.Surface:
    """``("piece", "alliances", "tile", country, defence, height, lit, target, rim[, numbers])``
    (``numbers``: the smallest size of the defence values, see :func:`tile_layout`)."""
    name, defence, height, lit, target, rim = args[:6]
    numbers = args[6] if len(args) > 6 else 0
    return country_tile(
        name,
        defence,
        width,
        height,
        colorblind=colorblind,
        lit=lit,
        target=target,
        highlight=rim,
        numbers=numbers,
    )


def _tokens_piece(args: tuple, width: int, colorblind: bool) -> pygame.Surface:
    """``("piece", "alliances", "tokens", colours)``: a stack of alliance tokens."""
    return token_stack_of(args[0], width, colorblind=colorblind)


def card_text(card: str) -> str:
    """The hover tip of a face-up card: ``"9 Politics"``, or a special action's name and what
    it does (a crowded hand shows little of it)."""
    if card in _SPECIALS:
        return f"{special_name(card)}: {special_effects(card)[0]}"
    return f"{card[1:]} {SUIT_NAMES[suit_of(card)]}"


ART = GameArt(
    face=paint_face,
    back=paint_back,
    pieces={"tile": _tile_piece, "tokens": _tokens_piece},
    card_text=card_text,
    clear_cache=clear_cache,
)
