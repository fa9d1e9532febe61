// The React Query client. Server data lives here; UI state lives in uiStore.
import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "../lib/api";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // 4xx answers do not get better by asking again.
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
    },
  },
});
