"""Sound: cues synthesised at start-up with no files, the Sound and Volume
settings honoured, silence and no console output without a sound card, and one cue a move
chosen from the rules' events through each game's own mapping."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from scene_helpers import (
    click,
    click_at,
    make_app,
    pump,
    royal_houses_session,
    royal_houses_table,
    use_private_home,
)

import rules
from rules import Event
from tabletop import storage
from tabletop.app import App
from tabletop.audio import synth
from tabletop.audio.cues import DEFAULT_CUES, PRIORITY, cue_for
from tabletop.audio.player import SoundBoard, gain
from tabletop.games import sound_cues_for
from tabletop.scenes.settings import SettingsScene
from tabletop.scenes.table import TableScene
from tabletop.session import HUMAN, PHONE, SeatConfig, Session
from tabletop.storage import Settings

ROOT = Path(__file__).resolve().parent.parent
GAME_IDS = sorted(rules.GAMES)


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return use_private_home(tmp_path, monkeypatch)


# ---- a mixer that only counts ------------------------------------------------------------
class FakeSound:
    def __init__(self, log: list[tuple[str, Any]], buffer: bytes | None) -> None:
        self.log = log
        self.buffer = buffer
        self.volume = 1.0

    def set_volume(self, value: float) -> None:
        self.volume = value

    def play(self) -> None:
        self.log.append(("play", self.volume))


class FakeMixer:
    """``pygame.mixer`` as the board uses it, open in the format the app asks for."""

    def __init__(self, fmt: tuple[int, int, int] | None = (22050, -16, 1)) -> None:
        self.fmt = fmt
        self.log: list[tuple[str, Any]] = []
        self.sounds: list[FakeSound] = []

    def get_init(self) -> tuple[int, int, int] | None:
        return self.fmt

    def Sound(self, *, buffer: bytes | None = None, file: Any = None) -> FakeSound:
        sound = FakeSound(self.log, buffer if buffer is not None else file.read())
        self.sounds.append(sound)
        return sound

    def stop(self) -> None:
        self.log.append(("stop", None))


def plays(mixer: FakeMixer) -> list[float]:
    return [volume for what, volume in mixer.log if what == "play"]


class CueLog:
    """Stands in for the app's sound board: records the cues asked for."""

    def __init__(self) -> None:
        self.cues: list[str] = []

    def play(self, cue: str | None) -> None:
        if cue is not None:
            self.cues.append(cue)

    def apply_settings(self) -> None:
        pass


# ---- the cues themselves -----------------------------------------------------------------
@pytest.mark.parametrize("rate", [22050, 44100, 48000])
@pytest.mark.parametrize("cue", synth.CUES)
def test_cues_are_short_clean_16_bit_pcm(cue: str, rate: int) -> None:
    """The sounds are made by the app (no files), short, quiet by default, never
    clipping, and start and end at silence (no click)."""
    samples = synth.cue_samples(cue, rate)
    assert samples.typecode == "h" and samples.itemsize == 2
    assert 0.05 * rate < len(samples) <= synth.MAX_SECONDS * rate + 1
    peak = max(abs(v) for v in samples)
    assert 0.3 * 32767 < peak <= synth.PEAK * 32767 + 1  # audible, well under full scale
    # Faded in over the first 3 ms and out over the last 20 ms: no sudden step (a click).
    full = synth.PEAK * 32767
    rise, fall = int(rate * synth.FADE_IN), int(rate * synth.FADE_OUT)
    assert all(abs(samples[i]) <= full * i / rise + 1 for i in range(rise))
    assert all(abs(samples[-1 - i]) <= full * i / fall + 1 for i in range(fall))
    assert abs(samples[0]) <= 1 and abs(samples[-1]) <= 1


def test_cues_differ_and_repeat_exactly() -> None:
    """Six different sounds, the same every run (seeded noise)."""
    made = {cue: synth.cue_samples(cue, 22050).tobytes() for cue in synth.CUES}
    assert len(set(made.values())) == len(synth.CUES)
    assert synth.cue_samples("deal", 22050).tobytes() == made["deal"]


def test_stereo_and_wav_forms_carry_the_same_samples() -> None:
    """The PCM handed to the mixer is in the mixer's format: its channels
    interleaved, or a WAV file for a mixer of another sample size."""
    mono = synth.cue_samples("play", 22050)
    stereo = synth.interleave(mono, 2)
    assert len(stereo) == 2 * len(mono)
    assert stereo[0::2] == mono and stereo[1::2] == mono
    wav = synth.wav_bytes(mono, 22050)
    assert wav[:4] == b"RIFF" and wav[8:12] == b"WAVE"
    assert len(wav) == 44 + 2 * len(mono)


