"""Short table sounds, synthesized with the Web Audio API (no audio files).

:data:`SOUNDS` describes each sound as notes (pure data, checked under CPython); :class:`Sound`
plays them in the page through ``js.AudioContext``: one oscillator and one gain envelope per
note. Audio is a nicety: when the browser has no Web Audio, refuses it, or the page has not yet
been touched (browsers only allow sound after a first click or key), :meth:`Sound.play` quietly
does nothing. It never raises.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Note:
    freq: float            # Hz at the start
    start: float = 0.0     # seconds after the sound begins
    length: float = 0.1    # seconds, attack and decay included
    wave: str = "sine"     # sine | triangle | square | sawtooth
    gain: float = 0.2      # peak, 0..1
    glide: float | None = None  # Hz at the end (a slide), or None


SOUNDS: dict[str, tuple[Note, ...]] = {
    # a card put down: a short soft knock
    "card": (Note(310, 0.0, 0.07, "triangle", 0.22, glide=150),),
    # a trick swept to its winner: a quick falling swish
    "trick": (Note(760, 0.0, 0.16, "sine", 0.09, glide=300),
              Note(520, 0.04, 0.16, "sine", 0.07, glide=210)),
    # belote / rebelote: two bright notes
    "belote": (Note(659.25, 0.0, 0.13, "triangle", 0.2),
               Note(987.77, 0.11, 0.22, "triangle", 0.2)),
    # the match won: a rising arpeggio
    "win": (Note(523.25, 0.0, 0.16, "triangle", 0.2),
            Note(659.25, 0.12, 0.16, "triangle", 0.2),
            Note(783.99, 0.24, 0.16, "triangle", 0.2),
            Note(1046.5, 0.36, 0.5, "triangle", 0.22)),
}
MASTER = 0.6
ATTACK = 0.008


class Sound:
    """Plays :data:`SOUNDS` in the browser; every failure leaves it silent, never raising."""

    def __init__(self):
        self.context = None
        self.master = None
        self.broken = False   # Web Audio missing or refused: stop trying
        self.played = 0       # sounds started (for the tests)

    def _js(self):
        import js  # Pyodide only; imported here so that the module loads under CPython
        return js

    def _allowed(self, js) -> bool:
        """Browsers start audio only after the page was clicked or a key pressed."""
        try:
            activation = js.navigator.userActivation
            return bool(activation.hasBeenActive)
        except Exception:
            return True  # no User Activation API: try, and let the browser decide

    def _ready(self):
        if self.broken:
            return None
        js = self._js()
        if self.context is None:
            if not self._allowed(js):
                return None
            ctor = getattr(js, "AudioContext", None) or getattr(js, "webkitAudioContext", None)
            if ctor is None:
                self.broken = True
                return None
            self.context = ctor.new()
            self.master = self.context.createGain()
            self.master.gain.value = MASTER
            self.master.connect(self.context.destination)
        if self.context.state == "suspended":
            self.context.resume()
        return self.context

    def play(self, name: str) -> bool:
        """Start sound ``name``; False when nothing could be played."""
        notes = SOUNDS.get(name)
        if not notes:
            return False
        try:
            ctx = self._ready()
            if ctx is None:
                return False
            now = ctx.currentTime + 0.01
            for note in notes:
                self._note(ctx, note, now + note.start)
            self.played += 1
            return True
        except Exception:
            self.broken = True
            return False

    def _note(self, ctx, note: Note, at: float) -> None:
        osc = ctx.createOscillator()
        env = ctx.createGain()
        osc.type = note.wave
        osc.frequency.setValueAtTime(note.freq, at)
        if note.glide:
            osc.frequency.exponentialRampToValueAtTime(note.glide, at + note.length)
        env.gain.setValueAtTime(0.0001, at)
        env.gain.linearRampToValueAtTime(note.gain, at + ATTACK)
        env.gain.exponentialRampToValueAtTime(0.0001, at + note.length)
        osc.connect(env)
        env.connect(self.master)
        osc.start(at)
        osc.stop(at + note.length + 0.02)

    def close(self) -> None:
        try:
            if self.context is not None:
                self.context.close()
        except Exception:
            pass
        self.context = self.master = None
