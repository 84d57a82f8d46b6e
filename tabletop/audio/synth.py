"""The app's sounds, made at start-up from a few lines of arithmetic: no sound files, no numpy.

Each cue is mono signed 16-bit PCM (an ``array('h')``) at a given sample rate: short (at most
0.8 s), well under full scale (quiet by default, never clipping) and faded in and out so that
it starts and ends at silence (no click). The noise is seeded: a cue sounds the same every run.

Pure Python is slow per sample, so every long loop here runs inside C: a decaying sine is a
running product of complex numbers (``itertools.accumulate``), sums and products of whole
signals are ``map(operator.add, …)``; only the short fades and filters loop in Python.

>>> len(cue_samples("play", 22050)) > 0
True
"""

from __future__ import annotations

import cmath
import math
import operator
import random
from array import array
from collections.abc import Callable, Iterable
from itertools import accumulate, repeat

#: The cues, by name: dealing, a card played, a trick or conflict won, your turn, a refused
#: move, the game's end.
CUES = ("deal", "play", "win", "turn", "illegal", "end")
#: The loudest sample of a cue, as a share of full scale (the volume setting scales it down).
PEAK = 0.55
MAX_SECONDS = 0.8
FADE_IN = 0.003  # seconds: long enough to remove the click of a sudden start
FADE_OUT = 0.02

Signal = list[float]


def _silence(rate: int, seconds: float) -> Signal:
    return [0.0] * int(rate * seconds)


def _mix_into(out: Signal, part: Signal, start: int) -> None:
    """Add ``part`` into ``out`` from sample ``start`` on (what overruns the end is cut)."""
    end = min(len(out), start + len(part))
    out[start:end] = map(operator.add, out[start:end], part)


def _scaled(signal: Iterable[float], factor: float) -> Signal:
    return list(map(operator.mul, signal, repeat(factor)))


def _ramp_in(signal: Signal, samples: int) -> Signal:
    """Fade the first ``samples`` samples in from silence (in place; returns ``signal``)."""
    samples = min(samples, len(signal))
    for i in range(samples):
        signal[i] *= i / samples
    return signal


def _ramp_out(signal: Signal, samples: int) -> Signal:
    """Fade the last ``samples`` samples out to silence (in place; returns ``signal``)."""
    samples = min(samples, len(signal))
    for i in range(samples):
        signal[-1 - i] *= i / samples
    return signal


def _partial(freq: float, seconds: float, rate: int, tau: float, amp: float) -> list[complex]:
    """A sine of ``freq`` Hz and amplitude ``amp`` that falls by 1/e every ``tau`` seconds, as
    complex numbers whose imaginary part is the sound: the running product of one step."""
    n = int(rate * seconds)
    step = cmath.exp(complex(-1.0 / (rate * tau), 2.0 * math.pi * freq / rate))
    return list(accumulate(repeat(step, n - 1), operator.mul, initial=complex(amp)))


def _tone(
    freq: float, seconds: float, rate: int, tau: float, partials: Iterable[tuple[float, float]]
) -> Signal:
    """A struck tone: sine partials (frequency ratio, amplitude); the higher ones die sooner."""
    out: list[complex] = []
    for ratio, amp in partials:
        if freq * ratio >= rate / 2:
            continue  # above the Nyquist frequency it would fold back as a harsh alias
        part = _partial(freq * ratio, seconds, rate, tau / ratio, amp)
        out = list(map(operator.add, out, part)) if out else part
    tone = _ramp_in(list(map(operator.attrgetter("imag"), out)), int(rate * 0.004))
    return _ramp_out(tone, int(rate * 0.01))  # a note cut short must not click


def _noise(n: int, rng: random.Random) -> Signal:
    """White noise in [-1, 1) (bytes from the seeded generator, read as signed)."""
    return _scaled(array("b", rng.randbytes(n)), 1 / 128)


def _low_pass(signal: Signal, alpha: float) -> Signal:
    """A one-pole low-pass filter: ``alpha`` near 1 keeps the highs, near 0 only the lows."""
    keep = 1.0 - alpha
    smooth = accumulate(_scaled(signal, alpha), lambda y, x: y * keep + x)
    return list(smooth)


def _burst(seconds: float, rate: int, rng: random.Random, alpha: float, tau: float) -> Signal:
    """A short burst of filtered noise: the sound of a card against cloth or another card."""
    n = int(rate * seconds)
    envelope = accumulate(repeat(math.exp(-1.0 / (rate * tau)), n - 1), operator.mul, initial=1.0)
    burst = list(map(operator.mul, _low_pass(_noise(n, rng), alpha), envelope))
    return _ramp_in(burst, int(rate * 0.001))


