// The round page's "verify" block: recomputes the public hash and the crash point in this
// browser from the revealed secret and the published salt, and checks the chain link to the
// previous round's secret when it is known.
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { GameJson } from "../../../../shared/api/crash";
import { verifyCrashRound } from "../../../../shared/fairness";

export function RoundVerify({ game, salt, previousSecret }: { game: GameJson; salt: string | null; previousSecret: string | null }) {
  const { t } = useTranslation("crash");
  const [typedSalt, setTypedSalt] = useState("");
  const useSalt = (salt ?? typedSalt).trim();
  const verdict = useMemo(() => {
    if (!game.secret_hash || !useSalt) return null;
    try {
      return verifyCrashRound({
        secret: game.secret_hash,
        roundId: game.id,
        dayOfMonth: game.day_of_month,
        salt: useSalt,
        publicHash: game.public_hash,
        previousSecret: previousSecret ?? undefined,
      });
    } catch {
      return null;
    }
  }, [game, useSalt, previousSecret]);
  const pointMatches = verdict && game.multiplier !== null ? Math.round(game.multiplier * 100) === verdict.crashPoint : null;

  return (
    <section className="crash-verify" aria-label={t("verify.title")} data-testid="crash-verify">
      <h2 className="crash-section-title">{t("verify.title")}</h2>
      {salt === null && (
        <label className="crash-verify-salt">
          <span>{t("verify.salt")}</span>
          <input value={typedSalt} onChange={(e) => setTypedSalt(e.target.value)} spellCheck={false} />
        </label>
      )}
      {verdict ? (
        <ul className="crash-verify-list">
          <Check ok={verdict.publicHashMatches} label={t("verify.public_hash")} testId="verify-public" />
          <Check ok={pointMatches} label={t("verify.crash_point", { point: (verdict.crashPoint / 100).toFixed(2) })} testId="verify-point" />
          {game.provably_fair ? null : <li className="crash-verify-note">{t("verify.admin_round")}</li>}
          <Check ok={verdict.chainLinkHolds} label={t("verify.chain")} testId="verify-chain" />
        </ul>
      ) : (
        <p className="crash-muted">{t("verify.need_salt")}</p>
      )}
    </section>
  );
}

function Check({ ok, label, testId }: { ok: boolean | null; label: string; testId: string }) {
  const { t } = useTranslation("crash");
  const state = ok === null ? "unknown" : ok ? "ok" : "bad";
  return (
    <li className={`crash-verify-check is-${state}`} data-testid={testId} data-state={state}>
      <span aria-hidden="true">{ok === null ? "·" : ok ? "✓" : "✗"}</span> {label}
      {ok === null ? <span className="crash-muted"> — {t("verify.unknown")}</span> : null}
    </li>
  );
}
