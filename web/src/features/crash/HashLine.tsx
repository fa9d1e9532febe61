// The hash line (§2): the current round's public hash, linking to /provably-fair, and the
// previous round's revealed secret.
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCrashStore } from "./store";

export function HashLine() {
  const { t } = useTranslation("crash");
  const hash = useCrashStore((s) => s.publicHash);
  const roundId = useCrashStore((s) => s.roundId);
  const past = useCrashStore((s) => s.pastGameInfo);
  return (
    <div className="crash-hash">
      <Link to="/provably-fair" className="crash-hash-link" data-testid="crash-hash">
        {t("hash.public", { id: roundId ?? "…" })} <code>{hash || "…"}</code>
      </Link>
      {past && (
        <Link to={`/crash/${past.id}`} className="crash-hash-past">
          {t("hash.previous", { id: past.id, point: past.multiplier.toFixed(2) })} <code>{past.secret_hash}</code>
        </Link>
      )}
    </div>
  );
}
