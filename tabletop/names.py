"""Player names (and the names of saves): the one check every way a name comes in goes through.

A name is drawn on the table, in the log, on the Load and Statistics screens, and written into
every autosave. Text the fonts cannot draw would crash the app wherever it is shown: a NUL, a
lone surrogate (from a hostile file, or undecodable bytes on the command line), or a name made
only of invisible characters (zero-width spaces, joiners, combining marks). :func:`check_name`
tidies a name and refuses one with nothing visible in it or over :data:`MAX_NAME` characters;
typed names and ``--names`` are refused with its sentence, names read from files are repaired
with :func:`repair_name` (a file is never refused, and the app never crashes, for a name).
"""

from __future__ import annotations

import unicodedata
from typing import Any

MAX_NAME = 40
#: Unicode categories that draw something: letters, digits, punctuation, symbols.
_VISIBLE = frozenset("LNPS")


class BadName(ValueError):
    """A name that cannot be used; ``str(err)`` is one sentence for the player."""


def tidy_text(text: str) -> str:
    """``text`` on one line, safe to draw: control characters (NUL included) and lone
    surrogates dropped, every run of white space (tabs, line breaks) one space, no spaces
    around it."""
    kept = []
    for ch in text:
        category = unicodedata.category(ch)
        if category == "Cs":
            continue  # a lone surrogate: cannot be encoded, drawn or saved as UTF-8
        if category == "Cc" and not ch.isspace():
            continue  # NUL and the other control characters
        kept.append(ch)
    return " ".join("".join(kept).split())


def visible(text: str) -> bool:
    """Whether ``text`` has at least one character that draws something."""
    return any(unicodedata.category(ch)[0] in _VISIBLE for ch in text)


def check_name(text: Any, label: str, *, cut: bool = False) -> str:
    """The tidied name, or :class:`BadName` saying why ``label`` (e.g. "Seat 2's name") cannot
    be used. Longer than :data:`MAX_NAME` characters: refused, or cut if ``cut``."""
    if not isinstance(text, str):
        raise BadName(f"{label} is missing.")
    name = tidy_text(text)
    if not name:
        raise BadName(f"{label} is empty.")
    if len(name) > MAX_NAME:
        if not cut:
            raise BadName(f"{label} is longer than {MAX_NAME} characters.")
        name = name[:MAX_NAME].rstrip()
    if not visible(name):
        raise BadName(f"{label} has no letter, digit or sign that can be seen.")
    return name


def repair_name(text: Any, fallback: str) -> str:
    """A name read from a file: tidied and cut to size, or ``fallback`` if nothing is left."""
    try:
        return check_name(text, "The name", cut=True)
    except BadName:
        return fallback


#: Characters that draw nothing on their own: a text entry holding only them crashes while
#: drawing itself (pygame-gui), so typed and pasted text never gets them.
_NEVER_TYPED = frozenset({"Cc", "Cs", "Cf", "Zl", "Zp", "Me"})
_INVISIBLE_MARKS = (
    (0x034F, 0x034F),  # combining grapheme joiner
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),  # Mongolian variation selectors
    (0xFE00, 0xFE0F),  # variation selectors
    (0xE0100, 0xE01EF),
)


class _Undrawable:
    """A text entry's forbidden characters (pygame-gui asks ``ch in forbidden``): control and
    format characters (NUL, zero-width spaces and joiners), lone surrogates, line separators
    and the marks that are invisible alone."""

    def __contains__(self, ch: object) -> bool:
        if not isinstance(ch, str) or len(ch) != 1:
            return False
        if unicodedata.category(ch) in _NEVER_TYPED:
            return True
        return any(lo <= ord(ch) <= hi for lo, hi in _INVISIBLE_MARKS)

    def copy(self) -> _Undrawable:
        return self


UNDRAWABLE = _Undrawable()
"""For ``UITextEntryLine.set_forbidden_characters`` on every entry where a name is typed."""


def typed_text(text: str) -> str:
    """Typed text (an input method's, a keyboard's) without what no text field can take: lone
    surrogates cannot be drawn or saved, and a field holding only zero-width characters
    crashes pygame-gui while it draws itself."""
    return "".join(ch for ch in text if ch not in UNDRAWABLE)
