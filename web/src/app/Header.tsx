// The site header (§2 Layout): logo, then either Login or the signed-in user's corner
// (balance + Deposit, inventory, streamers, notification bell, avatar → /profile, logout).
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { hasToken } from "../lib/session/token";
import { UserAvatar } from "../ui/UserAvatar";
import { useCurrentUser } from "../lib/session/useCurrentUser";
import { useLogout } from "../features/auth/useLogout";
import { UnreadDot } from "../features/notifications/UnreadDot";
import { CashbackChip } from "../features/cashback/CashbackChip";
import { BellIcon, BoxIcon, DotsIcon, LogoutIcon, MenuIcon, ShieldIcon, StreamIcon, TagIcon } from "../ui/icons";
import { Money } from "../ui/Money";
import { Skeleton } from "../ui/Spinner";
import { useUiStore } from "../lib/uiStore";
import { useSettings } from "../lib/settingsStore";

// the session's length and net result, when the player turns it on (docs/protection.md "Reality check")
const SessionFigures = lazy(() => import("./SessionFigures").catch(() => ({ default: () => null })));

function Logo() {
  const { t } = useTranslation("layout");
  return (
    // The accessible name starts with the visible word mark (axe: label-content-name-mismatch);
    // the mark's "S" is drawn by CSS so it adds no stray word to the visible text.
    <Link to="/" className="logo" aria-label={t("logo_home")}>
      <span className="logo-mark" aria-hidden="true" />
      <span className="logo-text" aria-hidden="true">
        SKIN<b>RUSH</b>
      </span>
    </Link>
  );
}

export function Header() {
  const { t } = useTranslation("layout");
  const togglePanel = useUiStore((s) => s.togglePanel);
  const navOpen = useUiStore((s) => s.panels.nav);
  return (
    <header className="header">
      <button type="button" className="icon-button header-menu" onClick={() => togglePanel("nav")} aria-label={t("nav.open")} aria-expanded={navOpen}>
        <MenuIcon />
      </button>
      <Logo />
      <div className="header-spacer" />
      <UserCorner />
      <button type="button" className="icon-button header-more" onClick={() => togglePanel("toolbar")} aria-label={t("toolbar.open")}>
        <DotsIcon />
      </button>
    </header>
  );
}

function UserCorner() {
  const { t } = useTranslation("layout");
  const { data: user, isPending } = useCurrentUser();
  const showSession = useSettings((s) => s.sessionFigures);
  const openModal = useUiStore((s) => s.openModal);
  const togglePanel = useUiStore((s) => s.togglePanel);
  const panels = useUiStore((s) => s.panels);
  const logout = useLogout();

  // A visitor without a token is known at once; only a stored token waits for /api/user/get.
  if (isPending && hasToken()) {
    return (
      <div className="header-user" aria-busy="true">
        <Skeleton width={120} height={36} />
        <Skeleton width={36} height={36} />
      </div>
    );
  }
  if (!user) {
    return (
      <div className="header-user">
        <StoreButton />
        <button type="button" className="button button-primary header-login" onClick={() => openModal("login")}>
          {t("header.login")}
        </button>
      </div>
    );
  }
  return (
    <div className="header-user">
      <div className="header-balance">
        <span className="header-balance-label">{t("header.balance")}</span>
        <Money amount={user.balance} className="header-balance-amount" />
        <button
          type="button"
          className="button button-primary button-small header-deposit"
          onClick={() => openModal("deposit")}
          aria-label={t("header.deposit")}
        >
          <span aria-hidden="true">+</span>
          <span className="header-deposit-text">{t("header.deposit")}</span>
        </button>
      </div>
      <CashbackChip className="header-cashback" />
      {showSession ? (
        <Suspense fallback={null}>
          <SessionFigures />
        </Suspense>
      ) : null}
      <button
        type="button"
        className="icon-button header-inventory"
        onClick={() => togglePanel("inventory")}
        aria-label={t("header.inventory")}
        aria-expanded={panels.inventory}
      >
        <BoxIcon />
      </button>
      <StoreButton />
      <button
        type="button"
        className="icon-button header-streamers"
        onClick={() => togglePanel("streamers")}
        aria-label={t("header.streamers")}
        aria-expanded={panels.streamers}
      >
        <StreamIcon />
      </button>
      <button
        type="button"
        className="icon-button header-bell"
        onClick={() => togglePanel("notifications")}
        aria-label={t("header.notifications")}
        aria-expanded={panels.notifications}
      >
        <BellIcon />
        <UnreadDot />
      </button>
      {/* the player's limits and breaks, one click away (docs/protection.md) */}
      <Link to="/limits" className="icon-button header-limits" aria-label={t("header.limits")} title={t("header.limits")}>
        <ShieldIcon />
      </Link>
      {/* the label holds the visible username (the avatar's initial is drawn by CSS, not text) */}
      <Link to="/profile" className="header-profile" aria-label={t("header.profile", { name: user.username })}>
        <UserAvatar userId={user.id} avatar={user.avatar} username={user.username} size={36} />
        <span className="header-username">{user.username}</span>
      </Link>
      <button type="button" className="icon-button header-logout" onClick={() => logout.mutate()} disabled={logout.isPending} aria-label={t("header.logout")}>
        <LogoutIcon />
      </button>
    </div>
  );
}

/** Opens the storehouse panel (§2 Panels); visitors may browse it too. Its word stays visible
    (beside the icon on desktop, under it on a phone): a bare tag icon did not say "store". */
function StoreButton() {
  const { t } = useTranslation("store");
  const togglePanel = useUiStore((s) => s.togglePanel);
  const open = useUiStore((s) => s.panels.store);
  return (
    <button type="button" className="header-store" onClick={() => togglePanel("store")} aria-expanded={open}>
      <TagIcon />
      <span className="header-store-label">{t("open")}</span>
    </button>
  );
}
