"""The app-level leak check ("Secrets stay secret").

Seeded games of every game are played through the app's own paths — the table (solo, table
display, hot seat), undo, the replay of an unfinished game, the exported move list, the Load
list, the window title, the results and the statistics — and nothing they draw or write may show
a card hidden from the human seat(s): no face-up piece of a hidden card, and no drawn text with a
hidden card's id as a word or its player-facing name.

"Drawn text" is every string rendered by a font: ``pygame.font.Font`` (what ``tabletop.fonts``
and pygame-gui both use) is replaced by a recording subclass before the app starts, and every
rendered string is judged against what is hidden *at that moment* (render caches are emptied
whenever the position or the viewer changes, so a cached picture cannot hide a re-draw).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame
import pygame_gui.core.gui_font_pygame as gui_font_pygame
import pytest
from scene_helpers import key, pump, use_private_home

import rules
import tabletop.ai.worker as worker_module
from rules import Game
from rules import royal_houses as royal_rules
from tabletop import fonts, saves
from tabletop.ai.worker import AIWorker
from tabletop.app import App
from tabletop.games import card_names_for
from tabletop.replay import MoveListError, export_text, import_text, replay_viewers
from tabletop.scenes import table_night
from tabletop.scenes.handover import HandOverScene
from tabletop.scenes.replay import ReplayScene
from tabletop.scenes.table import TableScene
from tabletop.session import HUMAN, PHONE, SeatConfig, Session
from tabletop.storage import Settings
from tabletop.table import render
from tabletop.table.model import Piece, TableModel

#: (game, players, options): every game at its smallest table, plus the bigger tables whose
#: secrets differ (Medici 4 in alliances, Alliances 3 with the Empire and 4 with the draft and
#: the secret meeting).
CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    (gid, spec.min_players, {}) for gid, spec in sorted(rules.GAMES.items())
] + [
    ("medici", 4, {}),
    ("alliances", 3, {}),
    ("alliances", 4, {"drafting": True, "secret_meeting": True}),
]
IDS = [f"{g}-{n}{'-secret' if o else ''}" for g, n, o in CONFIGS]
PLIES = 24  # decisions per game: enough for deals, draws, secret choices and replies
SEED = 11


# ---------------------------------------------------------------------------------------------
# what a card is called
# ---------------------------------------------------------------------------------------------


def card_names(game_id: str, card: str) -> set[str]:
    """Every way the app names ``card`` to a player (ids are checked separately, as words):
    what the game's package declares (``GameApp.card_name``)."""
    return card_names_for(game_id, card)[0]


def card_labels(game_id: str, card: str) -> set[str]:
    """Short labels of a card that also read as totals in prose ("9 Politics" is a card on a
    piece or a button, but "winning with 9 Politics" is a sum): matched only as a whole
    label, or a verb and the label ("Play 9 Politics"). Declared as ``GameApp.card_label``."""
    return card_names_for(game_id, card)[1]


def test_every_game_names_its_cards_for_the_leak_check() -> None:
    """Without a name the check would look for ids only: a game whose art spells its cards
    out (``GameArt.card_text``) says how the app names them, for every card it has."""
    from tabletop.games import art_for

    for game_id in rules.GAMES:
        art = art_for(game_id)
        if art is None or art.card_text is None:
            continue
        game = rules.new_game(game_id, rules.GAMES[game_id].min_players, seed=1)
        names = [card_names(game_id, card) for card in sorted(set(components(game)))]
        assert all(len(n) == 1 and next(iter(n)).strip() for n in names), game_id


def components(game: Game) -> set[str]:
    return {c for c in game.census() if not c.startswith("counter:")}


