"""Reading the in-app rules texts (rules/*.md) the way a rules test needs to: which passage
says a thing, and whether that passage marks it as a house reading (RULES-NOTES: "Every
decision on this page that the in-app text states must be marked there as a house reading,
and nothing the source itself says may be marked so")."""

from __future__ import annotations

import re

import rules
from tabletop.ui.markdown import ListBlock, Paragraph, Quote, parse, plain

MARK = "House reading"


def passages(game_id: str) -> list[str]:
    """The plain text of every paragraph and list item of a game's rules text, whitespace
    collapsed."""
    found: list[str] = []
    for block in parse(rules.rules_text(game_id)):
        if isinstance(block, Paragraph | Quote):
            found.append(plain(block.spans))
        elif isinstance(block, ListBlock):
            found.extend(plain(item.spans) for item in block.items)
    return [re.sub(r"\s+", " ", text).strip() for text in found]


def passage_with(game_id: str, phrase: str) -> str:
    """The one passage that contains ``phrase`` (fails if none or several do)."""
    hits = [p for p in passages(game_id) if phrase in p]
    assert len(hits) == 1, f"{phrase!r} is in {len(hits)} passages of {game_id}.md"
    return hits[0]


def is_house_reading(game_id: str, phrase: str) -> bool:
    """True when the passage holding ``phrase`` marks it: a "House reading" label stands
    before the phrase in the same paragraph or list item."""
    text = passage_with(game_id, phrase)
    return MARK.lower() in text[: text.index(phrase)].lower()
