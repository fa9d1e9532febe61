// The page frame (§2 Layout): header, mode bar, the screen, the chat column, panels, modals and
// notices. The route's handle says whether it is a mode view (a game) or a page view.
import { lazy, Suspense, useContext, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { Notices } from "../ui/Notices";
import { ChatColumn, ChatReopen } from "./ChatColumn";
import { useDocumentTitle } from "./documentTitle";
import { Header } from "./Header";
import { ModalHost } from "./ModalHost";
import { ModeBar } from "./ModeBar";
import { ModeKit } from "./ModeKit";
import { PanelHost } from "./PanelHost";
import { RouteHandleContext } from "./routeHandle";
import { useUiStore, type GameName } from "../lib/uiStore";
import { useSignedInUser } from "../lib/session/useCurrentUser";

// The hub socket (app/liveHub.tsx) parses frames with zod: it starts from its own chunk right
// after the first paint instead of weighing on the first load of /. Should that chunk fail to
// load, the page still works, only without live updates (no error screen for it).
const LiveHub = lazy(() => import("./liveHub").catch(() => ({ default: () => null })));
// the reality check (docs/protection.md "Reality check"), for a signed-in player, off the first load
const RealityCheck = lazy(() => import("./RealityCheck").catch(() => ({ default: (): null => null })));

/** The game screens with the mode-kit sidebar (§2). */
const SIDEBAR_GAMES: ReadonlySet<GameName> = new Set<GameName>(["crash", "wheel", "jackpot"]);

export function Layout() {
  const { t } = useTranslation("layout");
  const { view = "page", game, title } = useContext(RouteHandleContext);
  useDocumentTitle(title);
  const chatDesktop = useUiStore((s) => s.panels.chatDesktop);
  const closePanel = useUiStore((s) => s.closePanel);
  const { pathname } = useLocation();
  const signedIn = useSignedInUser() !== null;

  // A new screen: the overlay panels step aside and the view starts at the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger (a new screen), not an input
  useEffect(() => {
    closePanel();
    window.scrollTo(0, 0);
  }, [pathname, closePanel]);

  return (
    <div className={`app view-${view}${chatDesktop ? " chat-open" : ""}`} data-game={game}>
      <a className="skip-link" href="#main">
        {t("skip_to_content")}
      </a>
      <Header />
      <div className="app-body">
        <ModeBar />
        <main id="main" className="app-main" tabIndex={-1}>
          <Outlet />
          {view === "mode" && game !== undefined && SIDEBAR_GAMES.has(game) ? <ModeKit /> : null}
        </main>
        {chatDesktop ? <ChatColumn /> : <ChatReopen />}
      </div>
      <PanelHost />
      <ModalHost />
      <Notices />
      <Suspense fallback={null}>
        <LiveHub />
        {signedIn ? <RealityCheck /> : null}
      </Suspense>
    </div>
  );
}
