// The shell's modals: login (content from features/auth), deposit (features/deposit: money and
// skins), cashback (features/cashback), giveaway (features/giveaway), the money withdrawal (features/inventory) and settings. Content loads lazily on first open. Features
// may also render their own <Modal>. A modal titled from its feature's namespace opens once that
// namespace is in (a lazy chunk, web/src/lib/i18n.ts): instantly from the second time on.
import { Suspense } from "react";
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

function LoginDialog() {
  const { t } = useTranslation("auth");
  return (
    <Modal name="login" title={t("login.title")}>
      <LoginModal />
    </Modal>
  );
}

function WithdrawalDialog() {
  const { t } = useTranslation("inventory");
  return (
    <Modal name="withdrawal" title={t("withdrawal.title")} size="md">
      <WithdrawalModal />
    </Modal>
  );
}

function CashbackDialog() {
  const { t } = useTranslation("cashback");
  return (
    <Modal name="cashback" title={t("title")} size="sm">
      <CashbackPanel />
    </Modal>
  );
}

function GiveawayDialog() {
  const { t } = useTranslation("giveaway");
  return (
    <Modal name="giveaway" title={t("title")} size="md">
      <GiveawayModal />
    </Modal>
  );
}

export function ModalHost() {
  const { t } = useTranslation("layout");
  const modal = useUiStore((s) => s.modal);
  return (
    <>
      <Suspense fallback={null}>
        {modal === "login" ? <LoginDialog /> : null}
        {modal === "withdrawal" ? <WithdrawalDialog /> : null}
        {modal === "cashback" ? <CashbackDialog /> : null}
        {modal === "giveaway" ? <GiveawayDialog /> : null}
      </Suspense>
      {modal === "deposit" ? (
        <Modal name="deposit" title={t("modals.deposit")} size="md">
          <DepositDialog />
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
