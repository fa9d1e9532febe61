// /profile (§2): the signed-in user's card, trade link, promo code, statistics, referrals,
// game histories and withdrawals. Loaded lazily by the router (default export).
import { useTranslation } from "react-i18next";
import { useUiStore } from "../../lib/uiStore";
import { useCurrentUser } from "../../lib/session/useCurrentUser";
import { usd } from "./format";
import { HistoryTabs } from "./HistoryTabs";
import { PromoCodeField } from "./PromoCodeField";
import { ReferralsList } from "./ReferralsList";
import { StatsGrid } from "./StatsGrid";
import { TradeLinkForm } from "./TradeLinkForm";
import { useProfile } from "./useProfile";
import { UserCard } from "./UserCard";
import { WithdrawalsTable } from "./WithdrawalsTable";
import "./profile.css";

export default function ProfilePage() {
  const { t } = useTranslation("profile");
  const openModal = useUiStore((s) => s.openModal);
  const userQuery = useCurrentUser();
  const user = userQuery.data;
  const profile = useProfile(!!user);

  if (userQuery.isPending) {
    return (
      <div className="profile-page" aria-busy="true">
        <div className="profile-skeleton profile-skeleton--card" />
        <div className="profile-skeleton profile-skeleton--block" />
      </div>
    );
  }

  if (!user) {
    return (
      <div className="profile-page">
        <section className="profile-section profile-signed-out">
          <h1>{t("title")}</h1>
          <p>{t("signed_out")}</p>
          <button type="button" className="button button-primary" onClick={() => openModal("login")}>
            {t("login")}
          </button>
        </section>
      </div>
    );
  }

  const data = profile.data;
  return (
    <div className="profile-page">
      <UserCard user={user} own>
        <dl className="profile-card__money">
          <div>
            <dt>{t("card.balance")}</dt>
            <dd className="profile-money">{usd(user.balance)}</dd>
          </div>
          <div>
            <dt>{t("card.cashback")}</dt>
            <dd>{usd(user.cashback / 100)}</dd>
          </div>
        </dl>
      </UserCard>

      {profile.isError && (
        <div className="profile-section profile-error" role="alert">
          <p>{t("load_failed")}</p>
          <button type="button" className="button button-primary" onClick={() => void profile.refetch()}>
            {t("retry")}
          </button>
        </div>
      )}

      <div className="profile-columns">
        <section className="profile-section" aria-labelledby="profile-settings">
          <h2 id="profile-settings">{t("sections.settings")}</h2>
          <TradeLinkForm current={user.trade_link} />
          <PromoCodeField />
        </section>
        <section className="profile-section" aria-labelledby="profile-stats">
          <h2 id="profile-stats">{t("sections.stats")}</h2>
          <StatsGrid stats={data?.stats} />
        </section>
      </div>

      <section className="profile-section" aria-labelledby="profile-history">
        <h2 id="profile-history">{t("history.title")}</h2>
        <HistoryTabs crash={data?.crashBets} jackpot={data?.jackpotBets} wheel={data?.wheelBets} />
      </section>

      <section className="profile-section" aria-labelledby="profile-withdrawals">
        <h2 id="profile-withdrawals">{t("withdrawals.title")}</h2>
        <WithdrawalsTable rows={data?.withdraws} />
      </section>

      <section className="profile-section" aria-labelledby="profile-referrals">
        <h2 id="profile-referrals">{t("referrals.title")}</h2>
        <ReferralsList rows={data?.referrals} />
      </section>
    </div>
  );
}
