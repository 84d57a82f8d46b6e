"""The headless arena: consistent figures, JSON output, clear errors for bad arguments."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.arena import (
    block_interval,
    check_setup,
    format_report,
    main,
    parse_iterations,
    plan_matches,
    run_arena,
    wilson,
)

ROOT = Path(__file__).resolve().parents[1]


def _arena(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tabletop.arena", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def test_run_arena_counts_are_consistent() -> None:
    result = run_arena("royal_houses", 2, ["heuristic", "random"], 12, seed=4)
    entrants = result["entrants"]
    assert [e["label"] for e in entrants] == ["heuristic", "random"]
    assert sum(e["wins"] for e in entrants) == pytest.approx(12)
    assert sum(result["seat_win_share"]) == pytest.approx(1)
    for e in entrants:
        assert e["games"] == 12
        # Seats rotate: each entrant sits in each seat equally often.
        assert e["games_by_seat"] == [6, 6]
        low, high = e["win_share_ci95"]
        assert low <= e["win_share"] <= high
        assert e["avg_decision_ms"] > 0
    decisions = sum(e["decisions"] for e in entrants)
    assert result["avg_game_decisions"] == pytest.approx(decisions / 12)


def test_same_kind_twice_gets_two_labels_and_shares_count_once() -> None:
    result = run_arena("royal_houses", 2, ["random", "random"], 10, seed=2)
    assert [e["label"] for e in result["entrants"]] == ["random#1", "random#2"]
    assert sum(e["wins"] for e in result["entrants"]) == pytest.approx(10)


def test_run_arena_is_deterministic_for_a_seed() -> None:
    def figures(seed: int) -> list[tuple[float, float, int]]:
        result = run_arena("royal_houses", 2, ["easy", "random"], 8, seed=seed)
        return [(e["wins"], e["avg_score"], e["decisions"]) for e in result["entrants"]]

    assert figures(5) == figures(5)
    assert figures(5) != figures(6)


def test_wilson_interval() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0 and wilson(10, 10)[1] == 1


def test_cli_json_output_parses() -> None:
    proc = _arena("--games", "10", "--json")
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["games"] == 10 and result["game"] == "royal_houses"
    assert [e["kind"] for e in result["entrants"]] == ["heuristic", "random"]
    assert sum(e["wins"] for e in result["entrants"]) == pytest.approx(10)


def test_cli_text_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "2", "--seats", "random,easy", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "random" in out and "easy" in out and "win share" in out and "wall time" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "chess"], "unknown game 'chess'"),
        (["--seats", "heuristic,random,random"], "--seats lists 3 bot(s)"),
        (["--seats", "heuristic"], "--seats lists 1 bot(s)"),
        (["--seats", "heuristic,genius"], "unknown bot kind 'genius'"),
        (["--players", "5"], "not 5"),
        (["--games", "0"], "--games must be at least 1"),
        (["--games", "many"], "invalid int value"),
    ],
)
def test_cli_bad_arguments_fail_clearly(args: list[str], message: str) -> None:
    proc = _arena(*args)
    assert proc.returncode != 0
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout


def test_check_setup_defaults_to_the_minimum_player_count() -> None:
    assert check_setup("royal_houses", None, ["random", "random"], 1) == 2
    with pytest.raises(ValueError, match="unknown game"):
        run_arena("nope", 2, ["random", "random"], 1, seed=1)


def test_parallel_jobs_give_the_same_figures() -> None:
    """Every game's seeds are drawn up front, so processes change only the timings."""

    def figures(jobs: int) -> list[tuple[float, float, int]]:
        result = run_arena("allegiance", 4, ["easy", "random", "random", "random"], 6, 3, jobs=jobs)
        return [(e["wins"], e["avg_score"], e["decisions"]) for e in result["entrants"]]

    assert figures(1) == figures(2)


def test_iteration_caps_replace_the_time_budget() -> None:
    result = run_arena("royal_houses", 2, ["hard", "random"], 2, 5, iterations={"hard": 6})
    hard = result["entrants"][0]
    assert result["iterations"] == {"hard": 6}
    assert hard["bot"] == "ismcts-hard" and hard["avg_iterations"] == pytest.approx(6)
    assert hard["searched_decisions"] > 0 and hard["iterations_per_s"] > 0
    again = run_arena("royal_houses", 2, ["hard", "random"], 2, 5, iterations={"hard": 6})
    assert [e["wins"] for e in again["entrants"]] == [e["wins"] for e in result["entrants"]]


def test_win_share_by_kind_pools_seats_of_one_kind() -> None:
    result = run_arena("allegiance", 4, ["easy", "random", "random", "random"], 8, seed=2)
    by_kind = {k["kind"]: k for k in result["by_kind"]}
    assert by_kind["random"]["seats"] == 3 and by_kind["random"]["seat_games"] == 24
    assert by_kind["easy"]["fair_share"] == pytest.approx(0.25)
    total = by_kind["easy"]["win_share"] * 8 + by_kind["random"]["win_share"] * 24
    assert total == pytest.approx(8)
    low, high = by_kind["random"]["win_share_ci95"]
    assert low <= by_kind["random"]["win_share"] <= high
    assert "by kind" in format_report(result) and "game length" in format_report(result)


