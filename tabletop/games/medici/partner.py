"""When a Court of the Medici move takes from the player's own team for nothing (Alliances for
4 players; rules/medici.md).

The team's influence points at court are all that scores ("Scoring. Partners add their
influence points together"), and a card scores only while it is at court. Two moves send the
team's own cards to the discard pile and nothing of the rivals':

- **striking** a stack (a conspiracy, "Its cards go to their owners' discard piles") whose
  every card belongs to the team and which scores points for it, when the same conspiracy
  may be declined ("You may also decline, and then it was simply a build"): sparing is always
  legal then. A strike that empties the Inner Circle ends the game at once ("End. The game
  ends when the Inner Circle is empty") and may settle the result: never judged.
- a **Minister** built onto a stack of two or more cards, all the team's and scoring for it
  ("every card beneath the Minister goes to its owner's discard pile and the Minister remains
  alone"), when the same Minister may be sent to court alone (the same card, the same limit)
  and no other stack is worth 0: a Minister left alone is worth 0 and may only strike a stack
  worth 0, so with none there is nothing it could gain.

Both leave the court otherwise as the alternative leaves it (the pending stack stands either
way; a Minister sent alone makes a stack worth 0 just as the cleared one), so they lose the
team those points and gain nothing.

A **Lady-in-Waiting** breaking the team's own stack is not judged: her stack "falls apart into
single cards, each staying in the same area", so every card still scores; whether single cards
are safer than the stack is a matter of play, not a loss by the rules.

Only the 4-player game is judged: in the duel each player is a side alone, and the Inner
Circle ends the game differently ("a player has no card of their house left in the Inner
Circle").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules import Move
from rules.medici import CODE_OF, card_name


def wasteful(view: Mapping[str, Any], move: Move, legal: Sequence[Move]) -> str | None:
    """Why ``move`` takes from the viewer's own team for nothing (see the module), or None.

    ``view`` is the viewer's own :meth:`rules.medici.Medici.view` and ``legal`` the moves
    legal now; only what the viewer may see is read."""
    seat = view["viewer"]
    team = next((set(t) for t in view["teams"] if seat in t), set())
    if len(team) < 2:
        return None
    stacks = {s["id"]: s for s in view["stacks"]}
    if move.kind == "strike" and view["phase"] == "conspire":
        stack = stacks.get(move.target)
        if stack is None or not _team_only(stack, team) or _points(stack) <= 0:
            return None
        inner = [s for s in view["stacks"] if s["area"] == "inner"]
        if stack["area"] == "inner" and len(inner) == 1:
            return None  # the strike ends the game
        if not any(m.kind == "spare" for m in legal):
            return None
        return (
            f"it strikes stack {move.target[6:]}, whose cards all belong to your team "
            f"({_said(_points(stack))}), where sparing it loses nothing"
        )
    if move.kind == "build" and view["phase"] == "action" and CODE_OF[move.cards[0]] == "M":
        stack = stacks.get(move.target)
        if stack is None or len(stack["cards"]) < 2:
            return None  # onto a single card the Minister simply joins it
        if not _team_only(stack, team) or _points(stack) <= 0:
            return None
        if any(s["total"] == 0 for s in view["stacks"] if s["id"] != move.target):
            return None  # the lone Minister could strike a stack worth 0
        alone = next((m for m in legal if m.kind == "court" and m.cards == move.cards), None)
        if alone is None:
            return None
        return (
            f"{card_name(move.cards[0])} dismisses your team's own cards from stack "
            f"{move.target[6:]} ({_said(_points(stack))}) and can strike nothing, where sending "
            "it to court alone loses nothing"
        )
    return None


def _team_only(stack: Mapping[str, Any], team: set[int]) -> bool:
    return all(c["owner"] in team for c in stack["cards"])


def _points(stack: Mapping[str, Any]) -> int:
    return sum(c["points"] or 0 for c in stack["cards"])


def _said(points: int) -> str:
    return f"{points} point{'' if points == 1 else 's'}"
