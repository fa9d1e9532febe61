// The provably-fair form's input checks: what is missing or malformed before computing.
import { isHash } from "../../../../shared/fairness";

export interface VerifyInput {
  roundId: string;
  dayOfMonth: string;
  secret: string;
  salt: string;
  publicHash: string;
}

export type VerifyField = keyof VerifyInput;

export interface ParsedVerifyInput {
  roundId: number;
  dayOfMonth: number;
  secret: string;
  salt: string;
  publicHash?: string;
}

/** The parsed input, or the fields that are wrong. */
export function parseVerifyInput(input: VerifyInput): { ok: true; value: ParsedVerifyInput } | { ok: false; errors: VerifyField[] } {
  const errors: VerifyField[] = [];
  const roundId = /^\d{1,15}$/.test(input.roundId.trim()) ? Number(input.roundId.trim()) : NaN;
  if (!(roundId > 0) || !Number.isSafeInteger(roundId)) errors.push("roundId");
  const day = /^\d{1,2}$/.test(input.dayOfMonth.trim()) ? Number(input.dayOfMonth.trim()) : NaN;
  if (!(day >= 1 && day <= 31)) errors.push("dayOfMonth");
  const secret = input.secret.trim().toLowerCase();
  if (!isHash(secret)) errors.push("secret");
  const salt = input.salt.trim();
  if (!salt) errors.push("salt");
  const publicHash = input.publicHash.trim().toLowerCase();
  if (publicHash && !isHash(publicHash)) errors.push("publicHash");
  if (errors.length) return { ok: false, errors };
  return { ok: true, value: { roundId, dayOfMonth: day, secret, salt, publicHash: publicHash || undefined } };
}

export interface JackpotVerifyInput {
  tickets: string;
  salt: string;
  secret: string;
}

export type JackpotVerifyField = keyof JackpotVerifyInput;

/** The jackpot verifier's input (total tickets T ≥ 1, salt, secret), or the fields that are wrong. */
export function parseJackpotInput(
  input: JackpotVerifyInput,
): { ok: true; value: { tickets: number; salt: string; secret: string } } | { ok: false; errors: JackpotVerifyField[] } {
  const errors: JackpotVerifyField[] = [];
  const tickets = /^\d{1,15}$/.test(input.tickets.trim()) ? Number(input.tickets.trim()) : NaN;
  if (!(tickets > 0) || !Number.isSafeInteger(tickets)) errors.push("tickets");
  const salt = input.salt.trim();
  if (!salt) errors.push("salt");
  const secret = input.secret.trim().toLowerCase();
  if (!isHash(secret)) errors.push("secret");
  if (errors.length) return { ok: false, errors };
  return { ok: true, value: { tickets, salt, secret } };
}