def test_parse_iterations() -> None:
    assert parse_iterations("800") == {"normal": 800, "hard": 800}
    assert parse_iterations("hard=800, normal=160") == {"hard": 800, "normal": 160}
    for bad, message in (
        ("easy=5", "search kinds"),
        ("hard=x", "whole numbers"),
        ("0", "at least"),
    ):
        with pytest.raises(ValueError, match=message):
            parse_iterations(bad)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--iterations", "lots"], "--iterations needs whole numbers"),
        (["--jobs", "0"], "--jobs must be at least 1"),
    ],
)
def test_cli_bad_caps_and_jobs_fail_clearly(args: list[str], message: str) -> None:
    proc = _arena(*args)
    assert proc.returncode != 0 and message in proc.stderr
    assert "Traceback" not in proc.stderr


def test_cli_runs_in_parallel_with_caps() -> None:
    proc = _arena(
        "--game",
        "medici",
        "--players",
        "4",
        "--seats",
        "normal,random,easy,random",
        "--games",
        "2",
        "--iterations",
        "normal=4",
        "--jobs",
        "2",
        "--json",
    )
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["jobs"] == 2 and result["iterations"] == {"normal": 4}
    # Medici Alliances is played by two teams: a team's win counts whole for both partners.
    wins = [e["wins"] for e in result["entrants"]]
    assert sum(wins) == pytest.approx(4) or 0 < sum(wins) < 4  # two teams win, or a tie
    assert all(e["fair_share"] == pytest.approx(0.5) for e in result["entrants"])


def test_duplicate_runs_play_each_deal_from_every_seat() -> None:
    """--duplicate: the games of a block (one turn of the seat rotation) share a deal, so
    each entrant plays each seat's cards of that deal once; blocks get new deals."""
    matches = plan_matches("allegiance", 3, ["heuristic", "random", "random"], 9, 4, (), True)
    blocks = [matches[i : i + 3] for i in range(0, 9, 3)]
    for block in blocks:
        assert len({m.game_seed for m in block}) == 1
        assert sorted(m.index % 3 for m in block) == [0, 1, 2]  # every rotation once
    assert len({block[0].game_seed for block in blocks}) == 3
    plain = plan_matches("allegiance", 3, ["heuristic", "random", "random"], 9, 4)
    assert len({m.game_seed for m in plain}) == 9
    # Only the deals differ from a plain run: the bots' and table's seeds are the same.
    assert [m.bot_seeds for m in plain] == [m.bot_seeds for m in matches]


def test_block_interval_comes_from_the_spread_between_blocks() -> None:
    shares = [0.0, 1.0, 0.5, 0.5] * 3
    low, high = block_interval(shares)  # type: ignore[misc]
    sd = (sum((x - 0.5) ** 2 for x in shares) / 11) ** 0.5
    half = 1.96 * sd / 12**0.5
    assert (low, high) == pytest.approx((0.5 - half, 0.5 + half))
    # Too few blocks, or no spread to judge from: no block interval (the plain one is used).
    assert block_interval([0.0, 1.0] * 4) is None
    assert block_interval([1.0] * 20) is None


def test_duplicate_run_reports_and_refuses_an_incomplete_block(
    capsys: pytest.CaptureFixture[str],
) -> None:
    result = run_arena("allegiance", 3, ["heuristic", "random", "random"], 6, 2, duplicate=True)
    assert result["duplicate"] is True
    assert sum(e["wins"] for e in result["entrants"]) == pytest.approx(6)
    for e in result["entrants"]:
        low, high = e["win_share_ci95"]
        assert 0.0 <= low <= e["win_share"] <= high <= 1.0
    assert "each deal played from every seat" in format_report(result)
    with pytest.raises(ValueError, match="multiple of 3"):
        run_arena("allegiance", 3, ["heuristic", "random", "random"], 4, 2, duplicate=True)
    with pytest.raises(SystemExit):
        main(["--game", "allegiance", "--players", "3", "--games", "5", "--duplicate"])
    assert "multiple of 3" in capsys.readouterr().err


def test_a_journal_lets_a_stopped_run_go_on_without_playing_a_game_twice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tabletop.arena as arena

    journal = tmp_path / "cell.jsonl"
    whole = run_arena("royal_houses", 2, ["easy", "random"], 6, 9, duplicate=True)
    run_arena("royal_houses", 2, ["easy", "random"], 4, 9, duplicate=True, journal=journal)
    lines = journal.read_text().splitlines()
    assert len(lines) == 4
    # A run stopped while writing leaves half a line: that game is played again.
    journal.write_text("\n".join(lines[:3]) + "\n" + lines[3][:20])
    played: list[int] = []
    real = arena._play_match

    def counting(match: arena._Match) -> dict[str, object]:
        played.append(match.index)
        return real(match)

    monkeypatch.setattr(arena, "_play_match", counting)
    resumed = run_arena(
        "royal_houses", 2, ["easy", "random"], 6, 9, duplicate=True, journal=journal
    )
    assert played == [3, 4, 5]
    assert resumed["game_wins"] == whole["game_wins"]
    assert resumed["entrants"][0]["win_share"] == whole["entrants"][0]["win_share"]
