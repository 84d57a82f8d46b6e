"""The Medici table's labels set whole at their own size: a heading on one line or two (name,
then house), a panel's figures in groups or wrapped a figure at a time, a team's names wrapped
at "&" with the total kept beside the last name. On the TV the table's labels are at the
profile's body size and must not shrink or be cut, so these measure at the full size.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from tabletop.fonts import get_font


# A layout build measures the same badges and figures for each card width it tries.
@lru_cache(maxsize=4096)
def width_of(text: str, face: str, size: int) -> int:
    """How wide ``text`` is at ``size`` in ``face`` (advance width, as the table draws it)."""
    return get_font(size, face).size(text)[0]


def whole(text: str, face: str, size: int, width: int) -> bool:
    """Whether ``text`` stands in ``width`` at its own size (not shrunk, not cut)."""
    return width_of(text, face, size) <= width


def heading_lines(name: str, house: str, face: str, size: int, width: int) -> list[str]:
    """ "Name · House" on one line, or the name over the house where that is too wide."""
    one = f"{name} · {house}"
    return [one] if whole(one, face, size, width) else [name, house]


def wrap_chunks(chunks: Sequence[str], face: str, size: int, width: int) -> list[str]:
    """``chunks`` joined with " · " into as few lines as stand whole in ``width``; a chunk
    too wide on its own has a line of its own."""
    lines: list[str] = []
    for chunk in chunks:
        if lines and whole(f"{lines[-1]} · {chunk}", face, size, width):
            lines[-1] = f"{lines[-1]} · {chunk}"
        else:
            lines.append(chunk)
    return lines


def figure_lines(
    groups: Sequence[Sequence[str]], face: str, size: int, width: int, packed: bool = False
) -> list[str]:
    """A panel's figures: a line for each group ("Hand 5 · Deck 18") when every group stands
    whole in ``width`` (the desktop's look), or ``packed``, as many whole groups to a line as
    stand in it (a TV's wide panel spends fewer lines of its height); or else every figure
    packed afresh into lines."""
    joined = [" · ".join(group) for group in groups]
    if all(whole(line, face, size, width) for line in joined):
        return wrap_chunks(joined, face, size, width) if packed else joined
    return wrap_chunks([chunk for group in groups for chunk in group], face, size, width)


def team_lines(names: Sequence[str], rest: str, face: str, size: int, width: int) -> list[str]:
    """A team's names joined with " & " and ``rest`` (": 33") on one line, or wrapped at the
    "&" into lines that stand in ``width``, ``rest`` kept beside the last name."""
    one = " & ".join(names) + rest
    if whole(one, face, size, width):
        return [one]
    lines: list[str] = []
    for k, name in enumerate(names):
        word = name + (" &" if k < len(names) - 1 else rest)
        if lines and whole(f"{lines[-1]} {word}", face, size, width):
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines
