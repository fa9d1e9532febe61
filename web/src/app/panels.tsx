// The panel registry (§2 Panels): name → title and content. Feature panels load lazily, so the
// first load of / does not carry them. PanelHost renders whichever are open.
import type { ComponentType } from "react";
import { CashbackChip } from "../features/cashback/CashbackChip";
import { Spinner } from "../ui/Spinner";
import { ChatBody, OnlineCount } from "./ChatColumn";
import { MainNav } from "./MainNav";
import { lazyScreen, named } from "./ScreenBoundary";
import { Toolbar } from "./Toolbar";
import type layoutRu from "../locales/ru/layout.json";
import type { PanelName } from "../lib/uiStore";

export interface PanelEntry {
  /** Key in the "layout" namespace. */
  titleKey: `panels.${keyof typeof layoutRu.panels}`;
  side: "left" | "right";
  Content: ComponentType;
  /** The content draws its own heading: keep the frame's title for screen readers only. */
  ownHeading?: boolean;
}

const panelFallback = (
  <div className="panel-loading">
    <Spinner />
  </div>
);

const NotificationsPanel = lazyScreen(
  named(() => import("../features/notifications/NotificationsPanel"), "NotificationsPanel"),
  panelFallback,
);
const StreamersPanel = lazyScreen(
  named(() => import("../features/streamers/StreamersPanel"), "StreamersPanel"),
  panelFallback,
);
const InventoryPanel = lazyScreen(
  named(() => import("./InventoryWithTradeLink"), "InventoryWithTradeLink"),
  panelFallback,
);
const BonusPanel = lazyScreen(
  named(() => import("../features/bonus/BonusPanel"), "BonusPanel"),
  panelFallback,
);
const StorePanel = lazyScreen(
  named(() => import("./StoreWithExchange"), "StoreWithExchange"),
  panelFallback,
);

function MobileChat() {
  return (
    <div className="mobile-chat">
      <div className="mobile-chat-head">
        <OnlineCount />
      </div>
      <ChatBody />
    </div>
  );
}

/** Every overlay panel; the desktop chat column is part of the layout, not an overlay. */
export const PANELS: Partial<Record<PanelName, PanelEntry>> = {
  nav: { titleKey: "panels.nav", side: "left", Content: MainNav },
  // on tablets and phones the header has no room for the cashback: it sits atop the "more" panel
  toolbar: {
    titleKey: "panels.toolbar",
    side: "right",
    Content: () => (
      <>
        <CashbackChip className="toolbar-cashback" />
        <Toolbar className="toolbar-panel" />
      </>
    ),
  },
  bonus: { titleKey: "panels.bonus", side: "right", Content: BonusPanel },
  store: { titleKey: "panels.store", side: "right", Content: StorePanel, ownHeading: true },
  inventory: { titleKey: "panels.inventory", side: "right", Content: InventoryPanel, ownHeading: true },
  notifications: { titleKey: "panels.notifications", side: "right", Content: NotificationsPanel, ownHeading: true },
  streamers: { titleKey: "panels.streamers", side: "right", Content: StreamersPanel, ownHeading: true },
  chatMobile: { titleKey: "panels.chat", side: "right", Content: MobileChat },
};
