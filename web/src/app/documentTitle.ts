// The tab names the screen ("Краш — SkinRush"), in the current language: a tab strip of
// "SkinRush" × 5 tells nothing, and screen readers announce the title on every navigation.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type titlesRu from "../locales/ru/titles.json";

export type ScreenTitle = keyof typeof titlesRu.screen;

export function useDocumentTitle(screen: ScreenTitle | undefined): void {
  const { t, i18n } = useTranslation("titles");
  const title = screen ? t("format", { screen: t(`screen.${screen}`) }) : t("site");
  // biome-ignore lint/correctness/useExhaustiveDependencies: a language switch re-applies the title i18next already changed
  useEffect(() => {
    document.title = title;
  }, [title, i18n.language]);
}