def test_the_real_mixer_takes_every_cue() -> None:
    """With the mixer open (SDL's dummy audio driver), every cue becomes a Sound
    of its own length, and plays."""
    app = make_app()
    try:
        board = app.sound
        assert board.available
        board.wait_ready(10)
        rate = board.format[0] if board.format else 0
        for cue in synth.CUES:
            board.play(cue)
            sound = board._sounds[cue]
            expected = len(synth.cue_samples(cue, rate)) / rate
            assert sound.get_length() == pytest.approx(expected, abs=0.01)
    finally:
        app.quit()


# ---- the settings ------------------------------------------------------------------------
def test_sound_off_silences_everything() -> None:
    """*Sound* off silences all: nothing plays, and what plays stops."""
    settings = Settings()
    mixer = FakeMixer()
    board = SoundBoard(settings, mixer, background=False)
    board.play("play")
    assert len(plays(mixer)) == 1
    settings.sound = False
    board.apply_settings()
    assert ("stop", None) in mixer.log
    for cue in synth.CUES:
        board.play(cue)
    assert len(plays(mixer)) == 1


def test_volume_applies_at_once() -> None:
    """A volume setting; a change applies at once, to what plays next and to what
    is playing."""
    settings = Settings(volume=100)
    mixer = FakeMixer()
    board = SoundBoard(settings, mixer, background=False)
    board.play("win")
    settings.volume = 30
    board.apply_settings()
    assert mixer.sounds[0].volume == pytest.approx(gain(30))
    board.play("win")
    assert plays(mixer) == [pytest.approx(1.0), pytest.approx(gain(30))]
    assert gain(0) == 0 and gain(-5) == 0 and gain(500) == 1
    assert gain(20) < gain(50) < gain(70) < gain(100)


def test_no_mixer_means_silence_without_errors() -> None:
    """A missing audio device costs nothing: the board stays silent."""
    board = SoundBoard(Settings(), FakeMixer(None), background=False)
    assert not board.available
    board.play("end")
    board.apply_settings()


def test_a_mixer_of_another_sample_size_gets_wav() -> None:
    """A mixer that does not take 16-bit samples as they are gets a WAV file,
    which SDL converts."""
    mixer = FakeMixer((44100, 32784, 2))  # 32-bit float samples
    SoundBoard(Settings(), mixer, background=False).play("turn")
    assert mixer.sounds[0].buffer[:4] == b"RIFF"


def test_settings_keep_the_volume_and_refuse_hostile_values() -> None:
    """Settings.volume (0–100) round-trips; older files without it load with the
    default; hostile values are clamped or ignored."""
    storage.save_settings(Settings(volume=35, sound=False))
    assert storage.load_settings() == (Settings(volume=35, sound=False), None)
    path = storage.settings_path()
    path.write_text(json.dumps({"format": 1, "settings": {"sound": False}}), encoding="utf-8")
    assert storage.load_settings()[0].volume == Settings().volume == 70
    for value, expected in [
        (1000, 100),
        (-5, 0),
        (10**400, 100),
        ("loud", 70),
        (True, 70),
        (None, 70),
        (55.5, 70),
        ([50], 70),
    ]:
        assert Settings.from_dict({"volume": value}).volume == expected, value


# ---- no sound card -----------------------------------------------------------------------
PLAY_A_GAME = textwrap.dedent(
    """
    from tabletop.app import App
    from tabletop.scenes.table import TableScene
    from tabletop.session import SeatConfig, Session
    from tabletop.storage import Settings

    app = App((1280, 720), settings=Settings(animation_speed=0.0), persist_settings=False)
    session = Session("royal_houses", [SeatConfig("A", "easy"), SeatConfig("B", "easy")], seed=3)
    table = TableScene(app, session)
    app.push(table)
    for _ in range(20000):
        app.step(1 / 60)
        if table.game.over:
            break
    table.play(table.game.legal_moves()[0]) if not table.game.over else None
    print("over" if table.game.over else "not over", "sound" if app.sound.available else "silent")
    app.quit()
    """
)


