"""A heuristic Alliances: world domination player for the arena, the Easy level and playouts.

It reasons only from its own seat's view: its hand, the cards shown to it, the map, the
conflict on the table and the cards already gone. The rivals' hands are a risk it prices from
the cards it has not seen (each one in a given hand with that hand's share of them), never
cards it imagines. Every decision is one ply:

- *bidding, calling, drafting, rise to power*: a hand-strength estimate per dominant suit
  (trumps count most, high side-suit cards a little, special cards by what they can do);
- *targets and plays*: each legal move is tried on a small copy of the conflict, resolved by
  the rules' own functions (:mod:`rules.alliances.conflict`); the chance that the players still
  to act overturn the result is priced from the unseen cards, and the country gained or lost is
  weighed against the worth of the card spent, so it wins cheaply and dumps low cards in a lost
  conflict.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import cast

from rules import Move
from rules.alliances import (
    ALL_CARDS,
    BID_MIN,
    COLS,
    ROWS,
    SUITS,
    AlliancesView,
    conflict,
    neighbours,
    rank_of,
    suit_of,
    tile_index,
)
from rules.alliances.conflict import Played, Power
from tabletop.ai.base import SeatView
from tabletop.ai.partner import blunder, sound_moves

from .partner import wasteful

# _Judge.odds: (deciding suit, value, ours kept, ours later, rival kept, rival later, we lead)
Odds = tuple[str | None, int, float, float, float, float, bool]

CAPTURE_SHARE = 0.8  # of the conflicts an alliance wins, the share that capture a country
EXACT_MARGIN = 0.0  # State of Nations: countries declared above the estimate
TRICK_SCALE = 4.65  # see trick_estimate
# What a special card tends to be worth in conflicts won, by the dominant suit (None: any).
SPECIAL_WORTH: dict[str, dict[str | None, float]] = {
    "reserve-forces": {"M": 0.75, None: 0.2},
    "global-trading": {"E": 0.6, None: 0.2},
    "bribe": {"E": 0.45, None: 0.15},
    "dual-allegiance": {"P": 0.45, None: 0.2},
    "reinforcement": {"M": 0.35, None: 0.1},
    "covert-operation": {None: 0.25},
    "peace-treaty": {None: 0.25},
    "embargo": {None: 0.25},
    "monopoly": {None: 0.15},
    "spin": {None: 0.2},
    "defensive-pact": {None: 0.1},
    "free-market": {None: 0.1},
}


@dataclass(frozen=True)
class AlliancesWeights:
    """The tunable judgement of :class:`AlliancesBot` (conflicts are priced in countries)."""

    beat_will: float = 0.85  # a rival able to overturn the conflict does so this often
    rescue_will: float = 0.7  # an ally able to take a lost conflict back does so this often
    late_capture: float = 0.75  # a conflict taken over later captures this often
    card_cost: float = 0.7  # worth of a card kept that surely wins a later conflict
    own_conflict: float = 0.05  # winning the conflict oneself (3 players: a Rebel's tie-break)
    # 2-player drafting phase: one trick. Self-play (200 duels each): 0.0 won 85% against
    # 0.35 and 75% against -0.2; 0.1 was within noise. Dumping the weakest cards matters more.
    duel_trick: float = 0.0
    # The same under State of Nations, where the drafting winner must then hit an exact
    # count that the Defender spoils by any miss: better left to the rival.
    exact_duel_trick: float = -0.35
    expansion: float = 0.04  # per neutral country a capture would bring within reach


DEFAULT_WEIGHTS = AlliancesWeights()


def card_worth(card: str, dominant: str | None) -> float:
    """The share of a later conflict this card tends to win (0 to 1)."""
    if card in SPECIAL_WORTH:
        worth = SPECIAL_WORTH[card]
        return worth.get(dominant, worth[None]) if dominant else max(worth.values())
    r = rank_of(card) / 12
    if dominant is None:  # the dominant suit is not called yet: any suit may become it
        return 0.6 * r * r
    if card[0] == dominant:
        return r * r
    return 0.35 * r * r * r


def trick_estimate(hand: list[str], dominant: str | None, players: int) -> float:
    """Conflicts this hand should win with ``dominant`` as the dominant suit."""
    total = 0.0
    trumps = 0
    for c in hand:
        total += card_worth(c, dominant)
        trumps += c[0] == dominant and c in _POWER
    # Trumps beyond a fair share win when their holder is void in the leading suit.
    fair = len(hand) / 4
    total += 0.3 * max(0.0, trumps - fair)
    # A random hand sums to about 0.215 a card: scale so that an average hand expects its
    # fair share of the conflicts (one in ``players``).
    return total * TRICK_SCALE / players


_POWER = {c for c in ALL_CARDS if c not in SPECIAL_WORTH}


def expected_tiles(tricks: float, conflicts: int, start: int = 6) -> float:
    """Countries an alliance should hold after winning ``tricks`` of ``conflicts``: it starts
    with ``start``, captures most of what it wins and loses some to the rivals' wins."""
    lost = max(0.0, conflicts - tricks)
    return start + CAPTURE_SHARE * tricks - 0.2 * CAPTURE_SHARE * lost


