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
