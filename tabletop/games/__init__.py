"""Each game's app side, one package per game: ``tabletop/games/<game id>/``.

A game's rules live in ``rules/`` (pure, registered in :data:`rules.GAMES`); everything else
the app needs of it lives in its package here: the layout (where things go on the table),
its card and piece art, its heuristic bots and its search settings. The package's
``__init__.py`` declares them in one :class:`GameApp` named ``APP``; the app finds it by the
rules' game id (:func:`app_for`), so adding a game's app side means adding one folder (see
docs/adding-a-game.md).

A package declares its parts by name (:func:`declare`, ``"layout:MyLayout"``) and each is
imported on first use: the AI worker asks for bots and search settings without importing
pygame, and a game nobody plays costs nothing at start-up.

>>> app_for("royal_houses").game_id
'royal_houses'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from ..ai.base import GameBots

if TYPE_CHECKING:  # the parts' types only: importing them here would import pygame
    import rules

    from ..ai.advice import Facts
    from ..ai.policy import GameAI
    from ..layouts.base import Layout
    from ..learn import Course
    from ..net.howto import HowTo, TipFor
    from ..net.phone_table import TableForPhone
    from ..net.propose import Proposer
    from ..table.card_art import GameArt
    from ..table.gestures import Gestures
    from ..table.legend import GameLegend
    from .tally import ScoreNow, Tally


@dataclass(frozen=True)
class GameApp:
    """What the app needs of one game beyond its rules; each part is loaded when first asked.

    ``layout``: a new layout for a table of this game (pygame). ``art``: how its cards and
    pieces are painted (pygame). ``bots``: its heuristic bot, and its Easy and hint bots where
    they are not the usual ones (no pygame). ``search``: its search settings (no pygame);
    without them the search uses the heuristic bot for playouts and defaults for the rest.
    ``gestures``: what drags and clicks mean at a table drawn by the given layout (pygame-free),
    where they are not the usual ones. ``sound_cues``: which sound each of its rules' event
    kinds calls for ("deal", "play", "win", "end"…, or "" for none), beyond the common kinds
    every game shares (:data:`tabletop.audio.cues.DEFAULT_CUES`).
    ``propose``: for a game whose plays cannot all be listed, what lays the cards a phone
    picked (:mod:`tabletop.net.propose`; no pygame).
    ``phone``: what a phone shows of the table at a game night, from its seat's view (no
    pygame). ``card_name``: how the app names a card to a player (``"the 9 of Military"``), and
    ``card_label``: a short label that also reads as a total in prose (``"9 Politics"``); the
    leak checks look for a hidden card's name and label in everything drawn (no pygame).
    ``lessons``: its guided first games and the checklist they teach (:mod:`tabletop.learn`;
    no pygame). ``advice``: its words for what a hinted move leads to (a trick won, a stack
    struck), from the events a seat sees (:mod:`tabletop.ai.advice`; no pygame).
    ``legend``: its marks on the *Keys and marks* page (:mod:`tabletop.table.legend`; pygame).
    ``howto``: the phone's *How to play* sheet, and ``tip``: a phone's one-line tip for its
    seat's decision from that seat's view and legal moves (:mod:`tabletop.net.howto`; no pygame).
    ``score_now``: the score if the game ended now, as a seat may know it
    (:mod:`tabletop.games.tally`; no pygame).
    A part left out falls back to the generic one (a plain layout, cards showing their names,
    random play, a card dropped on its move's target, no proposals, cards named by id).
    """

    game_id: str
    layout: Callable[[], Layout] | None = None
    art: Callable[[], GameArt] | None = None
    bots: Callable[[], GameBots] | None = None
    search: Callable[[], GameAI] | None = None
    gestures: Callable[[Layout], Gestures] | None = None
    phone: Callable[[], TableForPhone] | None = None
    sound_cues: Mapping[str, str] = field(default_factory=dict, hash=False)
    propose: Callable[[], Proposer] | None = None
    card_name: Callable[[], Callable[[str], str]] | None = None
    card_label: Callable[[], Callable[[str], str]] | None = None
    lessons: Callable[[], Course] | None = None
    advice: Callable[[], Facts] | None = None
    legend: Callable[[], GameLegend] | None = None
    score_now: Callable[[], ScoreNow] | None = None
    howto: Callable[[], HowTo] | None = None
    tip: Callable[[], TipFor] | None = None


def _named(package: str, name: str) -> Callable[[], Any]:
    """What ``name`` (``"module:attribute"``; a module starting with a dot is in ``package``)
    names, imported when first asked for."""
    module, colon, attribute = name.partition(":")
    if not colon or not module or not attribute.isidentifier():
        raise ValueError(f"{name!r} is not a 'module:attribute' name")

    def load() -> Any:
        return getattr(importlib.import_module(module, package), attribute)

    return load


def declare(
    package: str,
    *,
    layout: str | None = None,
    gestures: str | Callable[[Layout], Gestures] | None = None,
    art: str | None = None,
    bots: str | None = None,
    easy: str | None = None,
    hint: str | None = None,
    search: str | None = None,
    propose: str | None = None,
    card_name: str | None = None,
    card_label: str | None = None,
    phone: str | None = None,
    lessons: str | None = None,
    advice: str | None = None,
    legend: str | None = None,
    score_now: str | None = None,
    howto: str | None = None,
    tip: str | None = None,
    sound_cues: Mapping[str, str] | None = None,
) -> GameApp:
    """The :class:`GameApp` of the game whose package is ``package`` (its ``__name__``, whose
    last part is the game id), each part named ``"module:attribute"``, imported on first use.

    ``layout`` and ``gestures`` name a class, built anew for each table (``gestures`` may be a
    function of the layout instead, imports inside it); ``bots`` names the heuristic bot class,
    ``easy`` and ``hint`` the bots of those levels where they are not the usual ones; ``art``,
    ``search``, ``propose``, ``card_name``, ``card_label``, ``phone``, ``lessons``, ``advice``,
    ``legend``, ``score_now``, ``howto`` and ``tip`` name the part itself.
    """

    def named(name: str | None) -> Callable[[], Any] | None:
        return _named(package, name) if name is not None else None

    def built(name: str | None) -> Callable[[], Any] | None:
        cls = named(name)
        return (lambda: cls()()) if cls is not None else None

    made_gestures: Callable[[Layout], Gestures] | None
    if isinstance(gestures, str):
        gestures_class = _named(package, gestures)
        made_gestures = lambda layout: gestures_class()()  # noqa: E731  (the layout is unused)
    else:
        made_gestures = gestures
    levels = {"heuristic": named(bots), "easy": named(easy), "hint": named(hint)}

    def made_bots() -> GameBots:
        loaded: dict[str, Any] = {
            level: load() if load is not None else None for level, load in levels.items()
        }
        return GameBots(**loaded)

    return GameApp(
        package.rpartition(".")[2],
        layout=built(layout),
        art=named(art),
        bots=made_bots if bots is not None else None,
        search=named(search),
        gestures=made_gestures,
        sound_cues=dict(sound_cues or {}),
        propose=named(propose),
        card_name=named(card_name),
        card_label=named(card_label),
        phone=named(phone),
        lessons=named(lessons),
        advice=named(advice),
        legend=named(legend),
        score_now=named(score_now),
        howto=named(howto),
        tip=named(tip),
    )


PACKAGE = __name__


@cache
def app_for(game_id: str) -> GameApp | None:
    """The declaration of ``game_id``'s app side (its package's ``APP``), or None if the game
    has no package here. Raises ``TypeError`` if the package declares something else."""
    if not game_id.isidentifier():
        return None
    try:
        module = importlib.import_module(f"{PACKAGE}.{game_id}")
    except ModuleNotFoundError as error:
        if error.name != f"{PACKAGE}.{game_id}":
            raise  # the package exists but something it imports does not: a real error
        return None
    app = getattr(module, "APP", None)
    if not isinstance(app, GameApp) or app.game_id != game_id:
        raise TypeError(f"{module.__name__}.APP must be a GameApp for {game_id!r}, not {app!r}")
    return app


def layout_for(game_id: str) -> Layout | None:
    """A new layout of ``game_id``'s own, or None if it has none."""
    app = app_for(game_id)
    return app.layout() if app is not None and app.layout is not None else None


