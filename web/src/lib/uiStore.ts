// UI state (spec §2 Layout, §8 notices): the open modal, the open panels, the notice popups and
// the view type. One zustand store; server data stays in React Query.
import { create } from "zustand";
import { UI } from "../../../shared/constants";

export type PanelName = "nav" | "bonus" | "toolbar" | "chatMobile" | "chatDesktop" | "store" | "inventory" | "notifications" | "streamers";

/** Opening one of these closes the others (§2; the inventory drawer shares their side). */
export const EXCLUSIVE_PANELS: readonly PanelName[] = ["streamers", "notifications", "bonus", "store", "inventory"];

export type NoticeType = "success" | "fail" | "error";

export interface Notice {
  id: number;
  type: NoticeType;
  /** A message key (translated from the "errors" namespace) or a text with a space (shown as is). */
  message: string;
}

export type ViewType = "mode" | "page";
export type GameName = "crash" | "jackpot" | "wheel" | "cases";

export type Panels = Record<PanelName, boolean>;

export interface UiState {
  /** The one open modal by name ("login", "deposit", "settings", ...), or null. */
  modal: string | null;
  panels: Panels;
  notices: Notice[];
  openModal(name: string): void;
  closeModal(): void;
  /** Hides every modal (§2 "one action hides all modals"). */
  closeAllModals(): void;
  openPanel(name: PanelName): void;
  /** Closes the named panel; without a name, every overlay panel (desktop chat stays). */
  closePanel(name?: PanelName): void;
  togglePanel(name: PanelName): void;
  /** Hides the panels (§2 "another hides the panels"); the desktop chat column stays as it is. */
  closeAllPanels(): void;
  notify(notice: { type: NoticeType; message: string }): number;
  dismissNotice(id: number): void;
}

export function initialPanels(desktop: boolean): Panels {
  return {
    nav: false,
    bonus: false,
    toolbar: false,
    chatMobile: false,
    chatDesktop: desktop,
    store: false,
    inventory: false,
    notifications: false,
    streamers: false,
  };
}

/** The panels after opening `name`: exclusive panels push each other out. */
export function withPanelOpen(panels: Panels, name: PanelName): Panels {
  const next = { ...panels, [name]: true };
  if (EXCLUSIVE_PANELS.includes(name)) for (const other of EXCLUSIVE_PANELS) if (other !== name) next[other] = false;
  return next;
}

function withOverlaysClosed(panels: Panels): Panels {
  return { ...initialPanels(false), chatDesktop: panels.chatDesktop };
}

/** The desktop chat column is open by default on desktop (§2, §9 "chat keeps open on desktop"). */
const DESKTOP_QUERY = "(min-width: 1024px)";
function isDesktop(): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia(DESKTOP_QUERY).matches;
}

let nextNoticeId = 1;

export const useUiStore = create<UiState>()((set, get) => ({
  modal: null,
  panels: initialPanels(isDesktop()),
  notices: [],
  openModal: (name) => set({ modal: name }),
  closeModal: () => set({ modal: null }),
  closeAllModals: () => set({ modal: null }),
  openPanel: (name) => set({ panels: withPanelOpen(get().panels, name) }),
  closePanel: (name) => set({ panels: name ? { ...get().panels, [name]: false } : withOverlaysClosed(get().panels) }),
  togglePanel: (name) => {
    const { panels } = get();
    set({ panels: panels[name] ? { ...panels, [name]: false } : withPanelOpen(panels, name) });
  },
  closeAllPanels: () => set({ panels: withOverlaysClosed(get().panels) }),
  notify: ({ type, message }) => {
    const id = nextNoticeId++;
    set({ notices: [...get().notices, { id, type, message }] });
    setTimeout(() => get().dismissNotice(id), UI.noticeMs);
    return id;
  },
  dismissNotice: (id) => set({ notices: get().notices.filter((n) => n.id !== id) }),
}));

/** Shorthand outside React: `notify({ type: "error", message: "app_error.load" })`. */
export const notify = (notice: { type: NoticeType; message: string }) => useUiStore.getState().notify(notice);
