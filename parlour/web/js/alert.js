// Sound and vibration when it becomes your turn: on by default, a switch on every phone,
// remembered by the browser (the TV's sound is stage/sound.js).

const KEY = "parlour:alerts";
let audio = null;

/** Whether alerts are on (the person's choice, else on). */
export function alertsOn() {
  let saved = null;
  try { saved = localStorage.getItem(KEY); } catch { /* private mode */ }
  return saved === null || saved === "on";
}

export function setAlerts(on) {
  try { localStorage.setItem(KEY, on ? "on" : "off"); } catch { /* private mode */ }
}

/** Browsers let a page play sound only after a tap: open the audio then. */
export function unlockOnFirstTap() {
  const unlock = () => {
    try {
      audio = audio || new AudioContext();
      if (audio.state === "suspended") audio.resume();
    } catch { /* no audio on this device */ }
  };
  addEventListener("pointerdown", unlock, { once: true, capture: true });
  addEventListener("keydown", unlock, { once: true, capture: true });
}

/** Two soft notes and a short buzz. Counted in body[data-chimes] (for tests and scripts). */
export function chime() {
  if (!alertsOn()) return;
  document.body.dataset.chimes = String(Number(document.body.dataset.chimes || 0) + 1);
  try {
    if (audio && audio.state === "running") {
      const now = audio.currentTime;
      [660, 880].forEach((freq, i) => {
        const osc = audio.createOscillator();
        const gain = audio.createGain();
        osc.frequency.value = freq;
        gain.gain.setValueAtTime(0.0001, now + i * 0.16);
        gain.gain.exponentialRampToValueAtTime(0.2, now + i * 0.16 + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.16 + 0.15);
        osc.connect(gain).connect(audio.destination);
        osc.start(now + i * 0.16);
        osc.stop(now + i * 0.16 + 0.16);
      });
    }
  } catch { /* sound is a courtesy */ }
  // A browser refuses (and says so in the console) to buzz a page nobody has tapped yet.
  const tapped = !navigator.userActivation || navigator.userActivation.hasBeenActive;
  if (navigator.vibrate && tapped) navigator.vibrate([120, 60, 120]);
}
