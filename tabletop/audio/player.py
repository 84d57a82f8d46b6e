"""Playing the cues: the mixer opened quietly, the Sound and Volume settings honoured.

No sound card (a headless box, ``SDL_AUDIODRIVER=dummy`` or a driver that is missing) only
means no sound: the app starts as usual and prints nothing. SDL's audio back-ends (ALSA
above all) write their complaints straight to the process's stderr, below Python, so the
start of pygame runs with that file descriptor pointed at the null device.

The cues are synthesised (:mod:`.synth`) in a background thread, so the first frame never
waits for them; a cue asked for before it is ready is skipped.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from array import array
from collections.abc import Iterator
from typing import Any, Protocol, cast

import pygame

from ..storage import Settings
from . import synth

#: The mixer the cues are made for: 16-bit mono at 22.05 kHz is plenty for card sounds and
#: chimes, and halves the synthesis of 44.1 kHz. ``allowedchanges=0``: SDL converts to what
#: the device wants, so the mixer's format is always this one.
MIXER_RATE = 22050
MIXER_FORMAT = -16  # signed 16-bit, the machine's byte order
MIXER_CHANNELS = 1
MIXER_BUFFER = 512  # samples: about 23 ms from a drop to its sound


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """Send what C libraries write to stderr (file descriptor 2) to the null device for the
    block; a process with no stderr (a windowed Windows app) is left as it is."""
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    with contextlib.suppress(AttributeError, ValueError, OSError):
        sys.stderr.flush()
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, 2)
        finally:
            os.close(null)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def start_pygame() -> None:
    """``pygame.init()`` with the mixer asked for in :data:`MIXER_RATE`'s format and any
    audio error kept off the console (no sound card: the mixer simply stays closed)."""
    with contextlib.suppress(pygame.error, TypeError):
        pygame.mixer.pre_init(
            MIXER_RATE, MIXER_FORMAT, MIXER_CHANNELS, MIXER_BUFFER, allowedchanges=0
        )
    with quiet_stderr():
        pygame.init()


def gain(volume: int) -> float:
    """The Volume setting (0–100) as the mixer's 0–1: squared, so that the steps sound even
    (loudness is heard roughly on a log scale)."""
    v = min(100, max(0, volume)) / 100
    return v * v


class Mixer(Protocol):
    """What the board uses of ``pygame.mixer`` (tests pass a fake)."""

    def get_init(self) -> tuple[int, int, int] | None: ...

    def Sound(self, *, buffer: bytes | None = None, file: Any = None) -> Any: ...

    def stop(self) -> None: ...


class SoundBoard:
    """The app's sounds: :meth:`play` a cue by name; the app's settings say whether and how
    loud. Everything here is silent and harmless when there is no mixer."""

    def __init__(
        self, settings: Settings, mixer: Mixer | None = None, *, background: bool = True
    ) -> None:
        self.settings = settings
        self.mixer: Mixer = mixer if mixer is not None else cast(Mixer, pygame.mixer)
        try:
            self.format = self.mixer.get_init()
        except pygame.error:
            self.format = None
        self._pcm: dict[str, array[int]] = {}
        self._sounds: dict[str, Any] = {}
        self._thread: threading.Thread | None = None
        if self.format is None:
            return
        if background:
            self._thread = threading.Thread(target=self._synthesise, name="sounds", daemon=True)
            self._thread.start()
        else:
            self._synthesise()

    @property
    def available(self) -> bool:
        """A mixer is open (there is a sound device); the Sound setting aside."""
        return self.format is not None

    def _synthesise(self) -> None:
        assert self.format is not None
        rate = self.format[0]
        for cue in synth.CUES:
            self._pcm[cue] = synth.cue_samples(cue, rate)  # one dict entry: safe across threads

    def wait_ready(self, timeout: float | None = None) -> None:
        """Block until every cue is synthesised (tests and benchmarks)."""
        if self._thread is not None:
            self._thread.join(timeout)

    def _sound(self, cue: str) -> Any:
        """Cue ``cue`` as a mixer Sound (made on first use), or None if not ready."""
        sound = self._sounds.get(cue)
        if sound is not None or self.format is None:
            return sound
        mono = self._pcm.get(cue)
        if mono is None:
            return None
        rate, size, channels = self.format
        if size == MIXER_FORMAT:
            sound = self.mixer.Sound(buffer=synth.interleave(mono, channels).tobytes())
        else:  # another sample format: SDL converts a WAV file's samples to it
            import io

            sound = self.mixer.Sound(file=io.BytesIO(synth.wav_bytes(mono, rate)))
        self._sounds[cue] = sound
        return sound

    def play(self, cue: str | None) -> None:
        """Play ``cue`` at the set volume, unless Sound is off or there is no mixer."""
        if cue is None or not self.settings.sound or self.format is None:
            return
        try:
            sound = self._sound(cue)
            if sound is not None:
                sound.set_volume(gain(self.settings.volume))
                sound.play()
        except (pygame.error, KeyError):
            pass  # a mixer closed under us (the app quitting) or an unknown cue: silence

    def apply_settings(self) -> None:
        """Sound or Volume changed: silence everything (Sound off) or set the new level on
        what is playing."""
        if self.format is None:
            return
        try:
            if not self.settings.sound:
                self.mixer.stop()
            level = gain(self.settings.volume)
            for sound in self._sounds.values():
                sound.set_volume(level)
        except pygame.error:
            pass
