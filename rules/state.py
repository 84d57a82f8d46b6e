"""A game's state, declared once: what each attribute holds, so copies and snapshots follow.

A game lists every attribute of its position in ``STATE``, each with its kind::

    STATE = {"phase": VALUE, "deck": LIST, "hands": HANDS, "pending": DICT}

From that one list :meth:`rules.core.Game.clone` gives each copy its own containers (the
search plays thousands of copies: one that shared a hand with the real game would change it)
and :meth:`rules.core.Game.snapshot` writes the position as plain data for saves and checks.
``tests/test_state.py`` fails when an attribute is missing from the list or declared too
shallow for what the game does to it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any


@dataclass(frozen=True)
class Kind:
    """What one attribute holds, told by how a copy gets its own and how the snapshot writes it.

    ``copy`` returns the copy's own value (``None``: the value is never changed in place, so
    copies share it). ``plain`` returns it as plain data for the snapshot (``None``: left out,
    because the rest of the snapshot, or the options, already settle it)."""

    copy: Callable[[Any], Any] | None
    plain: Callable[[Any], Any] | None


def unsaved(kind: Kind) -> Kind:
    """``kind``, copied the same way but left out of the snapshot."""
    return replace(kind, plain=None)


def _same(value: Any) -> Any:
    return value


def _lists(value: list[list[Any]]) -> list[list[Any]]:
    return [list(x) for x in value]


def _sorted_each(value: list[Any]) -> list[list[Any]]:
    return [sorted(x) for x in value]


def _sets(value: list[set[Any]]) -> list[set[Any]]:
    return [set(x) for x in value]


def _items(value: dict[Any, Any]) -> list[tuple[Any, Any]]:
    return sorted(value.items())


def _dicts(value: list[dict[Any, Any]]) -> list[dict[Any, Any]]:
    return [dict(x) for x in value]


def _items_each(value: list[dict[Any, Any]]) -> list[list[tuple[Any, Any]]]:
    return [sorted(x.items()) for x in value]


#: A number, a text, ``None`` or a tuple of them: replaced, never changed in place.
VALUE = Kind(None, _same)
#: A list of values: a deck, one number per seat.
LIST = Kind(list, list)
#: A list of lists of values: a pile per seat, a stack per country.
LISTS = Kind(_lists, _lists)
#: Lists of cards whose order is no part of the position (hands): snapshot sorted.
HANDS = Kind(_lists, _sorted_each)
#: A list of sets of values (what each seat knows): snapshot sorted.
SETS = Kind(_sets, _sorted_each)
#: A dict of values: snapshot as sorted (key, value) pairs.
DICT = Kind(dict, _items)
#: A list of dicts of values (one per seat).
DICTS = Kind(_dicts, _items_each)
#: A list that only grows, whose entries are never changed once added (the record of each
#: deal): a copy gets its own list and shares the entries.
LOG = Kind(list, list)


# The copies above written as expressions, so that the copy function of a game can be written
# out whole (``copier``) instead of calling one helper per attribute.
_INLINE: dict[Callable[[Any], Any], str] = {
    list: "list({})",
    dict: "dict({})",
    _lists: "[list(x) for x in {}]",
    _sets: "[set(x) for x in {}]",
    _dicts: "[dict(x) for x in {}]",
}


def copier(fields: Mapping[str, Kind]) -> Callable[[Any, Any], None]:
    """A function ``copy_state(game, twin)`` that gives ``twin``, a shallow copy of ``game``,
    its own value of each attribute in ``fields`` whose kind copies.

    Written out attribute by attribute, once per game class, because ``clone()`` is the
    search's hottest call: a loop calling one helper per attribute would cost it dearly."""
    lines = ["def copy_state(game, twin):", "    mine, theirs = game.__dict__, twin.__dict__"]
    helpers: dict[str, Any] = {}
    for i, (name, kind) in enumerate(fields.items()):
        if kind.copy is None:
            continue
        template = _INLINE.get(kind.copy)
        if template is None:
            helpers[f"copy_{i}"] = kind.copy
            template = f"copy_{i}({{}})"
        lines.append(f"    theirs[{name!r}] = " + template.format(f"mine[{name!r}]"))
    exec("\n".join(lines), helpers)  # the text above: attribute names and known copies only
    function: Callable[[Any, Any], None] = helpers["copy_state"]
    return function
