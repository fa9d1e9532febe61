// Tiny WebAudio beeps (no audio files), played only when the sound setting is on, at volume 0.5 (§9).
import { UI } from "../../../shared/constants";
import { settingsStore } from "./settingsStore";

export type SoundName = "notice" | "error" | "win" | "bet" | "tick" | "crash";

/** Each sound: a few tones (frequency Hz, duration ms) played one after another. */
const SOUNDS: Record<SoundName, ReadonlyArray<readonly [number, number]>> = {
  notice: [[880, 90]],
  error: [[220, 160]],
  win: [
    [660, 90],
    [880, 90],
    [1320, 160],
  ],
  bet: [[520, 70]],
  tick: [[1200, 25]],
  crash: [
    [440, 110],
    [330, 110],
    [196, 220],
  ],
};

let ctx: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (typeof window === "undefined") return null;
  const Ctor = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return null;
  ctx ??= new Ctor();
  return ctx;
}

/** Plays a sound if the user allows sound. Silently does nothing where audio is unavailable. */
export function playSound(name: SoundName): void {
  if (!settingsStore.getState().sound) return;
  const ac = audioContext();
  if (!ac) return;
  try {
    if (ac.state === "suspended") void ac.resume();
    let at = ac.currentTime;
    for (const [freq, ms] of SOUNDS[name]) {
      const osc = ac.createOscillator();
      const gain = ac.createGain();
      osc.type = "sine";
      osc.frequency.value = freq;
      // The peak is the product's volume (0.5); a short fade-out avoids clicks.
      gain.gain.setValueAtTime(UI.soundVolume, at);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + ms / 1000);
      osc.connect(gain).connect(ac.destination);
      osc.start(at);
      osc.stop(at + ms / 1000);
      at += ms / 1000;
    }
  } catch {
    // autoplay policy or a closed context: no sound, no error
  }
}