#: The Easy level's chance of a uniformly random move (the other games' Easy: 0.15).
EASY_NOISE = 0.3


def easy_bot(seed: int, noise: float = 0.0) -> AlliancesBot:
    """The Easy level: the heuristic with a random move :data:`EASY_NOISE` of the time. With
    the shared noise it stood too close to the heuristic that guides the search (Normal's
    root choice at its cap), so the levels were not told apart."""
    return AlliancesBot(seed, noise=max(noise, EASY_NOISE))


class AlliancesBot:
    """One-ply judgement of each decision from the seat's view (see the module text).

    ``noise`` is the chance of a uniformly random legal move instead (Easy level).
    """

    def __init__(
        self, seed: int, noise: float = 0.0, weights: AlliancesWeights | None = None
    ) -> None:
        self.name = "heuristic" if noise == 0 else f"heuristic (noise {noise:g})"
        self.rng = random.Random(seed)
        self.noise = noise
        self.w = weights or DEFAULT_WEIGHTS

    def choose(self, seat_view: SeatView) -> Move:
        legal = seat_view.legal_moves()
        move = self._choose(seat_view, legal)
        # Never take the partner's conflict for nothing, even by noise: the pick is judged
        # (one judgement, so playouts stay cheap) and made again among the sound moves.
        view = seat_view.view
        if view["phase"] == "play" and blunder(wasteful, view, move, legal) is not None:
            move = self._choose(seat_view, sound_moves(wasteful, view, legal))
        return move

    def _choose(self, seat_view: SeatView, moves: list[Move]) -> Move:
        if len(moves) == 1 or (self.noise and self.rng.random() < self.noise):
            return self.rng.choice(moves)
        view, seat = cast(AlliancesView, seat_view.view), seat_view.seat
        phase = view["phase"]
        if phase in ("play", "duel", "choose", "target"):
            judge = _Judge(view, seat, self.w)
            if phase == "target":
                scored = [(judge.target_value(m), i) for i, m in enumerate(moves)]
            elif phase == "choose":
                scored = [(judge.choice_value(m), i) for i, m in enumerate(moves)]
            else:
                scored = [(judge.play_value(m.cards[0]), i) for i, m in enumerate(moves)]
            best = max(v for v, _ in scored)
            # Ties broken at random so that equal options do not always favour the first.
            return moves[self.rng.choice([i for v, i in scored if v >= best - 1e-9])]
        hand = list(view["hands"][seat] or [])
        if phase == "bid":
            return self._bid(view, seat, hand, moves)
        if phase in ("declare", "rise-call"):
            return self._declare(view, hand, moves)
        if phase == "draft":
            return max(moves, key=lambda m: self._keep_worth(m.cards[0], hand))
        if phase == "meeting":
            # Show the ally what our bid will rest on: the strongest cards.
            return max(moves, key=lambda m: self._keep_worth(m.cards[0], []))
        if phase == "rise-set":
            return self._set_aside(hand, moves)
        if phase == "rise-give":
            return self._tribute(hand, moves)
        return self.rng.choice(moves)  # rise-pick: the pairs are face down, all alike

    # ---- bidding and suits -------------------------------------------------------------
    @staticmethod
    def _suit_strength(hand: list[str], known_ally: list[str], players: int) -> dict[str, float]:
        return {
            s: trick_estimate(hand, s, players) + 0.5 * trick_estimate(known_ally, s, players)
            for s in SUITS
        }

    def _bid(self, view: AlliancesView, seat: int, hand: list[str], moves: list[Move]) -> Move:
        """Bid the cheapest contract the alliance should make in our best suit; never outbid
        the ally (source, State of the Nations: the contract is the alliance's), else pass."""
        worth = _bid_worth(view, seat, hand, moves)
        pass_move = next(m for m in moves if m.kind == "pass")
        best = max((v for m, v in worth.items() if m.kind == "bid"), default=0.0)
        if best <= 0.0:
            return pass_move
        return next(m for m in moves if m.kind == "bid" and worth[m] == best)

    def _declare(self, view: AlliancesView, hand: list[str], moves: list[Move]) -> Move:
        """Call our strongest suit (2 players: with the exact count we expect to hold)."""
        strength = _call_strength(view, hand)
        suit = max(strength, key=lambda s: strength[s])
        calls = [m for m in moves if m.value[-1] == suit]
        if len(calls) == 1:
            return calls[0]
        # State of Nations: the exact count (both sides start with 6 countries).
        share = expected_tiles(strength[suit], len(hand))
        want = round(max(BID_MIN, min(ROWS * COLS, share + EXACT_MARGIN)))
        return min(calls, key=lambda m: abs(m.value[0] - want))

    @staticmethod
    def _keep_worth(card: str, hand: list[str]) -> float:
        """Drafting: strong cards first, and cards of a suit we already collect."""
        same = sum(1 for c in hand if suit_of(c) == suit_of(card))
        return card_worth(card, None) + 0.03 * same

    def _set_aside(self, hand: list[str], moves: list[Move]) -> Move:
        """Rise to power: the Empire gives away its weakest cards for the suit it will call."""
        strength = self._suit_strength(hand, [], 3)
        suit = max(strength, key=lambda s: strength[s])
        return min(moves, key=lambda m: card_worth(m.cards[0], suit))

    @staticmethod
    def _tribute(hand: list[str], moves: list[Move]) -> Move:
        """Among equal tributes, give the card of our shortest suit: a void lets us trump."""
        return min(moves, key=lambda m: sum(1 for c in hand if suit_of(c) == suit_of(m.cards[0])))


