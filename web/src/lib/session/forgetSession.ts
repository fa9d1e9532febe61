// What a session ending (logout, ban) does to the React Query cache: the user becomes a visitor
// at once (the header shows Login) and everything that belonged to that user is dropped.
import type { QueryClient } from "@tanstack/react-query";
import { queryKeys } from "../queryKeys";

/** Answers that are the same for everyone and survive a sign-out. */
const PUBLIC_QUERIES: ReadonlySet<unknown> = new Set([queryKeys.config[0], queryKeys.youtubers[0], queryKeys.publicUser(0)[0]]);

export function forgetSession(queryClient: QueryClient): void {
  queryClient.setQueryData(queryKeys.user, null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.user[0] && !PUBLIC_QUERIES.has(q.queryKey[0]) });
}
