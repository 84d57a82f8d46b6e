"""The log said to one player: their own moves in the second person ("You play the 6 of
Economics.") beside the others' in the third ("Sam plays …"), as a phone shows it.

The rules write every public event in the third person with ``{pN}`` for a seat's name
(:meth:`rules.Event.render`); their private events already say "You draw …". A player's own
name becomes "you" and the verb right after it loses its third-person ending.

>>> said_to("{p0} plays the 6 of Economics. {p1} passes.", 0, ["Ann", "Sam"])
'You play the 6 of Economics. Sam passes.'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

#: Verbs whose second person is not the third minus its ending.
IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}
_SEAT = re.compile(r"\{p(\d+)\}('s)?( ([a-z]+)\b)?")
_SIBILANT = ("sses", "shes", "ches", "xes", "zes")
#: Marks a "you" that is a sentence's subject, for the verbs joined to its own by "and".
_SUBJECT = "\x00"
#: The rest of a clause whose subject is "you": its "and <verb>" agrees too ("You win the
#: toss and choose …").
_JOINED = re.compile(_SUBJECT + r"([^.;:!?]*)")
_AND_VERB = re.compile(r"\b(and|then) ([a-z]{3,}s)\b")
#: Words after "and" that end in "s" but are no verb.
_NOT_VERBS = frozenset({"its", "this", "thus", "his", "hers", "yours", "ours", "theirs", "plus"})


def second_person(verb: str) -> str:
    """ "plays" → "play", "passes" → "pass", "is" → "are"; any other word unchanged."""
    if verb in IRREGULAR:
        return IRREGULAR[verb]
    if verb.endswith(_SIBILANT):
        return verb[:-2]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith("s") and not verb.endswith("ss") and len(verb) > 2:
        return verb[:-1]
    return verb


def said_to(text: str, seat: int, names: Sequence[str]) -> str:
    """``text`` (an event's template) with the players' names, ``seat``'s own as "you"."""

    def name(match: re.Match[str]) -> str:
        who, possessive, rest, word = match.group(1, 2, 3, 4)
        index = int(who)
        if index >= len(names):
            return match.group(0)  # a seat the game does not have: left as written
        if index != seat:
            return names[index] + (possessive or "") + (rest or "")
        before = text[: match.start()].rstrip()
        start = not before or before.endswith((".", "!", "?"))
        if possessive:
            return ("Your" if start else "your") + (rest or "")
        you = "You" if start else "you"
        # The verb agrees only where "you" is the subject: at the start of a sentence or
        # a clause ("…; you lead next", "…, then you play"), not after a verb ("Sam gives you
        # cards").
        if word and (start or before.endswith((":", ";", " then"))):
            return f"{_SUBJECT}{you} {second_person(word)}"
        return you + (rest or "")

    def joined(match: re.Match[str]) -> str:
        return _AND_VERB.sub(
            lambda m: (
                m.group(0)
                if m.group(2) in _NOT_VERBS
                else f"{m.group(1)} " + second_person(m.group(2))
            ),
            match.group(1),
        )

    return _JOINED.sub(joined, _SEAT.sub(name, text))