@dataclass
class Secrets:
    """What may not be shown: hidden card ids, and names that only hidden cards bear."""

    ids: set[str]
    names: list[re.Pattern[str]]
    game_id: str = ""
    only_hidden: set[str] = field(default_factory=set)

    def face_up_leaks(self, piece_id: str, card: str) -> bool:
        """A face-up piece shows a hidden card: its own id is hidden, or its face is one that
        only hidden cards have (Machiavelli draws each face from one copy's art)."""
        if card not in self.ids:
            return False
        return piece_id in self.ids or card_names(self.game_id, card) <= self.only_hidden

    @classmethod
    def of(cls, game: Game, perspective: int | None) -> Secrets:
        hidden = game.hidden_cards(perspective)
        gid = game.spec.id
        shown = set().union(*(card_names(gid, c) for c in components(game) - hidden))
        only_hidden = set().union(*(card_names(gid, c) for c in hidden)) - shown
        patterns = [re.compile(rf"(?<![\w]){re.escape(n)}(?![\w])") for n in sorted(only_hidden)]
        shown_labels = set().union(*(card_labels(gid, c) for c in components(game) - hidden))
        labels = set().union(*(card_labels(gid, c) for c in hidden)) - shown_labels
        patterns += [
            re.compile(rf"^(?:\w+ )?{re.escape(label)}(?: \(discarded\))?$")
            for label in sorted(labels)
        ]
        return cls(hidden, patterns, gid, only_hidden)

    def found_in(self, text: str) -> list[str]:
        words = {w.strip(".") for w in re.findall(r"[\w.]+", text)}
        found = sorted(words & self.ids)
        found += [p.pattern for p in self.names if p.search(text.strip())]
        return found


# ---------------------------------------------------------------------------------------------
# the watch: every rendered string, every table model
# ---------------------------------------------------------------------------------------------

Source = Callable[[], tuple[Game, int | None] | None]


@dataclass
class Watch:
    """Judges everything drawn against what the current ``source`` says is hidden."""

    source: Source | None = None
    leaks: list[str] = field(default_factory=list)
    texts: int = 0
    # Pictures painted ahead into the image cache (TableModel.upcoming: every card the trick
    # may receive) are not shown; what is shown is judged by ``model`` (face-up pieces).
    painting_ahead: bool = False
    _memo: tuple[tuple[int, int, int | None], Secrets] | None = None
    _state: tuple[object, ...] | None = None

    def secrets(self) -> Secrets | None:
        found = self.source() if self.source is not None else None
        if found is None:
            return None
        game, perspective = found
        memo_key = (id(game), len(game.history), perspective)
        if self._memo is None or self._memo[0] != memo_key:
            self._memo = (memo_key, Secrets.of(game, perspective))
        return self._memo[1]

    def text(self, text: object, where: str) -> None:
        if not isinstance(text, str) or not text.strip() or self.painting_ahead:
            return
        self.texts += 1
        secrets = self.secrets()
        if secrets is None:
            return
        found = secrets.found_in(text)
        if found:
            self.leaks.append(f"{where}: {text!r} shows {found}")

    def model(self, model: TableModel | None, where: str) -> None:
        secrets = self.secrets()
        if model is None or secrets is None:
            return
        for piece in model.pieces:
            if (
                piece.art
                and piece.art[0] == "card"
                and secrets.face_up_leaks(piece.id, piece.art[2])
            ):
                self.leaks.append(f"{where}: card {piece.art[2]} face up (piece {piece.id})")
            counter = piece.art[:3] == ("piece", "royal_houses", "counter")
            if counter and piece.art[3] is not None:  # a majority counter, face up
                self.counter(piece.id, piece.art[3], where)
            self.text(piece.label, f"{where} piece label")
        for item in model.texts:
            self.text(item.text, f"{where} text")
        for _, tip in model.tips:
            self.text(tip, f"{where} tip")
        for zone in model.zones:
            self.text(zone.label, f"{where} zone label")

    def counter(self, piece_id: str, value: int, where: str) -> None:
        """Not a card, a secret all the same: a Royal Houses majority counter shown face up
        must be one the perspective may know (its own, one seen with a card 1, or any at the
        end), as the rules' view of that seat's counters says."""
        found = self.source() if self.source is not None else None
        if found is None:
            return
        game, perspective = found
        seat = int(piece_id.split(":")[1])
        if seat == perspective:
            return  # its own counters, placed or still to place
        if value not in game.view(perspective)["counters"][seat].values():
            self.leaks.append(f"{where}: counter {value:+d} of seat {seat} face up")

    def forget_caches(self, state: tuple[object, ...]) -> None:
        """A new position or viewer: cached pictures of text are drawn afresh (and judged)."""
        if state == self._state:
            return
        self._state = state
        render.text_surface.cache_clear()

    def assert_clean(self) -> None:
        assert not self.leaks, "hidden cards shown:\n" + "\n".join(dict.fromkeys(self.leaks))


