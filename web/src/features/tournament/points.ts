// Points are whole numbers (one per cent staked), shown with the language's digit grouping.
export function formatPoints(points: number, lang: string): string {
  return new Intl.NumberFormat(lang === "en" ? "en-US" : "ru-RU", { maximumFractionDigits: 0 }).format(points);
}
