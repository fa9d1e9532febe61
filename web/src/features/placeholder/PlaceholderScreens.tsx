// "Coming soon" screens for the routes whose features arrive with later issues. Each shows the
// translated title and a short description of the mode; the layout keeps the mode bar and chat.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { Placeholder } from "../../ui/Placeholder";
import { FaqSection } from "../faq/FaqSection";
import { SupportIcon } from "../../ui/icons";

type PlaceholderKey = "support" | "ticket";

const ICONS: Record<PlaceholderKey, ReactNode> = {
  support: <SupportIcon />,
  ticket: <SupportIcon />,
};

function PlaceholderScreen({ screen }: { screen: PlaceholderKey }) {
  const { t } = useTranslation("placeholder");
  const { id } = useParams();
  return (
    <Placeholder title={t(`${screen}.title`)} description={t(`${screen}.description`)} icon={ICONS[screen]}>
      {id ? <p className="placeholder-id">{t("id_line", { id })}</p> : null}
    </Placeholder>
  );
}

export const SupportPlaceholder = () => (
  <>
    <PlaceholderScreen screen="support" />
    <FaqSection />
  </>
);
export const TicketPlaceholder = () => <PlaceholderScreen screen="ticket" />;
