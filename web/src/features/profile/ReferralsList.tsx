// The profile's referral block (§2, §3 referrals): the player's link with a copy button, the
// share they earn, the totals (getProfile's `referral`), and the players who signed up through
// the link, a page at a time (POST /api/user/history/referrals, useHistory.ts).
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ReferralInfoJson, ReferralRowJson } from "../../../../shared/api/promo";
import { referralLink } from "../../lib/referral";
import { LoadFailed } from "../../ui/StateNote";
import { UserAvatar } from "../../ui/UserAvatar";
import { dateTime, usd } from "./format";
import { ShowMore } from "./ShowMore";
import { type PagedList, useReferralHistory } from "./useHistory";

export function ReferralsList({ info }: { info: ReferralInfoJson | undefined }) {
  const { t } = useTranslation("profile");
  const list = useReferralHistory();
  if (!info) return <div className="profile-skeleton shimmer-block profile-skeleton--block" aria-busy="true" />;
  return (
    <>
      <ReferralLink info={info} />
      <dl className="profile-referral-totals">
        <div>
          <dt>{t("referrals.invited")}</dt>
          <dd>{t("referrals.count", { count: info.count })}</dd>
        </div>
        <div>
          <dt>{t("referrals.earned")}</dt>
          <dd className="profile-money">{usd(info.earned)}</dd>
        </div>
      </dl>
      <Referees list={list} />
    </>
  );
}

function ReferralLink({ info }: { info: ReferralInfoJson }) {
  const { t } = useTranslation("profile");
  const inputId = useId();
  const hintId = useId();
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const link = referralLink(info.code);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied("yes");
    } catch {
      // no clipboard permission: select the text so Ctrl+C works
      (document.getElementById(inputId) as HTMLInputElement | null)?.select();
      setCopied("no");
    }
  }

  return (
    <div className="profile-form">
      <label htmlFor={inputId} className="profile-form__label">
        {t("referrals.link")}
      </label>
      <div className="profile-form__row">
        <input id={inputId} type="text" readOnly value={link} aria-describedby={hintId} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="button" onClick={() => void copy()}>
          {t("referrals.copy")}
        </button>
      </div>
      <p id={hintId} className="profile-form__hint">
        {t("referrals.hint", { percent: info.share_percent })}
      </p>
      <p className="profile-form__hint" role="status" aria-live="polite">
        {copied === "yes" ? t("referrals.copied") : copied === "no" ? t("referrals.copy_failed") : ""}
      </p>
    </div>
  );
}

function Referees({ list }: { list: PagedList<ReferralRowJson> }) {
  const { t, i18n } = useTranslation("profile");
  const rows = list.rows;
  if (list.failed) return <LoadFailed className="profile-empty profile-load-failed" message={t("referrals.load_failed")} onRetry={list.retry} />;
  if (!rows) return <div className="profile-skeleton shimmer-block profile-skeleton--block" aria-busy="true" />;
  if (rows.length === 0) return <p className="profile-empty">{t("referrals.empty")}</p>;
  return (
    <>
      <ul className="profile-referrals" aria-label={t("referrals.list")}>
        {rows.map((r) => (
          <li key={r.user.id}>
            <UserAvatar userId={r.user.id} avatar={r.user.avatar} username={r.user.username} size={28} />
            <Link to={`/user/${r.user.id}`} className="participant-name">
              {r.user.username}
            </Link>
            <span className="profile-referrals__earned">{t("referrals.earned_from", { amount: usd(r.earned) })}</span>
            <span className="profile-referrals__date">{dateTime(new Date(r.created_at), i18n.language)}</span>
          </li>
        ))}
      </ul>
      <ShowMore list={list} />
    </>
  );
}
