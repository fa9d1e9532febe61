// The round page's verification block: every check of roundCheck.ts computed in this browser,
// and the same check with Node alone (`npm run verify:wheel`).
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { WheelRoundJson } from "../../../../shared/api/wheel";
import { verifyWheelRound } from "./roundCheck";

export function RoundVerify({ game, secret, previousSecret }: { game: WheelRoundJson; secret: string; previousSecret: string | null }) {
  const { t } = useTranslation("wheel");
  const verdict = useMemo(() => {
    try {
      return verifyWheelRound(game, secret, previousSecret);
    } catch {
      return null;
    }
  }, [game, secret, previousSecret]);
  const command = `npm run verify:wheel -- --secret ${secret} --round ${game.id} --day ${game.day_of_month} --salt ${game.salt} --segments ${game.layout.segments.length} --public ${game.public_hash}${previousSecret ? ` --previous ${previousSecret}` : ""}`;
  return (
    <section className="wheel-verify" aria-labelledby="wheel-verify-title" data-testid="wheel-verify">
      <h2 id="wheel-verify-title" className="wheel-section-title">
        {t("verify.title")}
      </h2>
      {verdict ? (
        <ul className="wheel-verify-list">
          <Check ok={verdict.publicHashMatches} label={t("verify.public_hash")} testId="verify-public" />
          <Check
            ok={verdict.segmentMatches}
            label={t("verify.segment", { segment: verdict.segment, count: game.layout.segments.length, colour: t(`colours.${verdict.colour}`) })}
            testId="verify-segment"
          />
          <Check ok={verdict.rotateMatches} label={t("verify.rotate")} testId="verify-rotate" />
          <Check ok={verdict.chainLinkHolds} label={t("verify.chain")} testId="verify-chain" />
        </ul>
      ) : (
        <p className="wheel-muted">{t("verify.failed")}</p>
      )}
      <p className="wheel-muted">{t("verify.node")}</p>
      <pre className="formula-block wheel-command" data-testid="wheel-verify-command">
        {command}
      </pre>
    </section>
  );
}

function Check({ ok, label, testId }: { ok: boolean | null; label: string; testId: string }) {
  const { t } = useTranslation("wheel");
  const state = ok === null ? "unknown" : ok ? "ok" : "bad";
  return (
    <li className={`wheel-verify-check is-${state}`} data-testid={testId} data-state={state}>
      <span aria-hidden="true">{ok === null ? "·" : ok ? "✓" : "✗"}</span> {label}
      {ok === null ? <span className="wheel-muted"> — {t("verify.unknown")}</span> : null}
      <span className="sr-only"> — {t(`verify.state.${state}`)}</span>
    </li>
  );
}