def gestures_for(game_id: str, layout: Layout) -> Gestures | None:
    """New gestures of ``game_id``'s own for a table drawn by ``layout``, or None."""
    app = app_for(game_id)
    return app.gestures(layout) if app is not None and app.gestures is not None else None


def phone_table_for(game_id: str) -> TableForPhone | None:
    """What a phone shows of ``game_id``'s table (pygame-free), or None if it has none."""
    app = app_for(game_id)
    return app.phone() if app is not None and app.phone is not None else None


def course_for(game_id: str) -> Course | None:
    """``game_id``'s lessons and their checklist (pygame-free), or None if it has none."""
    app = app_for(game_id)
    return app.lessons() if app is not None and app.lessons is not None else None


def advice_for(game_id: str) -> Facts | None:
    """``game_id``'s words for what a hinted move leads to (pygame-free), or None."""
    app = app_for(game_id)
    return app.advice() if app is not None and app.advice is not None else None


def legend_for(game_id: str) -> GameLegend | None:
    """``game_id``'s own marks for the *Keys and marks* page, or None if it has none."""
    app = app_for(game_id)
    return app.legend() if app is not None and app.legend is not None else None


def tally_for(game: rules.Game, seat: int | None, names: Sequence[str]) -> Tally | None:
    """The score of ``game`` if it ended now, as ``seat`` may know it (None: the public
    table), or None if its game has no such view."""
    app = app_for(game.spec.id)
    if app is None or app.score_now is None:
        return None
    return app.score_now()(game, seat, names)


