// "Check a roll": server seed (revealed after a rotation), client seed, nonce and, optionally,
// the hash shown before; computes the pick in this browser and shows which item it names.
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { CaseWithItemsJson } from "../../../../shared/api/cases";
import { ItemImage } from "../../ui/ItemImage";
import { formatChance } from "./CaseItems";
import type { PastRoll } from "./store";
import { verifyCaseRoll, type RollField, type RollInput, type RollVerdict } from "./caseRollCheck";
import { useItemName } from "../../ui/itemWords";

interface VerifyRollProps {
  kase: CaseWithItemsJson;
  input: RollInput;
  onInput(input: RollInput): void;
  rolls: PastRoll[];
  onPickRoll(roll: PastRoll): void;
}

const FIELDS: { field: RollField; mono: boolean }[] = [
  { field: "serverSeed", mono: true },
  { field: "serverSeedHash", mono: true },
  { field: "clientSeed", mono: false },
  { field: "nonce", mono: false },
];

export function VerifyRoll({ kase, input, onInput, rolls, onPickRoll }: VerifyRollProps) {
  const itemName = useItemName();
  const { t, i18n } = useTranslation("cases");
  const [errors, setErrors] = useState<RollField[]>([]);
  const [verdict, setVerdict] = useState<RollVerdict | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const check = verifyCaseRoll(
      input,
      kase.items.map((i) => i.weight),
    );
    if (!check.ok) {
      setErrors(check.errors);
      setVerdict(null);
      return;
    }
    setErrors([]);
    setVerdict(check.verdict);
  };
  const picked = verdict ? kase.items[verdict.index] : undefined;

  return (
    <div className="case-fair__card">
      <h3 className="case-fair__subtitle">{t("verify.title")}</h3>
      {rolls.length > 0 && (
        <div className="case-fair__rolls">
          <p className="case-fair__hint">{t("verify.recent")}</p>
          <ul>
            {rolls.map((r) => (
              <li key={`${r.roll.server_seed_hash}:${r.roll.nonce}`}>
                <button type="button" className="case-link-button" onClick={() => onPickRoll(r)}>
                  {t("verify.roll", { nonce: r.roll.nonce, item: itemName(r.itemName) })}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <form className="case-fair__verify" onSubmit={submit} noValidate>
        {FIELDS.map(({ field, mono }) => {
          const invalid = errors.includes(field);
          return (
            <div key={field} className="case-fair__field">
              <label htmlFor={`case-verify-${field}`}>{t(`verify.${field}`)}</label>
              <input
                id={`case-verify-${field}`}
                className={mono ? "case-fair__mono" : undefined}
                value={input[field]}
                inputMode={field === "nonce" ? "numeric" : undefined}
                autoComplete="off"
                spellCheck={false}
                aria-invalid={invalid || undefined}
                aria-describedby={invalid ? `case-verify-${field}-error` : undefined}
                onChange={(e) => onInput({ ...input, [field]: e.target.value })}
              />
              {invalid && (
                <span id={`case-verify-${field}-error`} className="case-fair__error">
                  {t(`verify.invalid.${field}`)}
                </span>
              )}
            </div>
          );
        })}
        <button type="submit" className="button button-small">
          {t("verify.check")}
        </button>
      </form>
      {verdict && picked && (
        <div className="case-fair__result" role="status" data-testid="case-verify-result">
          <p>{verdict.hashMatches === null ? t("verify.hash_unchecked") : verdict.hashMatches ? t("verify.hash_ok") : t("verify.hash_bad")}</p>
          <div className="case-fair__picked">
            <ItemImage name={picked.market_hash_name} image={picked.image} rarityColor={picked.rarity_color} size={64} />
            <span>
              {t("verify.picked")} <strong>{itemName(picked.market_hash_name)}</strong>
              <span className="case-fair__hint"> · {formatChance(picked.chance, i18n.language)}</span>
            </span>
          </div>
        </div>
      )}
    </div>
  );
}
