// What a console page is (the list itself is web/src/app/consolePages.tsx, where the app layer
// puts the features' pages together) and who may open it.
import type { ReactNode } from "react";
import type { ParseKeys } from "i18next";

export type ConsoleRole = "admin" | "moderator";

export interface ConsolePage {
  /** relative to /admin */
  path: string;
  /** the nav entry's key in the "console" namespace; pages without one are reached by links */
  nav?: ParseKeys<"console">;
  /** "staff": moderators and admins; "admin": admins only */
  access: "staff" | "admin";
  element: ReactNode;
}

export function mayOpen(page: Pick<ConsolePage, "access">, role: ConsoleRole): boolean {
  return page.access === "staff" || role === "admin";
}
