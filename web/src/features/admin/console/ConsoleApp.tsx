// /admin/*: the operator console (docs/security.md "Staff roles", "Second factor"). Its own lazy
// chunk (and each page another): a player never downloads it. A visitor is asked to sign in, a
// player told it is for staff; a staff member first passes the second factor — enrolling it on
// the first visit — and then sees the pages their role may open. The server checks the role and
// the factor on every call whatever this screen shows.
import "./i18n";
import "./console.css";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, NavLink, useRoutes } from "react-router";
import { failureKey } from "../../../lib/api";
import { displayMessage } from "../../../lib/i18n";
import { isStaff, useCurrentUser } from "../../../lib/session/useCurrentUser";
import { Spinner } from "../../../ui/Spinner";
import { LoadFailed, SignInPrompt } from "../../../ui/StateNote";
import { type ConsolePage, type ConsoleRole, mayOpen } from "./pages";
import { EnrolForm, VerifyForm } from "./SecondFactorForms";
import { useOtpStatus } from "./useSecondFactor";

export default function ConsoleApp({ pages }: { pages: readonly ConsolePage[] }) {
  const { t } = useTranslation("console");
  const user = useCurrentUser();
  let body: ReactNode;
  if (user.isPending) body = <Spinner label={t("loading")} />;
  else if (!user.data) body = <SignInPrompt message={t("signed_out")} button={t("sign_in")} />;
  else if (!isStaff(user.data))
    body = (
      <p className="state-note" data-testid="console-forbidden">
        {t("staff_only")}
      </p>
    );
  else body = <SecondFactorGate pages={pages} />;
  return <div className="console">{body}</div>;
}

function SecondFactorGate({ pages }: { pages: readonly ConsolePage[] }) {
  const { t } = useTranslation("console");
  const { t: tCommon } = useTranslation();
  const status = useOtpStatus();
  if (status.isPending) return <Spinner label={t("loading")} />;
  if (status.isError)
    return (
      <LoadFailed
        message={displayMessage(failureKey(status.error, "console_error.load") ?? "console_error.load", tCommon)}
        onRetry={() => void status.refetch()}
      />
    );
  const s = status.data;
  if (s.passed_until === null) return <div className="console-gate">{s.enrolled ? <VerifyForm /> : <EnrolForm />}</div>;
  return <ConsoleLayout pages={pages} role={s.role} enrolled={s.enrolled} />;
}

function ConsoleLayout({ pages, role, enrolled }: { pages: readonly ConsolePage[]; role: ConsoleRole; enrolled: boolean }) {
  const { t } = useTranslation("console");
  const open = pages.filter((p) => mayOpen(p, role));
  const start = open.find((p) => p.nav)?.path ?? "security";
  // route objects rather than <Routes>/<Route>: the router's first-load chunk already has useRoutes
  const routes = useRoutes([
    ...pages.map((p) => ({ path: p.path, element: mayOpen(p, role) ? p.element : <AdminsOnly /> })),
    { index: true, element: <Navigate to={`/admin/${start}`} replace /> },
    { path: "*", element: <Navigate to="/admin" replace /> },
  ]);
  return (
    <div className="console-layout">
      <nav className="console-nav" aria-label={t("nav.label")}>
        <p className="console-nav-title">{t(role === "admin" ? "role.admin" : "role.moderator")}</p>
        <ul>
          {open
            .filter((p) => p.nav)
            .map((p) => (
              <li key={p.path}>
                <NavLink to={`/admin/${p.path}`} end={p.path === ""} className="console-nav-link">
                  {p.nav ? t(p.nav) : null}
                </NavLink>
              </li>
            ))}
        </ul>
      </nav>
      <main className="console-main" id="console-main">
        {enrolled ? null : (
          <p className="console-banner" role="status">
            {t("otp.not_enrolled_banner")} <NavLink to="/admin/security">{t("otp.enrol_now")}</NavLink>
          </p>
        )}
        {routes}
      </main>
    </div>
  );
}

function AdminsOnly() {
  const { t } = useTranslation("console");
  return (
    <p className="state-note" data-testid="console-admins-only">
      {t("admins_only")}
    </p>
  );
}
