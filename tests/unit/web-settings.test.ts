import { describe, expect, it } from "vitest";
import { createSettingsStore, DEFAULT_SETTINGS, readSettings } from "../../web/src/lib/settingsStore";

function fakeStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, String(v)),
  };
}

describe("settings (§1): sound on, streamer mode off by default; persisted under 'settings'", () => {
  it("starts with the defaults on an empty storage", () => {
    expect(DEFAULT_SETTINGS).toEqual({ sound: true, streamerMode: false, sessionFigures: false });
    const s = createSettingsStore(fakeStorage());
    expect(s.getState().sound).toBe(true);
    expect(s.getState().streamerMode).toBe(false);
  });

  it("writes every change to local storage key 'settings' and a new store reads it back", () => {
    const storage = fakeStorage();
    const s = createSettingsStore(storage);
    s.getState().setSound(false);
    s.getState().setStreamerMode(true);
    s.getState().setSessionFigures(true);
    expect(JSON.parse(storage.data.get("settings")!)).toEqual({ sound: false, streamerMode: true, sessionFigures: true });
    const again = createSettingsStore(storage);
    expect(again.getState().sound).toBe(false);
    expect(again.getState().streamerMode).toBe(true);
    expect(again.getState()).toMatchObject({ sessionFigures: true });
  });

  it("falls back to defaults field by field for malformed or partial data", () => {
    expect(readSettings(fakeStorage({ settings: "{not json" }))).toEqual(DEFAULT_SETTINGS);
    expect(readSettings(fakeStorage({ settings: '"a string"' }))).toEqual(DEFAULT_SETTINGS);
    expect(readSettings(fakeStorage({ settings: '{"sound":"no","streamerMode":true}' }))).toEqual({ ...DEFAULT_SETTINGS, sound: true, streamerMode: true });
    expect(readSettings(fakeStorage({ settings: '{"realityCheckMinutes":15,"sessionFigures":"yes"}' }))).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toMatchObject({ sessionFigures: false });
    expect(readSettings(null)).toEqual(DEFAULT_SETTINGS);
  });

  it("keeps working when storage throws (private mode, quota)", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("quota");
      },
    };
    const s = createSettingsStore(broken);
    expect(s.getState().sound).toBe(true);
    s.getState().setSound(false);
    expect(s.getState().sound).toBe(false);
  });
});
