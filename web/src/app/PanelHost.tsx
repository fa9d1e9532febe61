// Renders the open overlay panels from the registry in panels.tsx.
import { useTranslation } from "react-i18next";
import { Panel } from "../ui/Panel";
import { PANELS } from "./panels";
import type { PanelName } from "../lib/uiStore";

export function PanelHost() {
  const { t } = useTranslation("layout");
  return (
    <>
      {(Object.keys(PANELS) as PanelName[]).map((name) => {
        const entry = PANELS[name]!;
        const title = entry.ownHeading ? <span className="sr-only">{t(entry.titleKey)}</span> : t(entry.titleKey);
        return (
          <Panel key={name} name={name} side={entry.side} title={title} className={entry.ownHeading ? "panel-own-heading" : undefined}>
            <entry.Content />
          </Panel>
        );
      })}
    </>
  );
}
