import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { UI } from "../../shared/constants";
import { bonusMeter } from "../../web/src/lib/banksStore";
import { EXCLUSIVE_PANELS, initialPanels, useUiStore, withPanelOpen } from "../../web/src/lib/uiStore";

const reset = () => useUiStore.setState({ modal: null, panels: initialPanels(true), notices: [] });

describe("panels (§2)", () => {
  beforeEach(reset);

  it("streamers, notifications, bonus and store are mutually exclusive", () => {
    const ui = useUiStore.getState();
    ui.openPanel("streamers");
    ui.openPanel("notifications");
    expect(useUiStore.getState().panels.streamers).toBe(false);
    expect(useUiStore.getState().panels.notifications).toBe(true);
    ui.togglePanel("store");
    const p = useUiStore.getState().panels;
    expect(EXCLUSIVE_PANELS.filter((n) => p[n])).toEqual(["store"]);
  });

  it("other panels do not push the exclusive ones out", () => {
    const p = withPanelOpen(withPanelOpen(initialPanels(false), "bonus"), "nav");
    expect(p.bonus).toBe(true);
    expect(p.nav).toBe(true);
  });

  it("the desktop chat is open by default on desktop only", () => {
    expect(initialPanels(true).chatDesktop).toBe(true);
    expect(initialPanels(false).chatDesktop).toBe(false);
  });

  it("closeAllPanels hides every overlay panel but leaves the desktop chat column as it is", () => {
    const ui = useUiStore.getState();
    ui.openPanel("nav");
    ui.openPanel("bonus");
    ui.openPanel("chatMobile");
    ui.closeAllPanels();
    const p = useUiStore.getState().panels;
    expect(Object.entries(p).filter(([, open]) => open)).toEqual([["chatDesktop", true]]);
  });

  it("toggle closes an open panel", () => {
    const ui = useUiStore.getState();
    ui.togglePanel("streamers");
    ui.togglePanel("streamers");
    expect(useUiStore.getState().panels.streamers).toBe(false);
  });
});

describe("modals", () => {
  beforeEach(reset);
  it("one modal at a time; closeAllModals hides it", () => {
    const ui = useUiStore.getState();
    ui.openModal("login");
    ui.openModal("settings");
    expect(useUiStore.getState().modal).toBe("settings");
    ui.closeAllModals();
    expect(useUiStore.getState().modal).toBeNull();
  });
});

describe("notices (§8): gone after 5000 ms", () => {
  beforeEach(() => {
    reset();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it("shows each notice for exactly UI.noticeMs", () => {
    const ui = useUiStore.getState();
    ui.notify({ type: "error", message: "app_error.load" });
    vi.advanceTimersByTime(2_000);
    ui.notify({ type: "success", message: "user_api.link_saved" });
    expect(useUiStore.getState().notices.map((n) => n.type)).toEqual(["error", "success"]);
    vi.advanceTimersByTime(UI.noticeMs - 2_000 - 1);
    expect(useUiStore.getState().notices).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(useUiStore.getState().notices.map((n) => n.type)).toEqual(["success"]);
    vi.advanceTimersByTime(2_000);
    expect(useUiStore.getState().notices).toEqual([]);
  });

  it("a dismissed notice goes at once", () => {
    const id = useUiStore.getState().notify({ type: "fail", message: "x" });
    useUiStore.getState().dismissNotice(id);
    expect(useUiStore.getState().notices).toEqual([]);
  });
});

describe("bonusMeter (§2 bonus button)", () => {
  const now = 1_700_000_000_000;
  it("below 1 shows a partial scale", () => {
    expect(bonusMeter(0, null, now)).toEqual({ kind: "scale", fill: 0 });
    expect(bonusMeter(0.37, null, now)).toEqual({ kind: "scale", fill: 0.37 });
    expect(bonusMeter(0.999, now + 5_000, now)).toEqual({ kind: "scale", fill: 0.999 });
  });
  it("at 1 or more shows the countdown", () => {
    const end = now + ((1 * 24 + 2) * 3600 + 3 * 60 + 4) * 1000 + 999;
    expect(bonusMeter(1, end, now)).toEqual({ kind: "timer", days: 1, hours: 2, minutes: 3, seconds: 4, ended: false });
  });
  it("a past or unknown end time counts as zero", () => {
    expect(bonusMeter(12.5, now - 10_000, now)).toMatchObject({ kind: "timer", seconds: 0, ended: true });
    expect(bonusMeter(3, null, now)).toMatchObject({ kind: "timer", days: 0, ended: true });
  });
  it("treats nonsense banks as an empty scale", () => {
    expect(bonusMeter(Number.NaN, null, now)).toEqual({ kind: "scale", fill: 0 });
    expect(bonusMeter(-2, null, now)).toEqual({ kind: "scale", fill: 0 });
  });
});
