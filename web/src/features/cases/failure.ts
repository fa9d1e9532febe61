// Which notice an error gets: the server's key when it gave one, else this feature's client key.
import { ApiError, isBannedError } from "../../lib/api";

/** null when nothing should be shown (the banned path already told the user). */
export function failureKey(err: unknown, clientKey: string): string | null {
  if (isBannedError(err)) return null;
  return err instanceof ApiError && err.status !== 0 && err.key !== "app_error.load" ? err.key : clientKey;
}
