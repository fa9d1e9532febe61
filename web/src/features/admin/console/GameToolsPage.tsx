// /admin/games: the crash tools of spec §4, admins only (the server checks it on every call).
// "Stop the round": in development it crashes the running round now; in production it is the
// emergency stop — the round is voided and every bet refunded (worker/api/admin/crash.ts). The
// next round's crash point can be set only with the dev flag (such a round is marked not provably
// fair), so that control shows only there.
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { crashCalls } from "../../../../../shared/api/crash";
import { CRASH } from "../../../../../shared/constants";
import { api, failureKey } from "../../../lib/api";
import { useConfig } from "../../../lib/config";
import { displayMessage } from "../../../lib/i18n";
import { notify } from "../../../lib/uiStore";
import { ConfirmButton } from "./ui/ConfirmButton";

/** "2.5" or "2,50" → 2.5 when it is a crash point the server takes (≥ 1, two decimals at most). */
function crashPointOf(raw: string): number | null {
  const text = raw.trim().replace(",", ".");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && value <= CRASH.infiniteMultiplier ? value : null;
}

export default function GameToolsPage() {
  const { t } = useTranslation("console");
  const config = useConfig();
  const dev = config.data?.dev === true;
  return (
    <>
      <h1>{t("games.title")}</h1>
      <section className="console-card" aria-labelledby="games-crash">
        <h2 id="games-crash">{t("games.crash")}</h2>
        <p className="console-hint">{t(dev ? "games.stop_dev_hint" : "games.stop_hint")}</p>
        <div className="console-actions">
          <ConfirmButton
            label={t("games.stop")}
            title={t("games.stop_title")}
            description={t(dev ? "games.stop_dev_hint" : "games.stop_hint")}
            danger
            run={() => api(crashCalls.forceCrash, {})}
            done={t("games.stopped")}
          />
        </div>
        {dev ? <TwistForm /> : null}
      </section>
    </>
  );
}

function TwistForm() {
  const { t } = useTranslation("console");
  const { t: tCommon } = useTranslation();
  const id = useId();
  const [raw, setRaw] = useState("");
  const schedule = useMutation({ mutationFn: (nextCrash: number) => api(crashCalls.scheduleTwist, { nextCrash }) });
  const value = crashPointOf(raw);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (value === null) return;
    schedule.mutate(value, {
      onSuccess: () => notify({ type: "success", message: t("games.twist_done", { value: value.toFixed(2) }) }),
      onError: (err) => {
        const key = failureKey(err, "console_error.action");
        if (key) notify({ type: "error", message: displayMessage(key, tCommon) });
      },
    });
  };
  return (
    <form className="console-inline-form" onSubmit={submit}>
      <div className="console-field">
        <label htmlFor={id}>{t("games.twist_label")}</label>
        <input
          id={id}
          className="input"
          inputMode="decimal"
          value={raw}
          onChange={(e) => setRaw(e.target.value)}
          aria-invalid={raw !== "" && value === null}
          placeholder="2.00"
        />
      </div>
      <p className="console-hint">{t("games.twist_hint")}</p>
      <button type="submit" className="button" disabled={value === null || schedule.isPending}>
        {t("games.twist")}
      </button>
    </form>
  );
}
