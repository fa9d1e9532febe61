// POST /api/all-items/getList as an infinite list: one page of STORE.pageSize cards per fetch,
// the next page while the answer says hasMore. Filters are part of the key, so a new search or
// price bound starts again from page 1.
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { storeCalls } from "../../../../shared/api/store";
import { STEAM_APP_ID } from "../../../../shared/constants";
import { api } from "../../lib/api";
import { queryKeys } from "../../lib/queryKeys";

export interface StoreFilters {
  search: string;
  minPrice?: number;
  maxPrice?: number;
}

export function useStoreList(filters: StoreFilters, signedIn: boolean) {
  return useInfiniteQuery({
    // signedIn: a visitor's list has no max bound, the player's defaults to the balance
    queryKey: [...queryKeys.storeList, filters, signedIn],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api(
        storeCalls.getList,
        {
          appId: STEAM_APP_ID,
          page: pageParam,
          market_hash_name: filters.search || undefined,
          minPrice: filters.minPrice,
          maxPrice: filters.maxPrice,
        },
        { signal },
      ),
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    // a new search keeps the old cards on screen until its first page arrives (no skeleton flash)
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}
