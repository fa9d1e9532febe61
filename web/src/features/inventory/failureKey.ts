import { ApiError, isBannedError } from "../../lib/api";

/** The server's message key when it gave one; `clientKey` for a network or unexplained failure; null when banned (already told). */
export function failureKey(err: unknown, clientKey: string): string | null {
  if (isBannedError(err)) return null;
  return err instanceof ApiError && err.status !== 0 && err.key !== "app_error.load" ? err.key : clientKey;
}
