// /load (§2): a loader page for windows opened by the site (e.g. the sign-in popup). Opened
// directly (no opener window), it goes back to /.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Spinner } from "../ui/Spinner";

export function LoadPage() {
  const { t } = useTranslation("common");
  const navigate = useNavigate();
  const hasOpener = typeof window !== "undefined" && window.opener !== null;
  useEffect(() => {
    if (!hasOpener) navigate("/", { replace: true });
  }, [hasOpener, navigate]);
  if (!hasOpener) return null;
  return (
    <div className="load-page">
      <Spinner size={40} />
      <p>{t("loading")}</p>
    </div>
  );
}
