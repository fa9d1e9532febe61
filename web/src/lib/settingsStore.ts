// Settings (§1): sound on by default, streamer mode off by default and the session figures in the
// header off (docs/protection.md "Reality check"); kept in local storage under "settings". (The
// reality check's interval is kept on the player's account: lib/protection.ts.) Streamer mode puts `streamer-mode` on <body>, which blurs
// `.participant-name`.
import { createStore, useStore } from "zustand";
import { STORAGE_KEYS } from "../../../shared/constants";
import { browserStorage, type KeyValueStorage } from "./storage";

export interface Settings {
  sound: boolean;
  streamerMode: boolean;
  /** the session's length and net result in the header */
  sessionFigures: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  sound: true,
  streamerMode: false,
  sessionFigures: false,
};

export interface SettingsState extends Settings {
  setSound(on: boolean): void;
  setStreamerMode(on: boolean): void;
  setSessionFigures(on: boolean): void;
}

/** Reads the stored settings; anything missing or malformed falls back to the defaults. */
export function readSettings(storage: KeyValueStorage | null): Settings {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(STORAGE_KEYS.settings) ?? null;
  } catch {
    raw = null;
  }
  if (!raw) return { ...DEFAULT_SETTINGS };
  try {
    const parsed: unknown = JSON.parse(raw);
    const obj = parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
    return {
      sound: typeof obj.sound === "boolean" ? obj.sound : DEFAULT_SETTINGS.sound,
      streamerMode: typeof obj.streamerMode === "boolean" ? obj.streamerMode : DEFAULT_SETTINGS.streamerMode,
      sessionFigures: typeof obj.sessionFigures === "boolean" ? obj.sessionFigures : DEFAULT_SETTINGS.sessionFigures,
    };
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

function writeSettings(storage: KeyValueStorage | null, settings: Settings): void {
  try {
    const { sound, streamerMode, sessionFigures } = settings;
    storage?.setItem(STORAGE_KEYS.settings, JSON.stringify({ sound, streamerMode, sessionFigures }));
  } catch {
    // storage full or unavailable: the choice lasts for this page only
  }
}

export function createSettingsStore(storage: KeyValueStorage | null) {
  return createStore<SettingsState>()((set, get) => {
    const save = (patch: Partial<Settings>) => {
      set(patch);
      writeSettings(storage, get());
    };
    return {
      ...readSettings(storage),
      setSound: (on) => save({ sound: on }),
      setStreamerMode: (on) => save({ streamerMode: on }),
      setSessionFigures: (on) => save({ sessionFigures: on }),
    };
  });
}

export const settingsStore = createSettingsStore(browserStorage());

export function useSettings<T>(selector: (s: SettingsState) => T): T {
  return useStore(settingsStore, selector);
}

/** The class streamer mode sets on <body>; CSS blurs `.participant-name` under it. */
const STREAMER_MODE_CLASS = "streamer-mode";

/** Keeps <body class="streamer-mode"> in step with the setting. Returns the unsubscribe. */
export function bindStreamerModeClass(body: HTMLElement): () => void {
  const apply = (on: boolean) => body.classList.toggle(STREAMER_MODE_CLASS, on);
  apply(settingsStore.getState().streamerMode);
  return settingsStore.subscribe((s) => apply(s.streamerMode));
}
