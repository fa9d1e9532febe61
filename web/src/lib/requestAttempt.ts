// One idempotency key per form a player sends (money deposits, money withdrawals): the same form
// sent again (a double click, a retry after a failure) keeps its request id, so the server answers
// the first request again; a changed form gets a new id.
export interface RequestAttempt {
  /** what the request was for, as one string (amount, method, …) */
  form: string;
  requestId: string;
}

/** The same form again keeps its request id (a retry); a changed form gets a new one. */
export function nextAttempt(prev: RequestAttempt | null, form: string, newId: () => string): RequestAttempt {
  return prev && prev.form === form ? prev : { form, requestId: newId() };
}
