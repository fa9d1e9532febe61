// The profile's paged lists (POST /api/user/history/*, shared/api/history.ts): each one an
// infinite query whose next page is asked with `before: next` until `next` is null. The keys sit
// under the keys the rest of the app already invalidates, so a deposit, a withdrawal, a cancel or a
// promo code reloads the matching list without knowing about it: the money deposits under
// ["payments"], the skins deposits under ["skinDeposits"], the withdrawals and referrals under
// ["profile"].
import { useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import {
  type CursorJson,
  type GameHistoryBody,
  type GameHistoryMode,
  historyCalls,
  type OwnHistoryList,
  type WithdrawHistoryRow,
} from "../../../../shared/api/history";
import type { PaymentJson } from "../../../../shared/api/payments";
import type { ReferralRowJson } from "../../../../shared/api/promo";
import type { SkinDepositJson } from "../../../../shared/api/skins-deposit";
import { api } from "../../lib/api";
import { PAYMENTS_KEY } from "../../lib/moneyDeposits";
import { queryKeys } from "../../lib/queryKeys";
import { isOpenDeposit, SKIN_DEPOSITS_KEY } from "../../lib/skinsDeposits";

interface Page<R> {
  rows: R[];
  next: CursorJson | null;
}

/** What a paged table needs of its list: the rows so far and the "Show more" state. */
export interface PagedList<R> {
  /** every row of the pages loaded so far, newest first; undefined until the first page arrives */
  rows: R[] | undefined;
  /** the first page failed (nothing to show) */
  failed: boolean;
  /** a further page failed (the rows so far stay) */
  moreFailed: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
  retry(): void;
}

/** A player's game list: ["history", mode, user id]. */
const gameKey = (mode: GameHistoryMode, userId: number) => ["history", mode, userId] as const;

/** The caller's own lists, each under the key its invalidations already use (see the top). */
function ownKey(list: OwnHistoryList): readonly unknown[] {
  if (list === "deposits") return [...PAYMENTS_KEY, "history"];
  if (list === "skinDeposits") return [...SKIN_DEPOSITS_KEY, "history"];
  return [...queryKeys.profile, "history", list];
}

const gameBody = (user_id: number, before: CursorJson | undefined): GameHistoryBody => ({ user_id, before });

/** How often the skins deposits reload while the newest page holds an offer still open (as the deposit dialog does). */
const OPEN_DEPOSIT_POLL_MS = 3_000;

function usePaged<R>(
  queryKey: readonly unknown[],
  fetchPage: (before: CursorJson | undefined, signal: AbortSignal) => Promise<Page<R>>,
  options: { enabled?: boolean; poll?: (firstPage: R[] | undefined) => number | false } = {},
): PagedList<R> {
  const { poll } = options;
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam ?? undefined, signal),
    initialPageParam: null as CursorJson | null,
    getNextPageParam: (last) => last.next,
    enabled: options.enabled ?? true,
    refetchInterval: poll ? (q) => poll(q.state.data?.pages[0]?.rows) : false,
  });
  const { data, isError, isFetchNextPageError, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = query;
  const rows = useMemo(() => data?.pages.flatMap((p) => p.rows), [data]);
  return {
    rows,
    failed: isError && !data,
    moreFailed: isFetchNextPageError,
    hasMore: hasNextPage,
    loadingMore: isFetchingNextPage,
    loadMore: () => void fetchNextPage(),
    retry: () => void refetch(),
  };
}

export function useCrashHistory(userId: number) {
  return usePaged(gameKey("crash", userId), (before, signal) => api(historyCalls.crash, gameBody(userId, before), { signal }));
}
export function useJackpotHistory(userId: number) {
  return usePaged(gameKey("jackpot", userId), (before, signal) => api(historyCalls.jackpot, gameBody(userId, before), { signal }));
}
export function useWheelHistory(userId: number) {
  return usePaged(gameKey("wheel", userId), (before, signal) => api(historyCalls.wheel, gameBody(userId, before), { signal }));
}
export function useCasesHistory(userId: number) {
  return usePaged(gameKey("cases", userId), (before, signal) => api(historyCalls.cases, gameBody(userId, before), { signal }));
}

export function useDepositHistory(): PagedList<PaymentJson> {
  return usePaged(ownKey("deposits"), (before, signal) => api(historyCalls.deposits, { before }, { signal }));
}
export function useSkinDepositHistory(): PagedList<SkinDepositJson> {
  return usePaged(ownKey("skinDeposits"), (before, signal) => api(historyCalls.skinDeposits, { before }, { signal }), {
    poll: (rows) => (rows?.some(isOpenDeposit) ? OPEN_DEPOSIT_POLL_MS : false),
  });
}
export function useWithdrawHistory(): PagedList<WithdrawHistoryRow> {
  return usePaged(ownKey("withdraws"), (before, signal) => api(historyCalls.withdraws, { before }, { signal }));
}
export function useReferralHistory(): PagedList<ReferralRowJson> {
  return usePaged(ownKey("referrals"), (before, signal) => api(historyCalls.referrals, { before }, { signal }));
}
