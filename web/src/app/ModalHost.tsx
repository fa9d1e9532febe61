// The shell's modals: login (content from features/auth), deposit (features/deposit: money and
// skins), cashback (features/cashback), giveaway (features/giveaway), the money withdrawal (features/inventory) and settings. Content loads lazily on first open. Features
// may also render their own <Modal>.
import { useTranslation } from "react-i18next";
import { Modal } from "../ui/Modal";
import { Spinner } from "../ui/Spinner";
import { lazyScreen, named } from "./ScreenBoundary";
import { useUiStore } from "../lib/uiStore";

const modalFallback = (
  <div className="modal-loading">
    <Spinner />
  </div>
);

const LoginModal = lazyScreen(
  named(() => import("../features/auth/LoginModal"), "LoginModal"),
  modalFallback,
);
const DepositDialog = lazyScreen(
  named(() => import("./DepositWithTradeLink"), "DepositWithTradeLink"),
  modalFallback,
);
const WithdrawalModal = lazyScreen(
  named(() => import("../features/inventory/WithdrawalModal"), "WithdrawalModal"),
  modalFallback,
);
const CashbackPanel = lazyScreen(
  named(() => import("../features/cashback/CashbackPanel"), "CashbackPanel"),
  modalFallback,
);
const GiveawayModal = lazyScreen(
  named(() => import("../features/giveaway/GiveawayModal"), "GiveawayModal"),
  modalFallback,
);
const SettingsModal = lazyScreen(
  named(() => import("../features/settings/SettingsModal"), "SettingsModal"),
  modalFallback,
);
// The chat's modals (rules, commands, clear, moderation): names starting with "chat".
const ChatModals = lazyScreen(
  named(() => import("../features/chat/ChatModals"), "ChatModals"),
  null,
);

export function ModalHost() {
  const { t } = useTranslation("layout");
  const modal = useUiStore((s) => s.modal);
  return (
    <>
      {modal === "login" ? (
        <Modal name="login" title={t("login.title", { ns: "auth" })}>
          <LoginModal />
        </Modal>
      ) : null}
      {modal === "deposit" ? (
        <Modal name="deposit" title={t("modals.deposit")} size="md">
          <DepositDialog />
        </Modal>
      ) : null}
      {modal === "withdrawal" ? (
        <Modal name="withdrawal" title={t("withdrawal.title", { ns: "inventory" })} size="md">
          <WithdrawalModal />
        </Modal>
      ) : null}
      {modal === "cashback" ? (
        <Modal name="cashback" title={t("title", { ns: "cashback" })} size="sm">
          <CashbackPanel />
        </Modal>
      ) : null}
      {modal === "giveaway" ? (
        <Modal name="giveaway" title={t("title", { ns: "giveaway" })} size="md">
          <GiveawayModal />
        </Modal>
      ) : null}
      {modal === "settings" ? (
        <Modal name="settings" title={t("modals.settings")} size="sm">
          <SettingsModal />
        </Modal>
      ) : null}
      {modal?.startsWith("chat") ? <ChatModals /> : null}
    </>
  );
}
