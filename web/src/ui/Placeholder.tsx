// A "coming soon" screen: the mode's translated title and a short description of what it will be.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

export interface PlaceholderProps {
  title: ReactNode;
  description: ReactNode;
  icon?: ReactNode;
  /** Extra lines (e.g. the id a route carries). */
  children?: ReactNode;
}

export function Placeholder({ title, description, icon, children }: PlaceholderProps) {
  const { t } = useTranslation("common");
  return (
    <section className="placeholder" aria-labelledby="placeholder-title">
      <div className="placeholder-card">
        {icon ? <div className="placeholder-icon">{icon}</div> : null}
        <span className="badge badge-soon">{t("coming_soon")}</span>
        <h1 id="placeholder-title" className="placeholder-title">
          {title}
        </h1>
        <p className="placeholder-description">{description}</p>
        {children}
      </div>
    </section>
  );
}
