// The operator console's pages (features/admin/console/ConsoleApp.tsx renders them under /admin):
// each its own lazy chunk, listed once here for the console's routes and its side nav. `access`
// is what the page needs — "staff" for moderators and admins, "admin" for admins only — and
// mirrors the server, which checks the role (and the second factor) on every call anyway. The
// first page with a nav entry that a role may open is its start page. Loaded with the console
// (consoleRoot.tsx), never in a player's first load.
import type { ConsolePage } from "../features/admin/console/pages";
import { lazyScreen } from "./ScreenBoundary";

const Withdraws = lazyScreen(() => import("../features/admin/WithdrawQueuePage"));
const Tickets = lazyScreen(() => import("../features/support/StaffQueuePage"));
const Ticket = lazyScreen(() => import("../features/support/StaffTicketPage"));
const Security = lazyScreen(() => import("../features/admin/console/SecurityPage"));
const Dashboard = lazyScreen(() => import("../features/admin/console/ops/DashboardPage"));
const Maintenance = lazyScreen(() => import("../features/admin/console/ops/MaintenancePage"));
const Fairness = lazyScreen(() => import("../features/admin/console/ops/FairnessPage"));
const PaymentsReview = lazyScreen(() => import("../features/admin/console/ops/PaymentsReviewPage"));
const Users = lazyScreen(() => import("../features/admin/console/users/UsersPage"));
const User = lazyScreen(() => import("../features/admin/console/users/UserPage"));
const Audit = lazyScreen(() => import("../features/admin/console/users/AuditPage"));
const ChatLog = lazyScreen(() => import("../features/admin/console/users/ChatLogPage"));
const Cases = lazyScreen(() => import("../features/admin/console/economy/CasesPage"));
const CaseEditor = lazyScreen(() => import("../features/admin/console/economy/CaseEditorPage"));
const Promo = lazyScreen(() => import("../features/admin/console/economy/PromoPage"));
const Events = lazyScreen(() => import("../features/admin/console/economy/EventsPage"));
const GameTools = lazyScreen(() => import("../features/admin/console/GameToolsPage"));

export const CONSOLE_PAGES: readonly ConsolePage[] = [
  { path: "", nav: "nav.dashboard", access: "admin", element: <Dashboard /> },
  { path: "withdraws", nav: "nav.withdraws", access: "admin", element: <Withdraws /> },
  { path: "tickets", nav: "nav.tickets", access: "staff", element: <Tickets /> },
  { path: "tickets/:id", access: "staff", element: <Ticket /> },
  { path: "payments", nav: "nav.payments", access: "admin", element: <PaymentsReview /> },
  { path: "maintenance", nav: "nav.maintenance", access: "admin", element: <Maintenance /> },
  { path: "fairness", nav: "nav.fairness", access: "admin", element: <Fairness /> },
  { path: "users", nav: "nav.users", access: "admin", element: <Users /> },
  { path: "users/:id", access: "admin", element: <User /> },
  { path: "audit", nav: "nav.audit", access: "admin", element: <Audit /> },
  { path: "chat", nav: "nav.chat", access: "staff", element: <ChatLog /> },
  { path: "cases", nav: "nav.cases", access: "admin", element: <Cases /> },
  { path: "cases/:id", access: "admin", element: <CaseEditor /> },
  { path: "promo", nav: "nav.promo", access: "admin", element: <Promo /> },
  { path: "events", nav: "nav.events", access: "admin", element: <Events /> },
  { path: "games", nav: "nav.games", access: "admin", element: <GameTools /> },
  { path: "security", nav: "nav.security", access: "staff", element: <Security /> },
];
