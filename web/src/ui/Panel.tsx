// A side panel (drawer) bound to uiStore.panels[name]. Escape closes the panel (unless a modal is
// open above it); a click on the backdrop closes it; focus moves in and back out.
import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useUiStore, type PanelName } from "../lib/uiStore";
import { focusables } from "./focus";
import { CloseIcon } from "./icons";

export interface PanelProps {
  name: PanelName;
  title: ReactNode;
  children: ReactNode;
  side?: "left" | "right";
  className?: string;
}

export function Panel({ name, ...rest }: PanelProps) {
  const open = useUiStore((s) => s.panels[name]);
  if (!open) return null;
  return <PanelDrawer name={name} {...rest} />;
}

function PanelDrawer({ name, title, children, side = "right", className }: PanelProps) {
  const { t } = useTranslation("common");
  const closePanel = useUiStore((s) => s.closePanel);
  const ref = useRef<HTMLElement>(null);
  const titleId = useId();

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const el = ref.current;
    if (el) (focusables(el).find((x) => !x.classList.contains("panel-close")) ?? el).focus();
    return () => {
      if (opener?.isConnected && (!document.activeElement || document.activeElement === document.body || el?.contains(document.activeElement))) opener.focus();
    };
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && !useUiStore.getState().modal) closePanel(name);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [closePanel, name]);

  return (
    <div className={`panel-layer panel-layer-${side}`} data-panel={name}>
      <div className="panel-backdrop" onClick={() => closePanel(name)} aria-hidden="true" />
      <aside ref={ref} className={`panel panel-${side} panel-${name}${className ? ` ${className}` : ""}`} aria-labelledby={titleId} tabIndex={-1}>
        <div className="panel-head">
          <h2 id={titleId} className="panel-title">
            {title}
          </h2>
          <button type="button" className="icon-button panel-close" onClick={() => closePanel(name)} aria-label={t("close")}>
            <CloseIcon />
          </button>
        </div>
        <div className="panel-body">{children}</div>
      </aside>
    </div>
  );
}
