// The SPA entry: providers, the router and the few global bindings (streamer-mode class,
// banned handling). Everything screen-specific is a lazy chunk.
// First: zod must run jitless under the CSP before any schema is built.
import "./lib/zodCsp";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { BrowserRouter } from "react-router";
import { queryClient } from "./app/queryClient";
import { AppRoutes } from "./app/router";
import { installBannedHandler } from "./app/session";
import { bindStreamerModeClass } from "./lib/settingsStore";
import { i18n } from "./lib/i18n";
import { captureReferral } from "./lib/referral";
import { getToken } from "./lib/session/token";
import "./styles/index.css";
import "./styles/boot.css";

bindStreamerModeClass(document.body);
installBannedHandler();
captureReferral();

// Texts beyond the shell's start loading now, beside the entry, not after the lazy chunks that ask
// for them: the error texts (§8, any notice), the home screen's (crash), the signed-in header's.
const firstTexts = ["errors", ...(location.pathname === "/" ? ["crash"] : []), ...(getToken() ? ["notifications", "cashback"] : [])];
void i18n.loadNamespaces(firstTexts);

// #root holds the crash screen's static outline (index.html): let it paint once before React
// replaces it — on a fast connection the scripts arrive before the first frame — then mount.
// A hidden tab paints nothing (and has no frames): mount at once there.
// The first render is a transition: React renders it in slices that yield to the browser every
// few ms (concurrent rendering), not in one long task that blocks input while the home screen mounts.
function mount(): void {
  const root = createRoot(document.getElementById("root")!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </QueryClientProvider>
        </I18nextProvider>
      </StrictMode>,
    ),
  );
}
if (document.visibilityState === "hidden") mount();
else requestAnimationFrame(() => setTimeout(mount, 0));
