// A console table's rows, page after page by cursor (the server's keyset pages): the filters are
// the body with the sort (read from the URL by the page), the cursor the previous page's next_cursor.
import { useInfiniteQuery } from "@tanstack/react-query";
import type { AnswerOf, BodyOf, Contract } from "../../../../../../shared/api/contract";
import { api } from "../../../../lib/api";

export interface KeysetPick<C extends Contract, Row> {
  rows: (answer: AnswerOf<C>) => readonly Row[];
  /** the next page's cursor: a sorted table's opaque position (shared/api/keyset.ts) or a last id */
  next: (answer: AnswerOf<C>) => string | number | null | undefined;
}

export function useKeysetList<C extends Contract, Row>(name: string, call: C, filters: Omit<BodyOf<C>, "cursor">, pick: KeysetPick<C, Row>) {
  const list = useInfiniteQuery({
    queryKey: ["console", name, filters],
    initialPageParam: null as string | number | null,
    queryFn: ({ pageParam, signal }) => api(call, { ...filters, ...(pageParam === null ? {} : { cursor: pageParam }) } as BodyOf<C>, { signal }),
    getNextPageParam: (last) => pick.next(last) ?? null,
    retry: false,
  });
  return { ...list, rows: list.data?.pages.flatMap((p) => pick.rows(p)) ?? [] };
}
