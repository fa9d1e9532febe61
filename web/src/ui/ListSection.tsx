// A side panel's content (notifications, streamers): the title with the count on its right, then
// the list or what stands in for it. Styled by `.list-section` (styles/components.css).
import type { ReactNode } from "react";

interface ListSectionProps {
  /** the feature's own class, next to `list-section` */
  className: string;
  title: string;
  /** shown only when there is something to count */
  count?: ReactNode;
  children: ReactNode;
}

export function ListSection({ className, title, count, children }: ListSectionProps) {
  return (
    <section className={`list-section ${className}`} aria-label={title}>
      <header className="list-section__head">
        <h2 className="list-section__title">{title}</h2>
        {count ? <span className="list-section__count">{count}</span> : null}
      </header>
      {children}
    </section>
  );
}
