// The three rooms (§4 risk levels low / medium / high) as links: the level lives in the URL, so
// the browser's back button and a shared link work; each shows its live bank (the hub's banks
// frame on every change, the open level from its own socket). The hub sends banks only when they
// change, so the other two rooms' banks are read once from POST /api/jackpot/get on arrival.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { jackpotCalls } from "../../../../shared/api/jackpot";
import { JACKPOT_LEVELS, type JackpotLevel } from "../../../../shared/constants";
import { api } from "../../lib/api";
import { useBanksStore } from "../../lib/banksStore";
import { formatDollars } from "../../ui/Money";

export function LevelTabs({ level }: { level: JackpotLevel }) {
  const { t } = useTranslation("jackpot");
  const banks = useBanksStore((s) => s.jackpotLevels);
  useEffect(() => {
    const abort = new AbortController();
    for (const other of JACKPOT_LEVELS.filter((l) => l !== level))
      api(jackpotCalls.get, { level: other }, { signal: abort.signal })
        .then((room) => useBanksStore.getState().setJackpotLevels({ [other]: room.bank }))
        .catch(() => {}); // a tab without its bank until the hub's next push; nothing to tell
    return () => abort.abort();
  }, [level]);
  return (
    <nav className="jackpot-levels" aria-label={t("levels.label")}>
      {JACKPOT_LEVELS.map((l) => (
        <Link
          key={l}
          to={`/jackpot?level=${l}`}
          className={`jackpot-level jackpot-level--${l}`}
          aria-current={l === level ? "page" : undefined}
          data-testid={`jackpot-level-${l}`}
          replace
        >
          <span className="jackpot-level-name">{t(`levels.${l}`)}</span>
          <span className="jackpot-level-bank">{formatDollars(banks[l])}</span>
        </Link>
      ))}
    </nav>
  );
}