@pytest.mark.parametrize(
    "audio",
    [
        {"SDL_AUDIODRIVER": "alsa", "AUDIODEV": "no-such-device"},  # ALSA prints its errors
        {"SDL_AUDIODRIVER": "no-such-driver"},
    ],
    ids=["alsa-without-device", "unknown-driver"],
)
def test_no_sound_card_plays_a_game_without_console_output(
    audio: dict[str, str], tmp_path: Path
) -> None:
    """A missing audio device never costs an error message on the console: the app
    starts and plays a whole game, silently, with nothing on stderr."""
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_AUDIODRIVER", "AUDIODEV")}
    env.update(audio, SDL_VIDEODRIVER="dummy", PYTHONPATH=str(ROOT))
    for var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME"):
        env[var] = str(tmp_path / var.lower())
    result = subprocess.run(
        [sys.executable, "-c", PLAY_A_GAME],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert "over silent" in result.stdout
    assert result.stderr == ""


# ---- which cue a move calls for ----------------------------------------------------------
def test_every_game_maps_only_its_own_event_kinds_to_known_cues() -> None:
    """Each game's package declares what its event kinds sound like; every kind it
    names is one its rules emit, and every cue is one the app has."""
    sources = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "rules").rglob("*.py"))
    for game_id in GAME_IDS:
        mapping = sound_cues_for(game_id)
        assert mapping, game_id
        for kind, cue in mapping.items():
            assert cue in synth.CUES or cue == "", (game_id, kind, cue)
            assert re.search(rf"[\"']{re.escape(kind)}[\"']", sources), (game_id, kind)
    assert set(DEFAULT_CUES.values()) <= set(synth.CUES)
    assert set(PRIORITY) == set(synth.CUES) - {"illegal"}


def moves_with_events(game_id: str, seed: int) -> Iterator[tuple[rules.Game, list[Event]]]:
    """A seeded random game of ``game_id``, move by move, with each move's events."""
    spec = rules.GAMES[game_id]
    game = rules.new_game(game_id, spec.min_players, seed=seed)
    rng = random.Random(seed)
    while not game.over:
        events = game.play(rng.choice(game.legal_moves()))
        yield game, events


def cues_of_a_game(game_id: str, seed: int = 4) -> list[tuple[list[Event], str | None]]:
    """(the move's public events, its cue) for every move of a random game."""
    mapping = sound_cues_for(game_id)
    return [
        ([e for e in events if e.visible_to(None)], cue_for(events, mapping))
        for _, events in moves_with_events(game_id, seed)
    ]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_game_chimes_for_wins_slaps_for_plays_and_ends_with_a_fanfare(
    game_id: str,
) -> None:
    """The sounds follow the rules' events: a card played gives "play", a trick or
    conflict won "win" (where the game has them), the end "end"; one cue a move."""
    moves = cues_of_a_game(game_id)
    assert moves[-1][1] == "end"
    assert sum(cue == "end" for _, cue in moves) == 1
    mapping = {**DEFAULT_CUES, **sound_cues_for(game_id)}
    plain = [
        cue for events, cue in moves if {mapping.get(k, "") for k in kinds(events)} == {"play"}
    ]
    assert plain and set(plain) == {"play"}  # a card played, nothing more: the card's slap
    wins = {k for k, c in sound_cues_for(game_id).items() if c == "win"}
    won = [
        cue
        for events, cue in moves
        if any(e.kind in wins and e.data.get("winner", 0) is not None for e in events)
    ]
    if game_id != "royal_houses":  # the one game with nothing to win before the end
        assert wins
    if game_id not in ("royal_houses", "medici"):  # Medici's eliminations are rare in play
        assert won, game_id
    assert set(won) <= {"win", "end"}


def test_allegiance_trick_won_chimes_a_play_slaps_the_end_ends() -> None:
    """In Allegiance, a trick whose Victories are awarded gives "win" (not the
    "play" of the card that ended it), a normal play "play", the game's end "end"."""
    moves = cues_of_a_game("allegiance", seed=11)
    awarded = [
        cue for events, cue in moves if "award" in kinds(events) and "end" not in kinds(events)
    ]
    assert awarded and set(awarded) == {"win"}
    assert all(cue == "play" for events, cue in moves if kinds(events) == ["play"])
    assert moves[-1][1] == "end"


def test_a_drawn_trick_or_conflict_does_not_chime() -> None:
    """The "win" cue is for a trick or conflict won: one the rules call a draw (no winner)
    does not chime."""
    mapping = sound_cues_for("alliances")
    drawn = [Event("play", "p", {}), Event("conflict", "draw", {"winner": None})]
    assert cue_for(drawn, mapping) == "play"
    won = [Event("play", "p", {}), Event("conflict", "won", {"winner": 1})]
    assert cue_for(won, mapping) == "win"


