// Join, or why not (§4/§6): a visitor is offered sign-in; otherwise the button is disabled with
// its reason next to it.
import { useTranslation } from "react-i18next";
import { useUiStore } from "../../lib/uiStore";
import type { JoinBlock } from "./joinBlock";

export function JoinButton({ block, onJoin }: { block: JoinBlock | null; onJoin: () => void }) {
  const { t } = useTranslation("giveaway");
  const openModal = useUiStore((s) => s.openModal);
  if (block === "sign_in") {
    return (
      <div className="giveaway-join">
        <p className="giveaway-note">{t("join.sign_in_reason")}</p>
        <button type="button" className="button button-primary" onClick={() => openModal("login")}>
          {t("join.sign_in")}
        </button>
      </div>
    );
  }
  if (block === "member") {
    return (
      <p className="giveaway-join giveaway-in" data-testid="giveaway-in" role="status">
        {t("join.member")}
      </p>
    );
  }
  return (
    <div className="giveaway-join">
      <button
        type="button"
        className="button button-primary"
        data-testid="giveaway-join"
        disabled={block !== null}
        aria-busy={block === "pending"}
        aria-describedby={block ? "giveaway-join-reason" : undefined}
        onClick={onJoin}
      >
        {t("join.button")}
      </button>
      {block && block !== "pending" ? (
        <p id="giveaway-join-reason" className="giveaway-note">
          {t(`join.${block}`)}
        </p>
      ) : null}
    </div>
  );
}