# ---- the cues ---------------------------------------------------------------------------
def _deal(rate: int, rng: random.Random) -> Signal:
    """A quick soft riffle: four short, bright card flicks."""
    out = _silence(rate, 0.36)
    for k in range(4):
        flick = _burst(0.05, rate, rng, alpha=0.55, tau=0.012)
        _mix_into(out, _scaled(flick, 1.0 - 0.12 * k), int(rate * 0.075 * k))
    return out


def _play(rate: int, rng: random.Random) -> Signal:
    """A card slapped on the table: dull filtered noise over a low thump, gone in 0.1 s."""
    slap = _burst(0.12, rate, rng, alpha=0.3, tau=0.02)
    thump = _tone(150.0, 0.12, rate, 0.025, [(1.0, 0.5)])
    return list(map(operator.add, slap, thump))


_BELL = [(1.0, 1.0), (2.0, 0.28)]  # a third partial would add a third to the cost, unheard


def _win(rate: int, rng: random.Random) -> Signal:
    """A trick or conflict won: a rising three-note chime (a major triad)."""
    out = _silence(rate, 0.75)
    for k, freq in enumerate((659.26, 830.61, 987.77)):  # E5, G#5, B5
        _mix_into(out, _tone(freq, 0.75 - 0.09 * k, rate, 0.22, _BELL), int(rate * 0.09 * k))
    return out


def _turn(rate: int, rng: random.Random) -> Signal:
    """Your turn: one soft bell note, its overtones slightly out of tune as a real bell's."""
    return _tone(880.0, 0.6, rate, 0.2, [(1.0, 1.0), (2.76, 0.12), (5.4, 0.03)])


def _illegal(rate: int, rng: random.Random) -> Signal:
    """A refused move: a low, short, muffled double thud (not a harsh buzz)."""
    out = _silence(rate, 0.26)
    for k in range(2):
        # 150 Hz with strong overtones: low, yet still heard on a laptop's small speakers
        thud = _tone(150.0, 0.13, rate, 0.04, [(1.0, 1.0), (2.0, 0.5), (3.0, 0.25)])
        _mix_into(out, thud, int(rate * 0.11 * k))
    return _low_pass(out, 0.25)


def _end(rate: int, rng: random.Random) -> Signal:
    """The game's end: a short rising arpeggio, the last note held."""
    out = _silence(rate, 0.8)
    notes = (523.25, 659.26, 783.99, 1046.5)  # C5 E5 G5 C6
    for k, freq in enumerate(notes):
        last = k == len(notes) - 1
        # A passing note has died away (under 3%) after 0.42 s: no need to compute more.
        tone = _tone(freq, 0.8 - 0.1 * k if last else 0.42, rate, 0.3 if last else 0.12, _BELL)
        _mix_into(out, tone, int(rate * 0.1 * k))
    return out


_MAKERS: dict[str, Callable[[int, random.Random], Signal]] = {
    "deal": _deal,
    "play": _play,
    "win": _win,
    "turn": _turn,
    "illegal": _illegal,
    "end": _end,
}


def _finish(signal: Signal, rate: int) -> array[int]:
    """Scale to :data:`PEAK`, fade the ends to silence and quantise to 16-bit samples."""
    loudest = max(max(signal, default=0.0), -min(signal, default=0.0)) or 1.0
    out = _ramp_in(_scaled(signal, PEAK * 32767 / loudest), max(1, int(rate * FADE_IN)))
    _ramp_out(out, max(1, int(rate * FADE_OUT)))
    return array("h", map(round, out))


def cue_samples(name: str, rate: int) -> array[int]:
    """Cue ``name`` as mono signed 16-bit samples at ``rate`` Hz (KeyError for an unknown
    name)."""
    make = _MAKERS[name]
    rng = random.Random(name)  # the same noise every run
    return _finish(make(rate, rng), rate)


def interleave(mono: array[int], channels: int) -> array[int]:
    """The same samples on every one of ``channels`` channels (frames one after another)."""
    if channels <= 1:
        return mono
    out = array("h", bytes(2 * len(mono) * channels))
    for c in range(channels):
        out[c::channels] = mono
    return out


def wav_bytes(mono: array[int], rate: int) -> bytes:
    """A whole WAV file of ``mono``: for a mixer that does not take 16-bit samples as they are
    (SDL converts a WAV to its own format)."""
    import io
    import sys
    import wave

    samples = mono
    if sys.byteorder != "little":  # WAV samples are little-endian
        samples = array("h", mono)
        samples.byteswap()
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(rate)
        wav.writeframes(samples.tobytes())
    return buffer.getvalue()
