// /profile (§2): the signed-in user's card, trade link, promo code, statistics, referrals,
// game histories, withdrawals, money and skins deposits. The statistics and the referral totals
// come with getProfile; every list is paged by its own history call (useHistory.ts). Loaded
// lazily by the router (default export).
import { useTranslation } from "react-i18next";
import { formatCashback } from "../../../../shared/cashback";
import { useCurrentUser } from "../../lib/session/useCurrentUser";
import { LoadFailed, SignInPrompt } from "../../ui/StateNote";
import { usd } from "./format";
import { HistoryTabs } from "./HistoryTabs";
import { MoneyDepositsTable } from "./MoneyDepositsTable";
import { PromoCodeField } from "./PromoCodeField";
import { ReferralsList } from "./ReferralsList";
import { SkinDepositsTable } from "./SkinDepositsTable";
import { ProfileSection } from "./ProfileSection";
import { StatsGrid } from "./StatsGrid";
import { TradeLinkForm } from "./TradeLinkForm";
import { useProfile } from "./useProfile";
import { UserCard } from "./UserCard";
import { WithdrawalsTable } from "./WithdrawalsTable";
import "./profile.css";

export default function ProfilePage() {
  const { t } = useTranslation("profile");
  const userQuery = useCurrentUser();
  const user = userQuery.data;
  const profile = useProfile(!!user);

  if (userQuery.isPending) {
    return (
      <div className="profile-page" aria-busy="true">
        <div className="profile-skeleton shimmer-block profile-skeleton--card" />
        <div className="profile-skeleton shimmer-block profile-skeleton--block" />
      </div>
    );
  }

  if (!user) {
    return (
      <div className="profile-page">
        <SignInPrompt className="profile-section profile-signed-out" heading={<h1>{t("title")}</h1>} message={t("signed_out")} button={t("login")} />
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
            <dd>{formatCashback(user.cashback)}</dd>
          </div>
        </dl>
      </UserCard>

      {profile.isError && <LoadFailed className="profile-section profile-error" primary message={t("load_failed")} onRetry={() => void profile.refetch()} />}

      <div className="profile-columns">
        <ProfileSection id="profile-settings" title={t("sections.settings")}>
          <TradeLinkForm current={user.trade_link} />
          <PromoCodeField />
        </ProfileSection>
        <ProfileSection id="profile-stats" title={t("sections.stats")}>
          <StatsGrid stats={data?.stats} />
        </ProfileSection>
      </div>

      <ProfileSection id="profile-history" title={t("history.title")}>
        <HistoryTabs userId={user.id} own />
      </ProfileSection>

      <ProfileSection id="profile-withdrawals" title={t("withdrawals.title")}>
        <WithdrawalsTable />
      </ProfileSection>

      <ProfileSection id="profile-money-deposits" title={t("money_deposits.title")}>
        <MoneyDepositsTable />
      </ProfileSection>

      <ProfileSection id="profile-skin-deposits" title={t("skin_deposits.title")}>
        <SkinDepositsTable />
      </ProfileSection>

      <ProfileSection id="profile-referrals" title={t("referrals.title")}>
        <ReferralsList info={data?.referral} />
      </ProfileSection>
    </div>
  );
}
