// One titled block of a profile page (own and public): a section named by its h2.
import type { ReactNode } from "react";

export function ProfileSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className="profile-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
