"""When an Alliances play takes a conflict from the player's own partner for nothing (4 players,
two alliances of partners; rules/alliances.md).

What a conflict brings an alliance is the country: "The winner takes the country if their power
is higher than the country's defence in that suit, and puts a token on it", and a campaign is
won by the countries (and, at a bid of 10, the tokens) the alliance controls. A partner's token
serves the alliance as well as one's own, so a conflict's result for the side is one of three:
the side captures the country, a rival does, or nobody does (a draw, or the defence holds; the
next conflict is then started by the next player either way).

A play is **wasteful** when all of these hold:

- the partner is winning the conflict as it stands (its power leads);
- the play takes the lead from the partner however its special action is resolved (a higher
  card, a trump on the partner's winner, a special that discards or takes the partner's card,
  a Spin played last that turns the powers);
- another legal play of a **power card** leaves the partner winning, and with it the side's
  result is at least as good whatever the player still to act may play; and either that card
  is cheaper than the one spent (a lower card; any card outside the dominant suit where the
  play spends a dominant one or a special action), or the side's result with it is strictly
  better against every reply (the play loses the side the country, or hands it to a rival,
  whatever it spends). The player still to act is a rival (partners sit opposite); every card
  the viewer has not seen counts as one they might hold, each with every choice its special
  action allows, so the judgement errs towards calling a play sound.

Then the play spends a card, or a special action, and gains the side nothing: it only takes
the partner's conflict, or loses it. Who of the two partners starts the next conflict after a
capture is not counted as a gain.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules import Move
from rules.alliances import (
    ALL_CARDS,
    card_name,
    conflict,
    is_special,
    rank_of,
    suit_of,
    tile_index,
)
from rules.alliances.conflict import Played

PLAYERS = 4
#: What spending a special action costs, on the scale of power ranks (see :func:`_cost`).
SPECIAL_COST = 13


def wasteful(view: Mapping[str, Any], move: Move, legal: Sequence[Move]) -> str | None:
    """Why ``move`` takes the conflict from the viewer's partner for nothing (see the module),
    or None. ``view`` is the viewer's own :meth:`rules.alliances.Alliances.view` and ``legal``
    the moves legal now; only what the viewer may see is read."""
    if view["players"] != PLAYERS or view["phase"] != "play" or move.kind != "play":
        return None
    seat = view["viewer"]
    partner = (seat + 2) % PLAYERS
    if view["winning"]["seat"] != partner:
        return None
    board = _Board(view)
    table = board.table
    if not any(p.seat == partner for p in table) or board.winner(table, False) != partner:
        return None
    last = len(table) == PLAYERS - 1
    card = move.cards[0]
    mine = board.resolved(table, seat, card)
    if any(board.winner(t, last) == partner for t in mine):
        return None
    replies = [None] if last else board.unseen()
    spent = [board.worth(mine, r) for r in replies]
    for other in legal:
        keep = other.cards[0] if other.kind == "play" and other.cards else None
        if keep is None or is_special(keep):
            continue
        kept = [[*table, Played(seat, keep)]]
        if board.winner(kept[0], last) != partner:
            continue
        gains = [board.worth(kept, r) - s for r, s in zip(replies, spent, strict=True)]
        if min(gains) < 0:
            continue
        if min(gains) > 0:
            return (
                f"{card_name(card)} takes the conflict from your partner and leaves your "
                f"alliance worse off: {card_name(keep)} leaves it to them"
            )
        if _cost(keep, board.dominant) < _cost(card, board.dominant):
            return (
                f"{card_name(card)} takes the conflict from your partner and gains your "
                f"alliance nothing: {card_name(keep)} leaves it to them"
            )
    return None


def _cost(card: str, dominant: str | None) -> int:
    """A card's worth to keep, on one scale: its rank, 13 more in the dominant suit; a special
    action :data:`SPECIAL_COST`."""
    if is_special(card):
        return SPECIAL_COST
    return rank_of(card) + (SPECIAL_COST if suit_of(card) == dominant else 0)


class _Board:
    """The conflict on the table as the viewer sees it, resolved by the rules' own functions
    (:mod:`rules.alliances.conflict`)."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.seat: int = view["viewer"]
        self.sides: list[int] = view["sides"]
        self.dominant: str | None = view["dominant"]
        grid = view["grid"]
        self.defences: list[dict[str, int]] = [t["defence"] for t in grid]
        self.controllers: list[int | None] = [t["controller"] for t in grid]
        self.target = tile_index(view["target"])
        self.table = [
            self._valued(
                Played(
                    e["seat"],
                    e["card"],
                    e["discarded"],
                    e["choice"][0] if e["choice"] else "",
                    e["boosted"],
                )
            )
            for e in view["table"]
        ]
        self.lead = suit_of(self.table[0].card) if self.table else None

    def _valued(self, p: Played) -> Played:
        """``p`` with the power its special action counts up from the board (the board does
        not change during a conflict, so the view's board gives the value it was played for)."""
        if p.card == "reserve-forces":
            side = self.sides[p.seat]
            return p._replace(value=conflict.reserve_forces(self.defences, self.controllers, side))
        if p.card == "global-trading" and self.target is not None:
            return p._replace(value=conflict.global_trading(self.defences, self.target))
        return p

    def winner(self, table: list[Played], final: bool) -> int | None:
        """The seat winning ``table`` (None: a draw); ``final``: the conflict is complete."""
        lead = self.lead or suit_of(table[0].card)
        powers = conflict.powers(table, PLAYERS, False, final)
        return conflict.leader(powers, self.dominant, lead)[0]

    def result(self, table: list[Played]) -> int:
        """The complete conflict's result for the viewer's side: 1 it captures the country,
        -1 a rival does, 0 nobody does."""
        lead = self.lead or suit_of(table[0].card)
        powers = conflict.powers(table, PLAYERS, False, True)
        winner, suit, value = conflict.leader(powers, self.dominant, lead)
        if winner is None or suit is None or self.target is None:
            return 0
        printed = self.defences[self.target]
        if value <= conflict.defence(printed, table)[suit]:
            return 0
        return 1 if self.sides[winner] == self.sides[self.seat] else -1

    def worth(self, tables: list[list[Played]], reply: str | None) -> int:
        """The side's result from the best of ``tables`` (the viewer's choices), after the last
        player's ``reply`` (None: the viewer plays last) resolved as badly as it may be."""
        if reply is None:
            return max(self.result(t) for t in tables)
        rival = (self.seat + 1) % PLAYERS
        return max(min(self.result(r) for r in self.resolved(t, rival, reply)) for t in tables)

    def unseen(self) -> list[str]:
        """The cards the viewer has not seen: any of them may be in a rival's hand."""
        view = self.view
        seen = set(view["hands"][self.seat] or ()) | set(view["discard"])
        seen |= {p.card for p in self.table}
        # The partner's cards shown at the secret meeting are in the partner's hand.
        seen.update(view["known"].get(str((self.seat + 2) % PLAYERS), ()))
        return [c for c in ALL_CARDS if c not in seen]

    def resolved(self, table: list[Played], seat: int, card: str) -> list[list[Played]]:
        """Every table the rules may leave after ``seat`` plays ``card`` onto ``table``: a
        special action with each of its choices."""
        entry = self._valued(Played(seat, card))
        if not is_special(card):
            return [[*table, entry]]
        if card in ("peace-treaty", "embargo"):
            return [[*conflict.discard(table, conflict.discarded_by(table, card)), entry]]
        options = conflict.choosable(table, card)
        if not options:
            return [[*table, entry]]
        out = []
        for choice in options:
            if card == "dual-allegiance":
                seats = conflict.boostable([*table, entry])
                out += [[*table, entry._replace(chosen=choice, boosted=s)] for s in seats]
            else:
                gone = conflict.discarded_by(table, card, choice)
                out.append([*conflict.discard(table, gone), entry._replace(chosen=choice)])
        return out
