// §9 "Deposit bonus hint: 10% for adding the site name to the nickname". The nickname is
// normalised first (NFKC folds full-width and other look-alike forms, then lower case; spaces,
// dots and dashes between the letters do not count), so "SkinRush", "ＳｋｉｎＲｕｓｈ" and
// "skin-rush.com" qualify.
import { DEPOSIT } from "../../shared/constants";

export function hasNicknameBonus(username: string): boolean {
  const folded = username
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\s._-]+/g, "");
  return folded.includes(DEPOSIT.nicknameTag);
}
