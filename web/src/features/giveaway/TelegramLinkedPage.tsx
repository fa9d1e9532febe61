// /telegram/linked: where the Telegram login page sends the player back (#tgAuthResult=…). The
// signed payload is posted to /api/telegram/link; the page then says linked (with the way back)
// or why not. A missing or garbled fragment is told as such, nothing is posted.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { giveawayCalls } from "../../../../shared/api/giveaways";
import { api, failureKey } from "../../lib/api";
import { displayMessage } from "../../lib/i18n";
import { useCurrentUser } from "../../lib/session/useCurrentUser";
import { Spinner } from "../../ui/Spinner";
import { SignInPrompt } from "../../ui/StateNote";
import { giveawayKeys } from "./queries";
import { type FragmentResult, readTelegramFragment } from "./telegramFragment";
import "./giveaway.css";

export default function TelegramLinkedPage() {
  const { t } = useTranslation("giveaway");
  const { t: tCommon } = useTranslation();
  const qc = useQueryClient();
  const user = useCurrentUser();
  const [fragment] = useState<FragmentResult>(() => readTelegramFragment(window.location.hash));
  const link = useMutation({
    mutationKey: ["telegram", "link"],
    mutationFn: (payload: Extract<FragmentResult, { kind: "payload" }>["payload"]) => api(giveawayCalls.telegramLink, payload),
    onSuccess: () => void qc.invalidateQueries({ queryKey: giveawayKeys.mine }),
  });
  const sent = useRef(false);

  useEffect(() => {
    // the signed payload must not stay in the address bar or the history
    if (window.location.hash) window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
  }, []);
  const signedIn = !!user.data;
  const { mutate } = link;
  useEffect(() => {
    if (sent.current || !signedIn || fragment.kind !== "payload") return;
    sent.current = true; // StrictMode runs effects twice in development
    mutate(fragment.payload);
  }, [signedIn, fragment, mutate]);

  let body: React.ReactNode;
  if (fragment.kind !== "payload") body = <p role="alert">{t(`linked_page.${fragment.kind}`)}</p>;
  else if (user.isPending) body = <Spinner />;
  else if (!signedIn) body = <SignInPrompt message={t("linked_page.sign_in")} button={t("join.sign_in")} />;
  else if (link.isError) {
    body = (
      <p role="alert" data-testid="telegram-link-error">
        {displayMessage(failureKey(link.error, "giveaway_error.load_conditions") ?? "giveaway_error.load_conditions", tCommon)}
      </p>
    );
  } else if (link.isSuccess) {
    body = (
      <p role="status" data-testid="telegram-linked">
        {t("linked_page.success", { name: link.data.linked })}
      </p>
    );
  } else body = <Spinner />;

  return (
    <div className="telegram-linked-page">
      <h1>{t("linked_page.title")}</h1>
      {body}
      <Link to="/" className="button">
        {t("linked_page.back")}
      </Link>
    </div>
  );
}
