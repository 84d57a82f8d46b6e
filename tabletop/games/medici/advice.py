"""Court of the Medici's words for what a hinted move leads to (see tabletop.ai.advice): a
stack the seat's conspiracy eliminates (what the points say, the search's judge, is told by
the common words)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules import Event


def facts(
    events: Sequence[Event], seat: int, partners: frozenset[int], view: Mapping[str, Any]
) -> list[str]:
    out = []
    for event in events:
        data = event.data
        if event.kind == "conspire" and data["seat"] in partners:
            who = "you eliminate" if data["seat"] == seat else "your partner eliminates"
            out.append(f"{who} stack {data['stack']}")
    return out