WATCH = Watch()


class RecordingFont(pygame.font.Font):
    def render(self, text: Any, *args: Any, **kwargs: Any) -> pygame.Surface:
        WATCH.text(text, "drawn")
        return super().render(text, *args, **kwargs)


@pytest.fixture
def watch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Watch]:
    use_private_home(tmp_path, monkeypatch)
    monkeypatch.setattr(pygame.font, "Font", RecordingFont)
    monkeypatch.setattr(gui_font_pygame, "Font", RecordingFont)
    # A thread instead of a process: quicker to start, and the same questions (a SeatView).
    monkeypatch.setattr(worker_module, "_shared", AIWorker(use_process=False))
    monkeypatch.setattr(HandOverScene, "arm_delay", 0.0)
    paint_ahead = render.paint_ahead

    def painting_ahead(*args: Any, **kwargs: Any) -> int:
        WATCH.painting_ahead = True
        try:
            return paint_ahead(*args, **kwargs)
        finally:
            WATCH.painting_ahead = False

    monkeypatch.setattr(render, "paint_ahead", painting_ahead)
    fonts.clear_cache()
    render.text_surface.cache_clear()
    WATCH.source, WATCH.leaks, WATCH.texts, WATCH._memo, WATCH._state = None, [], 0, None, None
    yield WATCH
    WATCH.source = None
    fonts.clear_cache()
    render.text_surface.cache_clear()


@pytest.fixture
def app(watch: Watch) -> Iterator[App]:
    application = App((1280, 720), settings=Settings(animation_speed=0.0), persist_settings=False)
    yield application
    application.quit()


# ---------------------------------------------------------------------------------------------
# driving a table
# ---------------------------------------------------------------------------------------------


def seats(players: int, humans: int) -> list[SeatConfig]:
    names = ["Nadia", "Kevin", "Ama", "Lior", "Sven", "Yui"]
    return [SeatConfig(names[i], "human" if i < humans else "easy") for i in range(players)]


def widget_texts(app: App) -> list[str]:
    out = []
    for element in app.ui.get_sprite_group().sprites():
        for attr in ("text", "html_text", "tool_tip_text"):
            value = getattr(element, attr, None)
            if isinstance(value, str):
                out.append(value)
    return out


def check_frame(app: App, watch: Watch, where: str, model: TableModel | None) -> None:
    """After a frame: the model, the widgets' words, the window title and the toasts."""
    watch.model(model, where)
    for text in widget_texts(app):
        watch.text(text, f"{where} widget")
    watch.text(pygame.display.get_caption()[0], f"{where} window title")
    for toast in app.toasts:
        watch.text(toast.text, f"{where} toast")


def table_source(app: App, scene: TableScene, solo_seat: int | None) -> Source:
    """Solo: the lone human's eyes always. Otherwise: the public table while the hand-over
    screen is up (or a hand-over is pending), else the seat the table shows — which must be
    a human whose turn it is."""

    def source() -> tuple[Game, int | None]:
        if solo_seat is not None:
            return scene.game, solo_seat
        if scene.handing_over or isinstance(app.top, HandOverScene):
            return scene.game, None
        return scene.game, scene.viewer

    return source


def frame(app: App, watch: Watch, scene: TableScene, where: str) -> None:
    # The frame as it comes (a move's own frame may show the labels and the log a move late):
    # what it shows was drawn for the seat that looks now, never for the one before.
    pump(app, 1)
    if app.top is scene and not scene.handing_over:
        assert scene.static.drawn_for == scene.viewer, f"{where}: another seat's labels"
        assert scene.log.drawn_for() == scene.viewer, f"{where}: another seat's log"
    # Then everything drawn anew, so that every text it shows is judged.
    watch.forget_caches((id(scene.game), len(scene.game.history), scene.viewer, type(app.top)))
    scene.static.forget()
    scene.log.forget()
    pump(app, 1)
    check_frame(app, watch, where, scene.model)
    if not scene.session.is_human(scene.viewer):
        assert scene.viewer is None or scene.session.humans == [], f"{where}: AI seat shown"
    shared = len(scene.session.humans) > 1 or scene.session.table_display
    if shared and scene.viewer is not None:
        # A private view is shown only to the human to move, and only after the hand-over.
        # ... or to the player who just drew, before the hand-over.
        held = scene.reveal is not None and scene.reveal.seat == scene.viewer
        assert held or scene.game.to_move == scene.viewer, f"{where}: a hand shown out of turn"
        assert not isinstance(app.top, HandOverScene), f"{where}: a hand behind the cover"


