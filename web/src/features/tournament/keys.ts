// The tournament screen's React Query keys (the live frame updates the same entries).
export const tournamentKeys = {
  all: ["tournament"] as const,
  table: (lang: string, page: number) => ["tournament", "get", lang, page] as const,
  conditions: ["tournament", "conditions"] as const,
};
