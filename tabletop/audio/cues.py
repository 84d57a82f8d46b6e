"""Which cue a move's events call for: the rules say what happened, each game's package says
what its event kinds mean (``GameApp.sound_cues``), and this module picks one cue a move.

Generic: it names no game. A game's mapping adds to (or, with ``""``, silences) the common
kinds in :data:`DEFAULT_CUES`.

>>> from rules.core import Event
>>> cue_for([Event("play", "p"), Event("trick", "t", {"winner": 1})], {"trick": "win"})
'win'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from rules import Event

#: What common event kinds mean in any game.
DEFAULT_CUES: Mapping[str, str] = {
    "deal": "deal",
    "redeal": "deal",
    "play": "play",
    "draw": "play",
    "end": "end",
}
#: One cue a move, the most telling one: an AI's move that wins a trick chimes, it does not
#: also slap (several cues at once would be a cacophony).
PRIORITY = ("end", "win", "deal", "turn", "play")


def cue_for(
    events: Iterable[Event], game_cues: Mapping[str, str], *, turn: bool = False
) -> str | None:
    """The cue for one move's ``events`` (only the public ones count: a sound must not tell
    a shared screen about a private happening), or None for silence. ``turn``: the move made
    it a local player's turn. A "win" whose event names no winner (a drawn trick or
    conflict) does not chime."""
    found = {"turn"} if turn else set()
    for event in events:
        if not event.visible_to(None):
            continue
        cue = game_cues.get(event.kind, DEFAULT_CUES.get(event.kind, ""))
        if cue == "win" and "winner" in event.data and event.data["winner"] is None:
            continue
        if cue:
            found.add(cue)
    return next((cue for cue in PRIORITY if cue in found), None)