def test_private_events_make_no_sound_of_their_own() -> None:
    """Secrets: only public events choose the cue, so a shared screen never hears
    of a happening it may not see."""
    secret = Event("award", "only for seat 0", {}, audience=frozenset({0}))
    assert cue_for([secret], sound_cues_for("allegiance")) is None


def test_turn_outranks_a_play_but_not_a_win() -> None:
    """One cue a move, the most important: the end over a win over a deal over
    your turn over a card played."""
    play, trick = Event("play", "p", {}), Event("award", "a", {})
    mapping = sound_cues_for("allegiance")
    assert cue_for([play], mapping, turn=True) == "turn"
    assert cue_for([play, trick], mapping, turn=True) == "win"
    assert cue_for([play, trick, Event("end", "e", {})], mapping) == "end"
    assert cue_for([Event("pass", "x", {})], {}) is None


# ---- at the table ------------------------------------------------------------------------
@pytest.fixture
def app() -> Iterator[App]:
    application = make_app((1280, 720), animation_speed=0.0)
    yield application
    application.quit()


def royal_houses(app: App, kinds: tuple[str, str]) -> tuple[TableScene, CueLog]:
    log = CueLog()
    app.sound = log  # type: ignore[assignment]
    scene = royal_houses_table(app, kinds)
    pump(app)
    return scene, log


def test_the_table_deals_rings_your_turn_once_and_thuds_on_a_refusal(app: App) -> None:
    """Deal at the start of a game; your turn when it becomes the local human's
    turn (once, not for every step of that turn); a card played by any seat; the refusal
    toast thuds."""
    from rh_setup import STANDARD_COUNTERS

    scene, log = royal_houses(app, ("human", "easy"))
    assert log.cues == ["deal"]
    for text in ["go first", *STANDARD_COUNTERS]:
        assert scene.play(scene.game.parse_move(text)), text
    # Ada chose the order (the hands are dealt) and placed her six counters, all on her turn.
    assert log.cues[:2] == ["deal", "deal"] and "turn" not in log.cues
    deadline = 2000
    while not (scene.game.phase == "play" and scene.game.to_move == 0) and deadline:
        pump(app, 1)
        deadline -= 1
    assert log.cues[-1] == "turn" and log.cues.count("turn") == 1
    # Her turn goes on (play a card, then hand one over): no second bell.
    before = len(log.cues)
    legal = scene.game.legal_moves()
    assert scene.play(legal[0])
    assert log.cues[before:] == ["play"]
    illegal = next(m for m in legal if m not in scene.game.legal_moves())
    assert not scene.play(illegal)
    assert log.cues[-1] == "illegal"


def test_a_game_of_ai_seats_never_rings_a_turn_and_resuming_is_silent(app: App) -> None:
    """The turn bell is for a local human only; a resumed game does not deal
    again; the end of the game sounds."""
    scene, log = royal_houses(app, ("easy", "easy"))
    for _ in range(6000):
        pump(app, 1)
        if scene.game.over:
            break
    assert scene.game.over
    assert "turn" not in log.cues and log.cues[-1] == "end"
    assert set(log.cues) <= {"deal", "play", "end"}
    resumed = Session.restore(scene.game, scene.session.seats)
    log.cues.clear()
    app.push(TableScene(app, resumed))
    pump(app)
    assert "deal" not in log.cues


def test_an_error_message_away_from_the_table_is_silent(app: App) -> None:
    """The refusal thud belongs to the table (a settings file that cannot be saved
    does not thud on the Settings screen)."""
    log = CueLog()
    app.sound = log  # type: ignore[assignment]
    app.push(SettingsScene(app))
    app.toast("Settings could not be saved.", kind="error")
    assert log.cues == []


