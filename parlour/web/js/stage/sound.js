// The TV's sounds, made in the browser (Web Audio oscillators and noise, nothing
// downloaded): a tick when a turn passes, a chime for a reveal (a longer one for a big
// reveal), a fanfare for the winner. On by default; browsers let a page sound only after
// a tap or a key, so until then the page says "tap for sound" and makes no audio at all.
import { h, fill } from "../dom.js";
import { icon } from "../icons.js";

const KEY = "parlour:tv-sound";

/** Each sound: notes as [frequency Hz, start s, length s, wave], and a burst of noise. */
const SOUNDS = {
  turn: { notes: [[520, 0, 0.12, "sine"]], gain: 0.12 },
  reveal: { notes: [[660, 0, 0.16, "triangle"], [990, 0.12, 0.3, "triangle"]], gain: 0.18 },
  long: { noise: [0, 0.5], notes: [[523, 0.45, 0.25, "triangle"], [659, 0.55, 0.25, "triangle"], [784, 0.65, 0.5, "triangle"]], gain: 0.18 },
  win: { noise: [0.9, 0.9], notes: [[523, 0, 0.18, "square"], [659, 0.16, 0.18, "square"], [784, 0.32, 0.18, "square"], [1047, 0.5, 0.6, "square"],
    [784, 0.5, 0.6, "triangle"]], gain: 0.09 },
};

export class Sound {
  /** `button`: the mute switch; `prompt`: the "tap for sound" line. */
  constructor(button, prompt) {
    this.button = button;
    this.prompt = prompt;
    this.audio = null;
    this.on = this.saved();
    button.addEventListener("click", () => this.set(!this.on));
    const unlock = () => this.unlock();
    addEventListener("pointerdown", unlock, { capture: true });
    addEventListener("keydown", unlock, { capture: true });
    this.draw();
  }

  saved() {
    try { return localStorage.getItem(KEY) !== "off"; } catch { return true; }
  }

  set(on) {
    this.on = on;
    try { localStorage.setItem(KEY, on ? "on" : "off"); } catch { /* private mode: this page only */ }
    this.draw();
  }

  /** The first tap or key: the browser now lets the page make sound. */
  unlock() {
    if (this.audio) return;
    try {
      this.audio = new AudioContext();
      if (this.audio.state === "suspended") this.audio.resume().catch(() => {});
    } catch {
      this.audio = null;  // no audio on this device: the switch still says what it would do
    }
    this.draw();
  }

  draw() {
    fill(this.button, icon(this.on ? "sound" : "muted"), h("span", {}, this.on ? "Sound on" : "Muted"));
    this.button.setAttribute("aria-pressed", String(this.on));
    this.button.title = this.on ? "Mute the table's sounds" : "Turn the table's sounds on";
    this.prompt.hidden = !this.on || Boolean(this.audio);
  }

  /** Play one of SOUNDS; counted in body[data-chimes] whenever sound is on (for tests). */
  play(name) {
    if (!this.on) return;
    document.body.dataset.chimes = String(Number(document.body.dataset.chimes || 0) + 1);
    const audio = this.audio;
    if (!audio || audio.state !== "running") return;
    const sound = SOUNDS[name] || SOUNDS.reveal;
    const now = audio.currentTime + 0.02;
    try {
      const out = audio.createGain();
      out.gain.value = sound.gain;
      out.connect(audio.destination);
      for (const [freq, at, length, wave] of sound.notes) note(audio, out, freq, now + at, length, wave);
      if (sound.noise) noise(audio, out, now + sound.noise[0], sound.noise[1]);
    } catch { /* sound is a courtesy: the screen says everything */ }
  }
}

/** One note with a soft start and end. */
function note(audio, out, freq, at, length, wave) {
  const osc = audio.createOscillator();
  const env = audio.createGain();
  osc.type = wave;
  osc.frequency.value = freq;
  env.gain.setValueAtTime(0.0001, at);
  env.gain.exponentialRampToValueAtTime(1, at + 0.02);
  env.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(env).connect(out);
  osc.start(at);
  osc.stop(at + length + 0.05);
}

/** A burst of filtered noise (a drum roll, a cheer), fading out. */
function noise(audio, out, at, length) {
  const buffer = audio.createBuffer(1, Math.ceil(audio.sampleRate * length), audio.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i += 1) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length);
  const source = audio.createBufferSource();
  const band = audio.createBiquadFilter();
  band.type = "bandpass";
  band.frequency.value = 1800;
  source.buffer = buffer;
  source.connect(band).connect(out);
  source.start(at);
}
