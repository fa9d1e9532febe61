// Win popups join the notice stack (ui/Notices) instead of floating on their own: one place on
// the screen, chosen so that popups never cover controls (chat header, panel footers).
import type { ReactNode } from "react";
import { createPortal } from "react-dom";

/** The slot inside the notice stack that win popups are portalled into. */
export const WIN_SLOT_ID = "notice-stack-wins";

export function InNoticeStack({ children }: { children: ReactNode }) {
  const slot = typeof document === "undefined" ? null : document.getElementById(WIN_SLOT_ID);
  return slot ? createPortal(children, slot) : children;
}
