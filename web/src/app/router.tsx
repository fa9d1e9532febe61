// Every route of spec §2. Screens are lazy chunks (120 s timeout, Retry on ChunkLoadError).
// Declarative routing (useRoutes under a BrowserRouter), not the data router: the site loads its
// data with react-query, and the data router alone weighed ~20 KB gzipped of the first load
// (docs/benchmarks.md "Weight of the first load"). What the data router gave — route handles and
// an error element — is the RouteHandle context below and RouteErrorBoundary (reset on a new address).
import { useMemo } from "react";
import { matchRoutes, Navigate, useLocation, useRoutes, type RouteObject } from "react-router";
import { i18n } from "../lib/i18n";
import { Layout } from "./Layout";
import { LoadPage } from "./LoadPage";
import { RouteErrorBoundary } from "./RouteError";
import { RouteHandleContext, type RouteHandle } from "./routeHandle";
import { lazyScreen } from "./ScreenBoundary";

const crashScreen = () => import("../features/crash/CrashScreen");
// The home screen's chunk starts loading with the entry, not once React has mounted the layout
// and rendered the route (the module loader keeps the one fetch for the lazy call).
if (location.pathname === "/") void crashScreen().catch(() => undefined);
const Crash = lazyScreen(crashScreen);
const Jackpot = lazyScreen(() => import("../features/jackpot/JackpotScreen"));
const Wheel = lazyScreen(() => import("../features/wheel/WheelScreen"));
const Cases = lazyScreen(() => import("../features/cases/CasesScreen"));
const CaseOpen = lazyScreen(() => import("../features/cases/CaseScreen"));
const Tournament = lazyScreen(() => import("../features/tournament/TournamentScreen"));
const Top = lazyScreen(() => import("../features/top/TopScreen"));
const Support = lazyScreen(() => import("./SupportWithFaq"));
const Ticket = lazyScreen(() => import("../features/support/TicketPage"));
const Promo = lazyScreen(() => import("../features/promo/PromoPage"));
const CrashRound = lazyScreen(() => import("../features/crash/CrashRoundPage"));
const JackpotRound = lazyScreen(() => import("../features/jackpot/JackpotRoundPage"));
const WheelRound = lazyScreen(() => import("../features/wheel/WheelRoundPage"));
const ProvablyFair = lazyScreen(() => import("../features/fairness/ProvablyFairPage"));
const UserAgreement = lazyScreen(() => import("../features/agreement/AgreementPage"));
const Profile = lazyScreen(() => import("../features/profile/ProfilePage"));
const PublicProfile = lazyScreen(() => import("../features/profile/PublicProfilePage"));
const AuthCallback = lazyScreen(() => import("../features/auth/AuthCallback"));
const DepositSuccess = lazyScreen(() => import("../features/deposit/DepositSuccessPage"));
const DepositFail = lazyScreen(() => import("../features/deposit/DepositFailPage"));
const TelegramLinked = lazyScreen(() => import("../features/giveaway/TelegramLinkedPage"));
const OfferCheck = lazyScreen(() => import("../features/offer-check/OfferCheckPage"));
const Protection = lazyScreen(() => import("../features/protection/ProtectionPage"));
// the console adds its error texts to the players' "errors" namespace: that must be in first
// (features/admin/console/i18n.ts)
const AdminConsole = lazyScreen(async () => {
  await i18n.loadNamespaces("errors");
  return import("./consoleRoot");
});

const mode = (game: NonNullable<RouteHandle["game"]>): RouteHandle => ({ view: "mode", game, title: game });
const page = (title: NonNullable<RouteHandle["title"]>): RouteHandle => ({ view: "page", title });

const routes: RouteObject[] = [
  // A bare loader for windows the site opens; not inside the layout.
  { path: "/load", element: <LoadPage /> },
  {
    path: "/",
    element: <Layout />,
    children: [
      { index: true, element: <Crash />, handle: mode("crash") },
      {
        path: "jackpot",
        handle: mode("jackpot"),
        children: [
          { index: true, element: <Jackpot /> },
          { path: ":id", element: <JackpotRound />, handle: page("jackpot_round") },
        ],
      },
      { path: "wheel", element: <Wheel />, handle: mode("wheel") },
      {
        path: "cases",
        handle: mode("cases"),
        children: [
          { index: true, element: <Cases /> },
          { path: ":id", element: <CaseOpen />, handle: { title: "case" } satisfies RouteHandle },
        ],
      },
      { path: "profile", element: <Profile />, handle: page("profile") },
      { path: "tournament", element: <Tournament />, handle: page("tournament") },
      { path: "top", element: <Top />, handle: page("top") },
      { path: "support", element: <Support />, handle: page("support") },
      { path: "ticket/:id", element: <Ticket />, handle: page("ticket") },
      { path: "promo", element: <Promo />, handle: page("promo") },
      { path: "user/:id", element: <PublicProfile />, handle: page("user") },
      { path: "crash/:id", element: <CrashRound />, handle: page("crash_round") },
      { path: "wheel/:id", element: <WheelRound />, handle: page("wheel_round") },
      { path: "auth/callback", element: <AuthCallback />, handle: page("auth") },
      { path: "provably-fair", element: <ProvablyFair />, handle: page("provably_fair") },
      { path: "user-agreement", element: <UserAgreement />, handle: page("user_agreement") },
      { path: "offer-check", element: <OfferCheck />, handle: page("offer_check") },
      { path: "limits", element: <Protection />, handle: page("protection") },
      // Where the payment providers send the player back (docs/payments.md "Payments").
      { path: "deposit/success", element: <DepositSuccess />, handle: page("deposit_success") },
      { path: "deposit/fail", element: <DepositFail />, handle: page("deposit_fail") },
      { path: "telegram/linked", element: <TelegramLinked />, handle: page("telegram_linked") },
      // Staff: the operator console, its own lazy chunks (the server checks role and second factor on every call).
      { path: "admin/*", element: <AdminConsole />, handle: page("admin") },
      // Any unknown path goes home.
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
];

/** The deepest route's handle, merged over its parents' (the data router's useMatches). */
function mergedHandle(pathname: string): RouteHandle {
  let handle: RouteHandle = {};
  for (const m of matchRoutes(routes, pathname) ?? []) if (m.route.handle) handle = { ...handle, ...(m.route.handle as RouteHandle) };
  return handle;
}

/** The site's routes; rendered inside a BrowserRouter (main.tsx). */
export function AppRoutes() {
  const { pathname } = useLocation();
  const handle = useMemo(() => mergedHandle(pathname), [pathname]);
  const element = useRoutes(routes);
  // every route, /load too, under the last-resort boundary; a new address tries again
  return (
    <RouteHandleContext value={handle}>
      <RouteErrorBoundary resetKey={pathname}>{element}</RouteErrorBoundary>
    </RouteHandleContext>
  );
}