def play_table(
    app: App,
    watch: Watch,
    session: Session,
    plies: int,
    *,
    undo_every: int = 0,
) -> TableScene:
    """Play ``plies`` decisions through the table: humans by the table's own play(), AIs by
    its worker; hand-overs dismissed with Space; undo tried now and then (solo)."""
    scene = TableScene(app, session)
    app.push(scene)
    humans = session.humans
    solo = humans[0] if len(humans) == 1 and not session.table_display else None
    if len(humans) == 1 and session.table_display:
        solo = None
    watch.source = table_source(app, scene, solo)
    rng = random.Random(SEED)
    frame(app, watch, scene, "table start")
    human_moves = 0
    guard = 0
    while len(session.game.history) < plies and not session.game.over:
        guard += 1
        assert guard < 3000, "the table stopped moving"
        if scene.reveal is not None:  # the drawer looked at the drawn card: pass on
            scene.end_reveal()
            frame(app, watch, scene, "after the drawn card was seen")
            continue
        if isinstance(app.top, HandOverScene):
            frame(app, watch, scene, "hand-over")
            key(app, pygame.K_SPACE, frames=1)
            frame(app, watch, scene, "after hand-over")
            continue
        if scene.acting_human:
            scene.play(rng.choice(session.game.legal_moves()))
            human_moves += 1
            frame(app, watch, scene, f"after human move {len(session.game.history)}")
            if undo_every and human_moves % undo_every == 0:
                drive_ai(app, watch, scene)
                if session.undo_refusal(humans[0]) is None:
                    scene.undo()
                    watch.forget_caches(("undone", len(session.game.history)))
                    frame(app, watch, scene, f"after undo to move {len(session.game.history)}")
            continue
        frame(app, watch, scene, f"move {len(session.game.history)}")
    return scene


def drive_ai(app: App, watch: Watch, scene: TableScene) -> None:
    """Let the AI seats answer until a human is to decide (or the game ends)."""
    for _ in range(400):
        if scene.game.over or scene.acting_human or scene.reveal is not None:
            return
        if isinstance(app.top, HandOverScene):
            return
        frame(app, watch, scene, f"AI move {len(scene.game.history)}")


def solo_session(game_id: str, players: int, options: dict[str, Any], **kw: Any) -> Session:
    return Session(game_id, seats(players, 1), seed=SEED, options=options, **kw)


