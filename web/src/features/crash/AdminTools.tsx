// Admin tools (§6, dev flag only): crash now, and Twist — schedule the next crash point (≥ 1).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notify } from "../../lib/uiStore";
import type { CrashConnection } from "./connection";
import { parseTwist } from "./twist";
import { useCrashStore } from "./store";

export function AdminTools({ connection }: { connection: CrashConnection | null }) {
  const { t } = useTranslation("crash");
  const twist = useCrashStore((s) => s.twist);
  const [value, setValue] = useState("");
  const parsed = parseTwist(value);
  return (
    <section className="crash-admin" aria-label={t("admin.label")}>
      <button type="button" className="button button-small" onClick={() => connection?.twist()} data-testid="crash-admin-crash">
        {t("admin.crash_now")}
      </button>
      <form
        className="crash-admin-twist"
        onSubmit={(e) => {
          e.preventDefault();
          if (parsed === null) return notify({ type: "error", message: t("admin.twist_invalid") });
          if (connection?.twist(parsed)) setValue("");
        }}
      >
        <input
          inputMode="decimal"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder="1.00"
          aria-label={t("admin.twist_value")}
          data-testid="crash-admin-twist-value"
        />
        <button type="submit" className="button button-small" disabled={parsed === null} data-testid="crash-admin-twist">
          {t("admin.twist")}
        </button>
        {twist !== null && <span className="crash-muted">{t("admin.twist_set", { value: twist.toFixed(2) })}</span>}
      </form>
    </section>
  );
}
