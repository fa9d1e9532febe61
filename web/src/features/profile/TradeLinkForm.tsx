// Trade link (§7 saveUrl): checked on the client with the server's own schema before sending.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useUiStore } from "../../lib/uiStore";
import { userCalls } from "../../../../shared/api/user";
import { api, ApiError } from "../../lib/api";
import { queryKeys } from "../../lib/queryKeys";
import type { CurrentUser } from "../../lib/session/useCurrentUser";
import { checkTradeLink, STEAM_TRADE_LINK_HELP } from "./tradeLink";
// its .profile-form rules; the withdraw dialog shows this form outside the profile page too
import "./profile.css";

export function TradeLinkForm({ current }: { current: string | null }) {
  const { t } = useTranslation("profile");
  const queryClient = useQueryClient();
  const notify = useUiStore((s) => s.notify);
  const [value, setValue] = useState(current ?? "");
  const [problem, setProblem] = useState<"empty" | "invalid" | "not_yours" | null>(null);
  const inputId = useId();
  const errorId = useId();
  const helpId = useId();
  const reasonId = useId();

  const save = useMutation({
    mutationFn: (trade_link: string) => api(userCalls.saveUrl, { trade_link }),
    onSuccess: (res, trade_link) => {
      notify({ type: "success", message: res.message });
      queryClient.setQueryData<CurrentUser | null>(queryKeys.user, (u) => (u ? { ...u, trade_link } : u));
    },
    onError: (err) => {
      const key = err instanceof ApiError && err.status !== 0 ? err.key : "user_error.send_trade_link";
      notify({ type: "error", message: key });
      if (key === "user_api.invalid_trade_link") setProblem("invalid");
      if (key === "user_api.trade_link_not_yours") setProblem("not_yours");
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const check = checkTradeLink(value);
    if (!check.ok) {
      setProblem(check.reason);
      return;
    }
    setProblem(null);
    setValue(check.value);
    save.mutate(check.value);
  }

  const unchanged = value.trim() === (current ?? "");
  // why Save is off (nothing typed yet, or the saved link itself), said under the field
  const reason = unchanged && !save.isPending && !problem ? (value.trim() === "" ? "empty" : "saved") : null;
  return (
    <form className="profile-form" onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="profile-form__label">
        {t("trade_link.label")}
      </label>
      <div className="profile-form__row">
        <input
          id={inputId}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://steamcommunity.com/tradeoffer/new/?partner=…&token=…"
          value={value}
          aria-invalid={problem !== null}
          aria-describedby={`${problem ? errorId : ""} ${helpId}`.trim()}
          onChange={(e) => {
            setValue(e.target.value);
            if (problem) setProblem(null);
          }}
        />
        <button type="submit" className="button button-primary" disabled={save.isPending || unchanged} aria-describedby={reason ? reasonId : undefined}>
          {save.isPending ? t("trade_link.saving") : t("trade_link.save")}
        </button>
      </div>
      {reason && (
        <p id={reasonId} className="profile-form__hint">
          {t(`trade_link.${reason}`)}
        </p>
      )}
      {problem && (
        <p id={errorId} className="profile-form__error" role="alert">
          {t(`trade_link.${problem}`)}
        </p>
      )}
      <p id={helpId} className="profile-form__hint">
        {t("trade_link.hint")}{" "}
        <a href={STEAM_TRADE_LINK_HELP} target="_blank" rel="noreferrer noopener">
          {t("trade_link.where")}
        </a>
      </p>
    </form>
  );
}