# ---- the Settings screen -----------------------------------------------------------------
def test_volume_row_sits_under_sound_greys_with_it_and_plays_its_level(app: App) -> None:
    """A Volume row under Sound, greyed while Sound is off; a change applies at
    once, is saved and plays the card sound at the new level."""
    mixer = FakeMixer()
    app.sound = SoundBoard(app.settings, mixer, background=False)
    saved: list[int] = []
    app.save_settings = lambda: saved.append(app.settings.volume)  # type: ignore[method-assign]
    scene = SettingsScene(app)
    app.push(scene)
    pump(app)
    titles = [row.title for row in scene.rows]
    assert titles.index("Volume") == titles.index("Sound") + 1
    assert scene.volume is not None and scene.volume.is_enabled
    start = app.settings.volume
    click(app, scene.volume.right_button)
    assert app.settings.volume == start + 10
    assert saved[-1] == start + 10
    assert plays(mixer) == [pytest.approx(gain(start + 10))]
    assert scene.volume_label is not None and scene.volume_label.text == f"{start + 10}%"
    click(app, scene.volume.left_button)
    click(app, scene.volume.left_button)
    assert app.settings.volume == start - 10
    # Sound off: the slider greys, everything stops, nothing plays.
    sound_row = next(r for r in scene.rows if r.title == "Sound")
    click_at(app, (sound_row.rect.x + 10, sound_row.rect.centery))
    assert app.settings.sound is False
    assert not scene.volume.is_enabled
    assert ("stop", None) in mixer.log
    heard = len(plays(mixer))
    click(app, scene.volume.right_button)
    assert app.settings.volume == start - 10 and len(plays(mixer)) == heard
    # Rebuilt (a new profile): the slider shows the level and stays greyed.
    app.set_profile("tv")
    pump(app)
    assert scene.volume.get_current_value() == start - 10
    assert not scene.volume.is_enabled
    click(app, scene.sound)
    assert app.settings.sound is True and scene.volume.is_enabled


@pytest.mark.parametrize("kind", [HUMAN, PHONE])
def test_the_turn_bell_is_for_players_at_this_screen_not_phones(app: App, kind: str) -> None:
    """The "your turn" cue rings when it becomes a local human's turn; on a TV whose other
    players hold phones, a phone seat's turn rings nothing (the phone tells its player)."""
    from rh_setup import STANDARD_COUNTERS

    log = CueLog()
    app.sound = log  # type: ignore[assignment]
    session = royal_houses_session((kind, "easy"))
    scene = TableScene(app, session)  # not entered: no game night server for this check
    scene.sounds.begin()
    for text in ["go first", *STANDARD_COUNTERS]:
        scene.sounds.after_move(session.play(session.game.parse_move(text), 0))
    rng = random.Random(2)
    while session.game.phase != "play" or session.game.to_move != 0:
        mover = session.game.to_move
        scene.sounds.after_move(session.play(rng.choice(session.game.legal_moves()), mover))
    assert ("turn" in log.cues) == (kind == HUMAN)


# ---- in a replay ---------------------------------------------------------------------------
def replayed_game() -> Session:
    """A finished two-player Royal Houses game between AI seats (every move has its events)."""
    session = Session("royal_houses", [SeatConfig("Ada", "random"), SeatConfig("Bo", "random")], 3)
    rng = random.Random(3)
    while not session.game.over:
        session.play(rng.choice(session.game.legal_moves()))
    return session


def test_a_replay_played_forward_sounds_each_move_and_a_jump_is_silent(app: App) -> None:
    """A replay sounds as the table did (dealing, playing, a trick or conflict won ... and the
    game's end): a replay stepped or played forward one move at a time plays the cue the table
    played for that move; opening it, a step back and a jump to either end play nothing."""
    from tabletop.scenes.replay import ReplayScene

    session = replayed_game()
    cues = sound_cues_for("royal_houses")
    log = CueLog()
    app.sound = log  # type: ignore[assignment]
    scene = ReplayScene(app, session)
    app.push(scene)
    pump(app)
    assert log.cues == []
    expected: list[str] = []
    for _ in range(6):
        scene.step(1)
        cue = cue_for(scene.replay.events[scene.replay.index], cues)
        if cue is not None:
            expected.append(cue)
    assert expected and log.cues == expected
    scene.step(-1)
    scene.seek(scene.replay.length)
    scene.seek(0)
    assert log.cues == expected  # back and the jumps: silent
    # Playing runs forward one move at a time: the same cues, the game's end last.
    scene.seek(scene.replay.length - 3)
    log.cues.clear()
    scene.toggle_play()
    while scene.playing:
        scene.update(1.0)
    assert log.cues and log.cues[-1] == "end"


def test_a_replay_honours_sound_off(app: App) -> None:
    """The Sound setting applies to a replay as at the table."""
    from tabletop.scenes.replay import ReplayScene

    mixer = FakeMixer()
    app.sound = SoundBoard(app.settings, mixer, background=False)
    scene = ReplayScene(app, replayed_game())
    app.push(scene)
    pump(app)
    for _ in range(4):
        scene.step(1)
    assert plays(mixer)
    app.settings.sound = False
    before = len(plays(mixer))
    for _ in range(4):
        scene.step(1)
    assert len(plays(mixer)) == before
