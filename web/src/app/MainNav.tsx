// Main navigation (§2): Tournament and Support first, then the other pages. Lives in the "nav"
// panel, which closes on Escape (Panel) and after following a link.
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { isStaff, useCurrentUser } from "../lib/session/useCurrentUser";
import { useLogout } from "../features/auth/useLogout";
import { BoxIcon, DocIcon, ListIcon, LogoutIcon, ShieldIcon, StreamIcon, SupportIcon, TagIcon, TrophyIcon, UserIcon } from "../ui/icons";
import { useUiStore } from "../lib/uiStore";

const LINKS = [
  { to: "/tournament", key: "tournament", icon: <TrophyIcon /> },
  { to: "/support", key: "support", icon: <SupportIcon /> },
  { to: "/top", key: "top", icon: <ListIcon /> },
  { to: "/promo", key: "promo", icon: <TagIcon /> },
  { to: "/provably-fair", key: "provably_fair", icon: <ShieldIcon /> },
  { to: "/offer-check", key: "offer_check", icon: <ShieldIcon /> },
  { to: "/limits", key: "protection", icon: <ShieldIcon /> },
  { to: "/user-agreement", key: "user_agreement", icon: <DocIcon /> },
] as const;

export function MainNav() {
  const { t } = useTranslation("layout");
  const closePanel = useUiStore((s) => s.closePanel);
  const openPanel = useUiStore((s) => s.openPanel);
  const { data: user } = useCurrentUser();
  const logout = useLogout();
  return (
    <nav className="main-nav" aria-label={t("nav.label")}>
      <ul className="main-nav-list">
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} className="main-nav-link" onClick={() => closePanel("nav")}>
              {link.icon}
              <span>{t(`nav.${link.key}`)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
      {user ? (
        // The header hides these on narrow screens; here they stay reachable.
        <div className="main-nav-extra">
          <NavLink to="/profile" className="main-nav-link" onClick={() => closePanel("nav")}>
            <UserIcon />
            <span>{t("nav.profile")}</span>
          </NavLink>
          <button type="button" className="main-nav-link" onClick={() => openPanel("inventory")}>
            <BoxIcon />
            <span>{t("header.inventory")}</span>
          </button>
          <button type="button" className="main-nav-link" onClick={() => openPanel("streamers")}>
            <StreamIcon />
            <span>{t("header.streamers")}</span>
          </button>
          {isStaff(user) ? (
            <NavLink to="/admin" className="main-nav-link" onClick={() => closePanel("nav")}>
              <ListIcon />
              <span>{t("nav.admin_console")}</span>
            </NavLink>
          ) : null}
          <button
            type="button"
            className="main-nav-link"
            onClick={() => {
              closePanel("nav");
              logout.mutate();
            }}
          >
            <LogoutIcon />
            <span>{t("header.logout")}</span>
          </button>
        </div>
      ) : null}
    </nav>
  );
}
