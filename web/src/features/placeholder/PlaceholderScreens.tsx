// "Coming soon" screens for the routes whose features arrive with later issues. Each shows the
// translated title and a short description of the mode; the layout keeps the mode bar and chat.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { Placeholder } from "../../ui/Placeholder";
import { BoxIcon, CasesIcon, CrashIcon, DocIcon, JackpotIcon, ListIcon, ShieldIcon, SupportIcon, TagIcon, TrophyIcon, WheelIcon } from "../../ui/icons";

export type PlaceholderKey =
  | "crash"
  | "jackpot"
  | "wheel"
  | "cases"
  | "case"
  | "tournament"
  | "top"
  | "support"
  | "ticket"
  | "promo"
  | "crash_round"
  | "provably_fair"
  | "user_agreement";

const ICONS: Record<PlaceholderKey, ReactNode> = {
  crash: <CrashIcon />,
  jackpot: <JackpotIcon />,
  wheel: <WheelIcon />,
  cases: <CasesIcon />,
  case: <BoxIcon />,
  tournament: <TrophyIcon />,
  top: <ListIcon />,
  support: <SupportIcon />,
  ticket: <SupportIcon />,
  promo: <TagIcon />,
  crash_round: <CrashIcon />,
  provably_fair: <ShieldIcon />,
  user_agreement: <DocIcon />,
};

export function PlaceholderScreen({ screen }: { screen: PlaceholderKey }) {
  const { t } = useTranslation("placeholder");
  const { id } = useParams();
  return (
    <Placeholder title={t(`${screen}.title`)} description={t(`${screen}.description`)} icon={ICONS[screen]}>
      {id ? <p className="placeholder-id">{t("id_line", { id })}</p> : null}
      {screen === "crash" ? <CrashPreview /> : null}
    </Placeholder>
  );
}

/** A decorative curve for the home screen until the Crash game arrives. */
function CrashPreview() {
  return (
    <svg className="crash-preview" viewBox="0 0 320 120" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="crash-preview-fill" x1="0" x2="0" y1="0" y2="1">
          <stop offset="0" stopColor="var(--accent)" stopOpacity="0.35" />
          <stop offset="1" stopColor="var(--accent)" stopOpacity="0" />
        </linearGradient>
      </defs>
      <path d="M0 118 C 120 116, 200 100, 310 10 L 310 120 L 0 120 Z" fill="url(#crash-preview-fill)" />
      <path d="M0 118 C 120 116, 200 100, 310 10" fill="none" stroke="var(--accent)" strokeWidth="3" strokeLinecap="round" />
      <circle cx="310" cy="10" r="5" fill="var(--accent)" />
    </svg>
  );
}

export const CrashPlaceholder = () => <PlaceholderScreen screen="crash" />;
export const JackpotPlaceholder = () => <PlaceholderScreen screen="jackpot" />;
export const WheelPlaceholder = () => <PlaceholderScreen screen="wheel" />;
export const CasesPlaceholder = () => <PlaceholderScreen screen="cases" />;
export const CasePlaceholder = () => <PlaceholderScreen screen="case" />;
export const TournamentPlaceholder = () => <PlaceholderScreen screen="tournament" />;
export const TopPlaceholder = () => <PlaceholderScreen screen="top" />;
export const SupportPlaceholder = () => <PlaceholderScreen screen="support" />;
export const TicketPlaceholder = () => <PlaceholderScreen screen="ticket" />;
export const PromoPlaceholder = () => <PlaceholderScreen screen="promo" />;
export const CrashRoundPlaceholder = () => <PlaceholderScreen screen="crash_round" />;
export const ProvablyFairPlaceholder = () => <PlaceholderScreen screen="provably_fair" />;
export const UserAgreementPlaceholder = () => <PlaceholderScreen screen="user_agreement" />;