# ---------------------------------------------------------------------------------------------
# the checks
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS, ids=IDS)
def test_solo_table_undo_replay_export_and_load_show_nothing_hidden(
    app: App, watch: Watch, game_id: str, players: int, options: dict[str, Any]
) -> None:
    session = solo_session(game_id, players, options)
    play_table(app, watch, session, PLIES, undo_every=3)
    assert watch.texts > 0, "the recording font saw nothing: the check would pass blindly"
    watch.assert_clean()
    assert not session.game.over, "the check wants an unfinished game: fewer plies"

    check_replay(app, watch, session)
    check_export(watch, session)
    check_load_list(app, watch, session)
    watch.assert_clean()


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS, ids=IDS)
def test_hot_seat_shows_each_hand_only_to_its_owner(
    app: App, watch: Watch, game_id: str, players: int, options: dict[str, Any]
) -> None:
    session = Session(game_id, seats(players, 2), seed=SEED + 1, options=options)
    play_table(app, watch, session, PLIES)
    watch.assert_clean()
    check_replay(app, watch, session)
    check_export(watch, session)
    watch.assert_clean()


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS[:5], ids=IDS[:5])
def test_table_display_shows_only_the_public_table(
    app: App, watch: Watch, game_id: str, players: int, options: dict[str, Any]
) -> None:
    session = solo_session(game_id, players, options, table_display=True)
    play_table(app, watch, session, PLIES // 2)
    watch.assert_clean()


def check_replay(app: App, watch: Watch, session: Session) -> None:
    """Every position of the unfinished game, through every viewer the replay offers."""
    viewers = replay_viewers(session)
    humans = session.humans
    allowed = {None, humans[0]} if len(humans) == 1 else {None}
    assert set(viewers) <= allowed, f"the replay offers {viewers}"
    scene = ReplayScene(app, session)
    app.push(scene)

    # Judged by what the human(s) may know at the shown move, whichever view is on screen.
    human = humans[0] if len(humans) == 1 else None

    def source() -> tuple[Game, int | None]:
        return scene.replay.game, human

    watch.source = source
    for viewer in scene.viewers:
        while scene.viewer != viewer:
            scene.next_view()
        for index in range(scene.replay.length + 1):
            scene.seek(index)
            watch.forget_caches(("replay", index, viewer))
            scene._frame = None
            pump(app, 1)
            check_frame(app, watch, f"replay move {index} viewer {viewer}", scene.model)
    app.pop()


def check_export(watch: Watch, session: Session) -> None:
    """The unfinished game's move list: no hidden card, no rival's secret decision."""
    humans = session.humans
    viewer = humans[0] if len(humans) == 1 else None
    text = export_text(session)
    secrets = Secrets.of(session.game, viewer)
    found = secrets.found_in(text)
    if found:
        watch.leaks.append(f"export: shows {found}")
    lines = [line for line in text.splitlines() if not line.startswith("#")]
    for i in secret_decisions(session, viewer):
        if lines[i] != f"{i + 1}. ?":
            watch.leaks.append(f"export: line {lines[i]!r} is a secret decision")
    # Nor the seed or a fixed deal, which would deal every hand again.
    if f"# seed: {session.game.seed}\n" in text or '"deck": [' in text or '"decks": [' in text:
        watch.leaks.append("export: gives the seed or the deal of an unfinished game")
    with pytest.raises(MoveListError, match="secret"):
        import_text(text)


def secret_decisions(session: Session, viewer: int | None) -> list[int]:
    """Brute force, written apart from the app's: the decisions of other seats that
    ``viewer`` could not know — naming a card hidden from ``viewer`` right after it, or seen
    only redacted and told alike by some other legal decision (same events, same view)."""
    s = session
    game = rules.new_game(s.game_id, len(s.seats), s.seed, dict(s.game.options))
    every = components(game)
    found = []
    for i, move in enumerate(s.game.history):
        before, mover = game.clone(), game.to_move
        events = game.play(move)
        if mover == viewer:
            continue
        words = {w.strip(".") for w in re.findall(r"[\w.]+", str(move))} & every
        if words & game.hidden_cards(viewer):
            found.append(i)
            continue
        if all(e.visible_to(viewer) for e in events):
            continue
        seen = [e.render(s.names) for e in events if e.visible_to(viewer)]
        view = game.view(viewer)
        for other in before.legal_moves():
            alt = before.clone()
            alt_seen = [e.render(s.names) for e in alt.play(other) if e.visible_to(viewer)]
            if other != move and alt_seen == seen and alt.view(viewer) == view:
                found.append(i)
                break
    return found


def check_load_list(app: App, watch: Watch, session: Session) -> None:
    """The Load list: its rows (summary, players, date) as written and as drawn."""
    from tabletop.scenes.load import LoadScene

    saves.write_save(session)
    infos, problems = saves.list_saves()
    assert not problems and len(infos) == 1
    human = session.humans[0]
    watch.source = lambda: (session.game, human)
    info = infos[0]
    for text in (info.summary, info.label, info.title, info.players_text):
        watch.text(text, "Load list row")
    watch.forget_caches(("load", session.save_id))
    scene = LoadScene(app)
    app.push(scene)
    pump(app, 2)
    check_frame(app, watch, "Load list", None)
    app.pop()


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS[:5], ids=IDS[:5])
def test_results_and_statistics_show_nothing_hidden(
    app: App, watch: Watch, game_id: str, players: int, options: dict[str, Any]
) -> None:
    """A finished game: the results screen, the record and the statistics screen show only
    what is public at the end (a deck never drawn stays unseen)."""
    from tabletop import stats
    from tabletop.scenes.results import ResultsScene
    from tabletop.scenes.stats import StatsScene

    session = solo_session(game_id, players, options)
    rng = random.Random(SEED)
    while not session.game.over:
        session.play(rng.choice(session.game.legal_moves()))
    watch.source = lambda: (session.game, 0)
    watch.forget_caches(("results", game_id))
    app.push(ResultsScene(app, session))
    pump(app, 2)
    check_frame(app, watch, "results", None)
    stats.record_game(session)  # the results screen may have counted it already
    watch.text(repr(stats.load_records()[0]), "statistics record")
    app.push(StatsScene(app))
    pump(app, 2)
    check_frame(app, watch, "statistics", None)
    watch.assert_clean()


