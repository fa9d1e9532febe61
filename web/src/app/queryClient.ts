// The React Query client. Server data lives here; UI state lives in uiStore.
import { QueryClient } from "@tanstack/react-query";
import { retryUnless4xx } from "../lib/api";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // 4xx answers do not get better by asking again.
      retry: retryUnless4xx,
    },
  },
});
