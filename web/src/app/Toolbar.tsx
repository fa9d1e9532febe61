// Tool bar (§2): social links, the ru/en switch and the settings button.
import { useTranslation } from "react-i18next";
import { LANGUAGES } from "../../../shared/constants";
import { setLanguage } from "../lib/i18n";
import { GearIcon, TelegramIcon, VkIcon, YoutubeIcon } from "../ui/icons";
import { SOCIAL_LINKS } from "./socialLinks";
import { useUiStore } from "../lib/uiStore";

const SOCIAL_ICONS = { telegram: <TelegramIcon />, vk: <VkIcon />, youtube: <YoutubeIcon /> };

export function Toolbar({ className }: { className?: string }) {
  const { t, i18n } = useTranslation("layout");
  const openModal = useUiStore((s) => s.openModal);
  return (
    <div className={`toolbar${className ? ` ${className}` : ""}`}>
      <ul className="toolbar-social" aria-label={t("toolbar.social")}>
        {SOCIAL_LINKS.map((link) => (
          <li key={link.id}>
            <a className="icon-button" href={link.url} target="_blank" rel="noopener noreferrer" aria-label={t(`toolbar.${link.id}`)}>
              {SOCIAL_ICONS[link.id]}
            </a>
          </li>
        ))}
      </ul>
      <div className="toolbar-lang" role="group" aria-label={t("toolbar.language")}>
        {LANGUAGES.map((lng) => (
          <button
            key={lng}
            type="button"
            className="lang-button"
            aria-pressed={i18n.language === lng}
            lang={lng}
            title={t(`toolbar.language_${lng}`)}
            onClick={() => void setLanguage(lng)}
          >
            {lng.toUpperCase()}
          </button>
        ))}
      </div>
      <button type="button" className="icon-button toolbar-settings" onClick={() => openModal("settings")} aria-label={t("toolbar.settings")}>
        <GearIcon />
      </button>
    </div>
  );
}