def test_the_watch_sees_a_rival_counter_shown_face_up() -> None:
    """The watch itself: a table model showing a rival's unrevealed majority counter face up
    (the art the Royal Houses layout draws counters with) is reported, and one face down is
    not, so the counter check cannot silently stop matching what the table draws."""
    game = rules.new_game("royal_houses", 2, seed=3)
    known = game.view(0)["counters"][1].values()
    hidden_value = next(v for v in royal_rules.COUNTERS if v not in known)
    rect = pygame.Rect(0, 0, 40, 40)
    model = TableModel(
        pieces=[Piece("counter:1:a", ("piece", "royal_houses", "counter", None), rect)]
    )
    watch = Watch(source=lambda: (game, 0))
    watch.model(model, "test")
    assert watch.leaks == []
    art = ("piece", "royal_houses", "counter", hidden_value)
    model.pieces.append(Piece("counter:1:b", art, rect))
    watch.model(model, "test")
    assert watch.leaks == [f"test: counter {hidden_value:+d} of seat 1 face up"]


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS[:5], ids=IDS[:5])
def test_a_game_night_tv_shows_only_the_public_table(
    app: App,
    watch: Watch,
    monkeypatch: pytest.MonkeyPatch,
    game_id: str,
    players: int,
    options: dict[str, Any],
) -> None:
    """Game night: the TV, its join panel and phones strip show the public table only;
    a local human seat still gets its hand-over; a phone seat is never shown on the TV."""
    monkeypatch.setattr(table_night, "BIND", ["127.0.0.1"])
    monkeypatch.setattr(table_night, "PORT", 0)
    kinds = [PHONE, HUMAN if players > 2 else PHONE] + ["easy"] * (players - 2)
    names = [s.name for s in seats(players, 0)]
    session = Session(
        game_id, [SeatConfig(n, k) for n, k in zip(names, kinds, strict=True)], SEED, options
    )
    scene = TableScene(app, session)
    app.push(scene)
    assert scene.night.active
    watch.source = table_source(app, scene, None)
    rng = random.Random(SEED)
    frame(app, watch, scene, "game night start")
    # The host folds the join codes (AI seats wait while they cover the table).
    assert scene.night.click(scene.night.panel_rect.center)
    frame(app, watch, scene, "join codes folded")
    guard = 0
    while len(session.game.history) < PLIES // 2 and not session.game.over:
        guard += 1
        assert guard < 3000, "the table stopped moving"
        assert scene.viewer is None or not session.seats[scene.viewer].is_phone
        if scene.reveal is not None:
            scene.end_reveal()
            frame(app, watch, scene, "after the drawn card was seen")
            continue
        if isinstance(app.top, HandOverScene):
            key(app, pygame.K_SPACE, frames=1)
            frame(app, watch, scene, "after hand-over")
            continue
        mover = session.game.to_move
        if scene.acting_human:
            scene.play(rng.choice(session.game.legal_moves()))
        elif mover is not None and session.seats[mover].is_phone:
            # As poll() hands a phone's move to the table.
            scene._after_move(session.play(rng.choice(session.game.legal_moves()), mover))
        frame(app, watch, scene, f"game night move {len(session.game.history)}")
    watch.assert_clean()