def ranked(seat_view: SeatView) -> list[Move]:
    """The legal moves the heuristic would consider, its favourites first (by its own
    judgement, ties in list order); a partner's conflict is never taken for nothing, and an
    ally holding the bid is never outbid (the bot's own rules)."""
    legal = seat_view.legal_moves()
    view, seat = cast(AlliancesView, seat_view.view), seat_view.seat
    phase = view["phase"]
    moves = sound_moves(wasteful, view, legal) if phase == "play" else legal
    hand = list(view["hands"][seat] or [])
    worth: dict[Move, float]
    if phase in ("play", "duel", "choose", "target"):
        judge = _Judge(view, seat, DEFAULT_WEIGHTS)
        if phase == "target":
            worth = {m: judge.target_value(m) for m in moves}
        elif phase == "choose":
            worth = {m: judge.choice_value(m) for m in moves}
        else:
            worth = {m: judge.play_value(m.cards[0]) for m in moves}
    elif phase == "bid":
        worth = _bid_worth(view, seat, hand, moves)
    elif phase in ("declare", "rise-call"):
        strength = _call_strength(view, hand)
        want = expected_tiles(max(strength.values()), len(hand)) + EXACT_MARGIN
        worth = {
            m: strength[m.value[-1]] - (0.01 * abs(m.value[0] - want) if len(m.value) > 1 else 0)
            for m in moves
        }
    elif phase in ("draft", "meeting"):
        kept = hand if phase == "draft" else []
        worth = {m: AlliancesBot._keep_worth(m.cards[0], kept) for m in moves}
    elif phase == "rise-set":
        strength = AlliancesBot._suit_strength(hand, [], 3)
        suit = max(strength, key=lambda s: strength[s])
        worth = {m: -card_worth(m.cards[0], suit) for m in moves}
    elif phase == "rise-give":
        worth = {m: -float(sum(suit_of(c) == suit_of(m.cards[0]) for c in hand)) for m in moves}
    else:  # rise-pick: the pairs are face down, all alike
        worth = dict.fromkeys(moves, 0.0)
    return sorted(worth, key=lambda m: -worth[m])