def howto_for(game_id: str) -> HowTo | None:
    """``game_id``'s *How to play* sheet for the phones (pygame-free), or None."""
    app = app_for(game_id)
    return app.howto() if app is not None and app.howto is not None else None


def tip_for(game_id: str) -> TipFor | None:
    """``game_id``'s tip for a phone's decision (pygame-free), or None."""
    app = app_for(game_id)
    return app.tip() if app is not None and app.tip is not None else None


def sound_cues_for(game_id: str) -> Mapping[str, str]:
    """What ``game_id``'s event kinds sound like (empty: only the common kinds)."""
    app = app_for(game_id)
    return app.sound_cues if app is not None else {}


def proposer_for(game_id: str) -> Proposer | None:
    """What lays a phone's picked cards in ``game_id``, or None if the game has nothing."""
    app = app_for(game_id)
    return app.propose() if app is not None and app.propose is not None else None


def card_names_for(game_id: str, card: str) -> tuple[set[str], set[str]]:
    """The names and the labels the app gives ``card`` of ``game_id`` (empty if it names its
    cards by their ids only)."""
    app = app_for(game_id)
    if app is None:
        return set(), set()
    names = {app.card_name()(card)} if app.card_name is not None else set()
    labels = {app.card_label()(card)} if app.card_label is not None else set()
    return names, labels


def art_for(game_id: str) -> GameArt | None:
    app = app_for(game_id)
    return app.art() if app is not None and app.art is not None else None


def bots_for(game_id: str) -> GameBots | None:
    app = app_for(game_id)
    return app.bots() if app is not None and app.bots is not None else None


def search_for(game_id: str) -> GameAI | None:
    app = app_for(game_id)
    return app.search() if app is not None and app.search is not None else None
