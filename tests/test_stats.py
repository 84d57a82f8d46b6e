"""Statistics: per game and player name, played, won, win rate by AI level,
best score, streaks and assisted games; recorded once per finished game; a broken file is moved
aside; and a statistics screen that shows the real figures."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from scene_helpers import click, pump, use_private_home

from tabletop import stats, storage
from tabletop.app import App
from tabletop.scenes.results import ResultsScene
from tabletop.scenes.stats import StatsScene, row_cells
from tabletop.session import SeatConfig, Session
from tabletop.storage import Settings


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return use_private_home(tmp_path, monkeypatch)


def record(
    game: str, name: str, won: bool, score: float, level: str = "easy", assisted: bool = False
) -> dict[str, Any]:
    return {
        "id": f"r{random.random()}",
        "game": game,
        "date": "2026-11-22T10:00:00+00:00",
        "assisted": assisted,
        "moves": 50,
        "seats": [
            {"name": name, "kind": "human", "score": score, "won": won},
            {"name": "Kevin", "kind": level, "score": 10, "won": not won},
        ],
    }


def test_figures_count_wins_levels_best_score_streaks_and_assists() -> None:
    records = [
        record("royal_houses", "Nadia", True, 30, "easy"),
        record("royal_houses", "Nadia", True, 41, "hard"),
        record("royal_houses", "Nadia", False, 12, "hard", assisted=True),
        record("royal_houses", "Nadia", True, 25, "normal"),
        record("royal_houses", "Nadia", True, 33, "hard"),
        record("royal_houses", "Nadia", True, 20, "easy"),
        record("medici", "Nadia", False, 5, "easy"),
        record("royal_houses", "Sam", False, 8, "easy"),
    ]
    by_key = {(f.game_id, f.name): f for f in stats.figures(records)}
    nadia = by_key[("royal_houses", "Nadia")]
    assert (nadia.played, nadia.won, nadia.assisted) == (6, 5, 1)
    assert nadia.best_score == 41
    assert (nadia.streak, nadia.best_streak) == (3, 3)  # W W L W W W
    assert {k: (v.played, v.won) for k, v in nadia.by_level.items()} == {
        "easy": (2, 2),
        "hard": (3, 2),
        "normal": (1, 1),
    }
    assert round(nadia.rate, 3) == 0.833
    assert by_key[("medici", "Nadia")].played == 1  # per game: kept apart
    assert "Kevin" not in {f.name for f in by_key.values()}  # AI seats have no statistics
    cells = row_cells(nadia)
    assert cells[:5] == ["Royal Houses", "Nadia", "6", "5", "83%"]
    assert cells[5:8] == ["2/2 · 100%", "1/1 · 100%", "2/3 · 67%"]
    assert cells[8:] == ["41", "3", "3", "1"]


def test_the_strongest_ai_names_the_opposition() -> None:
    r = record("allegiance", "Nadia", True, 3, "easy")
    r["seats"].append({"name": "Ada", "kind": "hard", "score": 1, "won": False})
    assert stats.opposition(r) == "hard"
    r["seats"] = [s for s in r["seats"] if s["kind"] == "human"]
    assert stats.opposition(r) == stats.HUMANS_ONLY


def finished(assisted: bool = False, seed: int = 2) -> Session:
    session = Session("royal_houses", [SeatConfig("Nadia"), SeatConfig("Kevin", "hard")], seed=seed)
    rng = random.Random(seed)
    while not session.game.over:
        session.play(rng.choice(session.game.legal_moves()))
    session.assisted = assisted
    return session


def test_a_finished_game_is_recorded_once_and_survives_a_reload() -> None:
    session = finished(assisted=True)
    assert stats.record_game(session)
    assert not stats.record_game(session)  # the results shown twice: counted once
    unfinished = Session("royal_houses", [SeatConfig("A"), SeatConfig("B", "easy")], seed=1)
    assert not stats.record_game(unfinished)
    records, warning = stats.load_records()
    assert warning is None and len(records) == 1
    out = session.game.outcome()
    saved = records[0]
    assert saved["assisted"] is True and saved["game"] == "royal_houses"
    assert [s["score"] for s in saved["seats"]] == list(out.scores)
    assert [s["won"] for s in saved["seats"]] == [0 in out.winners, 1 in out.winners]


def test_a_broken_statistics_file_is_moved_aside_and_started_afresh() -> None:
    path = storage.statistics_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"format": 1, "games": [', encoding="utf-8")
    records, warning = stats.load_records()
    assert records == [] and warning and "kept as statistics.json.corrupt" in warning
    assert (path.parent / "statistics.json.corrupt").read_text() == '{"format": 1, "games": ['
    assert stats.record_game(finished())
    assert len(stats.load_records()[0]) == 1


def test_hand_edited_records_are_skipped_not_trusted() -> None:
    good = record("royal_houses", "Nadia", True, 30)
    bad_score = {**record("royal_houses", "Nadia", True, 30)}
    bad_score["seats"] = [{**bad_score["seats"][0], "score": "lots"}, bad_score["seats"][1]]
    path = storage.statistics_path()
    path.parent.mkdir(parents=True)
    body = {"format": 1, "games": [good, bad_score, "junk", {"id": 3}]}
    path.write_text(json.dumps(body), encoding="utf-8")
    records, warning = stats.load_records()
    assert warning is None and records == [good]
    path.write_text(json.dumps({"format": 99, "games": [good]}), encoding="utf-8")
    records, warning = stats.load_records()  # a future file is not read, and kept aside
    assert records == [] and warning and "newer version" in warning
    assert json.loads((path.parent / "statistics.json.corrupt").read_text())["format"] == 99


# ---------------------------------------------------------------------------------------------
# the screens
# ---------------------------------------------------------------------------------------------


@pytest.fixture
def app() -> Iterator[App]:
    a = App(size=(1280, 720), settings=Settings(), persist_settings=False)
    yield a
    a.quit()


def test_results_screen_records_the_game_for_humans_only(app: App) -> None:
    session = finished()
    app.push(ResultsScene(app, session))
    pump(app)
    app.push(ResultsScene(app, session))  # shown again ("See the table", then Results)
    pump(app)
    assert len(stats.load_records()[0]) == 1
    bots = Session("royal_houses", [SeatConfig("A", "easy"), SeatConfig("B", "easy")], seed=4)
    rng = random.Random(4)
    while not bots.game.over:
        bots.play(rng.choice(bots.game.legal_moves()))
    app.push(ResultsScene(app, bots))
    pump(app)
    assert len(stats.load_records()[0]) == 1


def test_statistics_screen_shows_the_real_figures_and_filters_by_game(app: App) -> None:
    stats.record_game(finished(seed=2))
    stats.record_game(finished(seed=3, assisted=True))
    medici = Session("medici", [SeatConfig("Nadia"), SeatConfig("Luca", "normal")], seed=5)
    rng = random.Random(5)
    while not medici.game.over:
        medici.play(rng.choice(medici.game.legal_moves()))
    stats.record_game(medici)
    scene = StatsScene(app)
    app.push(scene)
    pump(app)
    expected = [row_cells(f) for f in stats.figures(stats.load_records()[0])]
    assert scene.rows == expected and len(expected) == 2
    assert scene.grid is not None and scene.grid_font_size >= 12
    rh = next(r for r in scene.rows if r[0] == "Royal Houses")
    assert rh[1:3] == ["Nadia", "2"] and rh[-1] == "1"
    click(app, scene.game_button)
    assert scene.game_filter == "medici" and [r[0] for r in scene.rows] == ["Court of the Medici"]
    assert scene.game_button.text == "Game: Court of the Medici"
    click(app, scene.game_button)
    assert scene.game_filter == "royal_houses"
    click(app, scene.back_button)
    assert app.top is not scene


def test_statistics_screen_with_no_games_says_so(app: App) -> None:
    scene = StatsScene(app)
    app.push(scene)
    pump(app)
    assert scene.grid is None and scene.rows == []
    texts = " ".join(
        el.text for el in scene.container.elements if hasattr(el, "text") and el.visible
    )
    assert "No finished games yet" in texts


def test_an_imported_copy_of_a_counted_game_is_not_counted_again(tmp_path: Path) -> None:
    """A finished game, counted when its results were shown, then exported and imported
    (which gives it a new save id so it never replaces the original file): the copy's results
    screen must not count the same game a second time. A different game still counts."""
    from tabletop.replay import export_text
    from tabletop.saves import load_any

    session = finished(seed=4)
    assert stats.record_game(session)
    exported = tmp_path / "game.txt"
    exported.write_text(export_text(session), encoding="utf-8")
    copy = load_any(exported)
    assert copy.save_id != session.save_id and copy.game.over
    assert not stats.record_game(copy)
    assert stats.record_game(finished(seed=5))
    records, _ = stats.load_records()
    assert len(records) == 2