def _bid_worth(
    view: AlliancesView, seat: int, hand: list[str], moves: list[Move]
) -> dict[Move, float]:
    """Bidding: each bid's margin over the countries the alliance should hold (a pass: 0);
    with the ally holding the bid, the pass alone."""
    n = view["players"]
    ally = (seat + 2) % n
    bid = view["bid"]
    passes = {m: 0.0 for m in moves if m.kind == "pass"}
    if bid is not None and bid[2] == ally:
        return passes
    strength = AlliancesBot._suit_strength(hand, view["known"].get(str(ally), []), n)
    for who, _count, suit in view["bids"]:
        if who == ally and suit is not None:
            strength[suit] += 0.7
    share = len(hand) / n
    worth = dict(passes)
    for m in moves:
        if m.kind == "bid":
            count, suit = m.value
            margin = expected_tiles(strength[suit] + share, len(hand)) - count - 0.5
            worth[m] = margin - (0.3 if count == BID_MIN else 0.0)
    return worth


def _call_strength(view: AlliancesView, hand: list[str]) -> dict[str, float]:
    """The suit strengths :meth:`AlliancesBot._declare` calls by."""
    n = view["players"]
    strength = AlliancesBot._suit_strength(hand, [], n)
    if n == 3:
        # The Rebels' tribute brings the Empire two more cards of the called suit.
        return {s: v + 0.3 * sum(1 for c in hand if c[0] == s) for s, v in strength.items()}
    return strength


# --------------------------------------------------------------------------- conflicts


