// The state of a provably-fair form (crash, jackpot, wheel): the typed fields, and the salt field,
// which shows the published salt until the player types another.
import { useState } from "react";

export function useVerifyForm<I extends { salt: string }>(empty: I, publishedSalt: string | null | undefined) {
  const [input, setInput] = useState<I>(empty);
  const [typedSalt, setTypedSalt] = useState<string | null>(null);
  const salt = typedSalt ?? publishedSalt ?? "";
  return {
    /** Every field as shown (the salt included). */
    values: { ...input, salt } as I,
    set(field: keyof I, value: string) {
      if (field === "salt") setTypedSalt(value);
      else setInput({ ...input, [field]: value });
    },
  };
}