class _Judge:
    """Prices targets and plays from one seat's view."""

    def __init__(
        self, view: AlliancesView, seat: int, weights: AlliancesWeights = DEFAULT_WEIGHTS
    ) -> None:
        self.w = w = weights
        self.view = view
        self.seat = seat
        n = self.n = view["players"]
        self.sides = view["sides"]
        self.side = self.sides[seat]
        self.duel = view["phase"] == "duel"
        self.dominant: str | None = None if self.duel else view["dominant"]
        self.hand: list[str] = list(view["hands"][seat] or [])
        grid = view["grid"]
        self.defences: list[dict[str, int]] = [t["defence"] for t in grid]
        self.controllers: list[int | None] = [t["controller"] for t in grid]
        self.target = tile_index(view["target"]) if view["target"] else None
        self.entries = self._table()
        # Unseen cards: each is in a rival's hand with that hand's share of them.
        known: dict[int, list[str]] = {int(s): cs for s, cs in view["known"].items()}
        gone = set(self.hand) | set(view["discard"]) | {e.card for e in self.entries}
        for cards in known.values():
            gone.update(cards)
        rise = view["rise"]
        gone.update(rise.get("my_tribute", ()))
        for pair in rise.get("my_pairs", ()):
            gone.update(pair)
        pool = [c for c in ALL_CARDS if c not in gone]
        self.pool_size = max(1, len(pool))
        # Per suit: the unseen power ranks, and how many unseen cards (specials included).
        self.pool_ranks: dict[str, list[int]] = {s: [] for s in SUITS}
        self.pool_count: dict[str, int] = dict.fromkeys(SUITS, 0)
        for c in pool:
            suit = suit_of(c)
            self.pool_count[suit] += 1
            if c in _POWER:
                self.pool_ranks[suit].append(rank_of(c))
        self.share = [0.0] * n
        self.known_top: list[dict[str, int]] = [{} for _ in range(n)]
        self.known_suits: list[set[str]] = [set() for _ in range(n)]
        for s in range(n):
            if s == seat:
                continue
            mine = known.get(s, [])
            unknown = view["hand_counts"][s] - len(mine)
            self.share[s] = min(1.0, max(0.0, unknown / self.pool_size))
            for c in mine:
                self.known_suits[s].add(suit_of(c))
                if c in _POWER:
                    top = self.known_top[s]
                    top[c[0]] = max(top.get(c[0], 0), rank_of(c))
        self._beat_cache: dict[tuple[int, str | None, int, str], float] = {}
        self._odds_of: dict[str, Odds] = {}  # per plain card played onto today's table
        cards_left = len(self.hand) - 1
        # The view says whether State of Nations is played once the rules put it there.
        self.duel_trick = w.exact_duel_trick if view.get("exact_bid") else w.duel_trick
        # State of Nations (2 players): (the Aggressor's countries, the number declared,
        # whether we are the Aggressor).
        self.exact: tuple[int, int, bool] | None = None
        bid = view["bid"]
        if n == 2 and bid is not None and not self.duel:
            agg = view["aggressor"]
            held = sum(1 for c in self.controllers if c == agg)
            self.exact = (held, cast(int, bid[0]), self.side == agg)
        self.card_cost = w.card_cost if cards_left > 0 else 0.0

    # ---- the table -----------------------------------------------------------------
    def _table(self) -> list[Played]:
        """The conflict on the table; a Dual Allegiance's boosted seat (not in the view's
        table) is the one that gives the view's own powers."""
        view = self.view
        entries: list[Played] = []
        target = self.target
        for e in view["table"]:
            card = e["card"]
            value = None
            if card == "reserve-forces":
                value = self._reserve_forces(self.sides[e["seat"]])
            elif card == "global-trading" and target is not None:
                value = conflict.global_trading(self.defences, target)
            chosen = e["choice"][0] if e["choice"] else ""
            entries.append(Played(e["seat"], card, e["discarded"], chosen, value=value))
        duals = [i for i, e in enumerate(entries) if e.card == "dual-allegiance" and e.chosen]
        if duals and not self.duel:
            want = [tuple(p) if p else None for p in view["powers"]]
            for i in duals:
                for s in conflict.boostable(entries[: i + 1]):
                    entries[i] = entries[i]._replace(boosted=s)
                    if self.powers(entries) == want:
                        break
        return entries

    def _reserve_forces(self, side: int) -> int:
        return conflict.reserve_forces(self.defences, self.controllers, side)

    def powers(self, entries: list[Played], final: bool = False) -> list[Power]:
        """The conflict powers of the table ``entries`` (the rules' :func:`conflict.powers`)."""
        return conflict.powers(entries, self.n, self.duel, final)

    def leader(self, entries: list[Played], final: bool) -> tuple[int | None, str | None, int]:
        """(winning seat or None on a draw, suit, value) of the table ``entries``."""
        return conflict.leader(self.powers(entries, final), self.dominant, suit_of(entries[0].card))

    # ---- the players still to act ----------------------------------------------------
    def _none_above(self, seat: int, suit: str, value: int) -> float:
        """Chance that ``seat`` holds no power card of ``suit`` above ``value``."""
        if self.known_top[seat].get(suit, 0) > value:
            return 0.0
        above = sum(1 for r in self.pool_ranks[suit] if r > value)
        return (1.0 - self.share[seat]) ** above

    def _void(self, seat: int, suit: str) -> float:
        """Chance that ``seat`` holds no card of ``suit`` (special cards included)."""
        if suit in self.known_suits[seat]:
            return 0.0
        return (1.0 - self.share[seat]) ** self.pool_count[suit]

    def beat(self, seat: int, suit: str | None, value: int, lead: str) -> float:
        """Chance that ``seat`` can overturn a conflict won by ``value`` of ``suit``."""
        key = (seat, suit, value, lead)
        hit = self._beat_cache.get(key)
        if hit is not None:
            return hit
        dom = self.dominant
        if suit is None:
            suit, value = lead, 0
        if suit == dom:
            p = 1.0 - self._none_above(seat, suit, value)
            if lead != dom:
                p *= self._void(seat, lead)
        else:
            p = 1.0 - self._none_above(seat, lead, value)
            if dom is not None:
                ruff = self._void(seat, lead) * (1.0 - self._none_above(seat, dom, 0))
                p = 1.0 - (1.0 - p) * (1.0 - ruff)
        self._beat_cache[key] = p
        return p

    # ---- judging a conflict --------------------------------------------------------------
    def outcome(self, entries: list[Played], target: int | None, odds: Odds | None = None) -> float:
        """Expected countries gained by our side (negative: lost) once everybody has played,
        from the table ``entries`` as it stands after our decision (``odds``: its
        :meth:`odds`, when already known)."""
        suit, value, a, b, c, r, me_now = odds or self.odds(entries)
        if target is None:  # the 2-player drafting phase: tricks, not countries
            capture = 1.0
            gain = loss = self.duel_trick
        else:
            d = conflict.defence(self.defences[target], entries)
            capture = 1.0 if suit is not None and value > d[suit] else 0.0
            gain, loss = self._stakes(target)
        late = 1.0 if capture else self.w.late_capture
        out = gain * (a * capture + b * late) - loss * (c * capture + r * late)
        if me_now:
            out += self.w.own_conflict * a
        return out

    def odds(self, entries: list[Played]) -> Odds:
        """Who ends up with the conflict from ``entries``, whatever the target: (the deciding
        suit and value now, then the chances that our side keeps it as it stands (a) or takes
        it later (b), that a rival keeps it (c) or takes it later (r), and whether we lead)."""
        n = self.n
        final = len(entries) == n
        winner, suit, value = self.leader(entries, final)
        lead = suit_of(entries[0].card)
        a = c = b = r = 0.0
        if winner is None:
            none = 1.0
        elif self.sides[winner] == self.side:
            a, none = 1.0, 0.0
        else:
            c, none = 1.0, 0.0
        if not final:
            played = {e.seat for e in entries}
            s = self.seat
            for _ in range(n):
                s = (s + 1) % n
                if s in played:
                    continue
                p = self.beat(s, suit, value, lead)
                if self.sides[s] == self.side:
                    moved = p * self.w.rescue_will
                    b += (c + r + none) * moved
                    c, r, none = c * (1 - moved), r * (1 - moved), none * (1 - moved)
                else:
                    moved = p * self.w.beat_will
                    r += (a + b + none) * moved
                    a, b, none = a * (1 - moved), b * (1 - moved), none * (1 - moved)
        return suit, value, a, b, c, r, winner == self.seat

    def _stakes(self, target: int) -> tuple[float, float]:
        """(what our side gains if it captures ``target``, what it loses if a rival does)."""
        owner = self.controllers[target]
        if self.exact is None:
            gain = 0.05 if owner == self.side else (2.0 if owner is not None else 1.0)
            loss = 0.05 if owner not in (None, self.side) else (2.0 if owner is not None else 1.0)
            return gain, loss
        # State of Nations: only the Aggressor's count matters, and only its distance from
        # the declared number (source, 2-player game variant).
        count, declared, ours = self.exact
        sign = 1.0 if ours else -1.0

        def worth(delta: int) -> float:
            return sign * (abs(count - declared) - abs(count + delta - declared))

        agg = self.view["aggressor"]
        me_agg = self.side == agg
        gain = worth(1 if me_agg else (-1 if owner == agg else 0)) + 0.1
        loss = -worth(-1 if me_agg and owner == agg else (1 if not me_agg else 0)) + 0.1
        return gain, loss

    def _cost(self, card: str) -> float:
        return self.card_cost * card_worth(card, self.dominant)

    def play_value(self, card: str, target: int | None = None) -> float:
        """Worth of playing ``card`` now (with the best follow-up choices of a special)."""
        if target is None:
            target = self.target
        entry = Played(self.seat, card)
        if card in _POWER or self.duel:
            # A plain card: who wins does not depend on the target (targets try each card).
            entries = [*self.entries, entry]
            odds = self._odds_of.get(card)
            if odds is None:
                odds = self._odds_of[card] = self.odds(entries)
            return self.outcome(entries, target, odds) - self._cost(card)
        best = max(
            self.outcome(entries, target) for entries in self._resolved(self.entries, entry, target)
        )
        return best - self._cost(card)

    def _resolved(
        self, table: list[Played], entry: Played, target: int | None
    ) -> list[list[Played]]:
        """Every way the rules could resolve ``entry`` played onto ``table`` (its choices)."""
        card = entry.card
        if self.duel or card in _POWER:
            return [[*table, entry]]
        if card == "reserve-forces":
            entry = entry._replace(value=self._reserve_forces(self.side))
        elif card == "global-trading" and target is not None:
            entry = entry._replace(value=conflict.global_trading(self.defences, target))
        if card in ("peace-treaty", "embargo"):
            return [[*conflict.discard(table, conflict.discarded_by(table, card)), entry]]
        options = conflict.choosable(table, card)
        if not options:
            return [[*table, entry]]
        out = []
        for choice in options:
            out += self._chosen(table, entry, choice)
        return out

    def _chosen(self, table: list[Played], entry: Played, choice: str) -> list[list[Played]]:
        """The tables after ``entry`` (a special on top of ``table``) takes ``choice``."""
        if entry.card == "dual-allegiance":
            seats = conflict.boostable([*table, entry])
            return [[*table, entry._replace(chosen=choice, boosted=s)] for s in seats]
        table = conflict.discard(table, conflict.discarded_by(table, entry.card, choice))
        return [[*table, entry._replace(chosen=choice)]]

    def choice_value(self, move: Move) -> float:
        """A pending special's choice: the table as that choice leaves it."""
        table, entry = self.entries[:-1], self.entries[-1]
        pending = self.view["pending"]
        if move.kind == "boost":
            card = cast(str, pending["card"])  # the Politics card Dual Allegiance adds
            boosted = entry._replace(chosen=card, boosted=int(move.target[5:]))
            return self.outcome([*table, boosted], self.target)
        options = self._chosen(table, entry._replace(chosen="", boosted=None), move.cards[0])
        return max(self.outcome(t, self.target) for t in options)

    # ---- targets ------------------------------------------------------------------------
    def target_value(self, move: Move) -> float:
        """A target is worth our best lead against it, plus the neutral countries a capture
        there would bring within reach."""
        t = tile_index(move.target)
        assert t is not None
        best = max(self.play_value(c, t) for c in self.hand)
        frontier = sum(1 for x in neighbours(t) if self.controllers[x] is None)
        return best + self.w.expansion * frontier
