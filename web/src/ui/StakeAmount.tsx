// The amount staked from the balance (docs/money.md "Money rules"), beside a game's item picker: a typed
// amount (a comma or a dot), ½ / ×2 / max, the balance shown, and why the amount cannot be
// staked (not an amount, above the balance, the game's maximum or the player's own limits) right
// under the field, and what those limits leave (StakeHeadroom).
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatCents, toDollars } from "../../../shared/money";
import { amountText, applyShortcut, parseAmount, type Shortcut } from "../lib/amount";
import type { StakeHeadroom as Headroom } from "../lib/protection";
import { Money } from "./Money";
import { StakeHeadroom } from "./StakeHeadroom";
import "./stake-amount.css";

/** Why an amount cannot be staked (null: it can; an empty field is no stake, not a problem). */
export type AmountIssue = "not_amount" | "above_balance" | "above_max" | "above_limit" | null;

/**
 * `headroom`: what the player's own limits leave for the whole stake (lib/protection.ts
 * useStakeHeadroom), null for none; `itemsCents`: the picked items' value, staked with the amount.
 */
export function amountIssue(text: string, balanceCents: number, maxCents: number, headroom: Headroom | null = null, itemsCents = 0): AmountIssue {
  const over = (cents: number) => headroom !== null && cents + itemsCents > headroom.cents;
  if (text.trim() === "") return over(0) ? "above_limit" : null;
  const cents = parseAmount(text);
  if (cents === null) return "not_amount";
  if (cents > maxCents) return "above_max";
  if (over(cents)) return "above_limit";
  if (cents > balanceCents) return "above_balance";
  return null;
}

interface Props {
  text: string;
  onText(text: string): void;
  balanceCents: number;
  maxCents: number;
  /** what the player's own limits leave for one stake */
  headroom?: Headroom | null;
  /** the picked items' value, staked with the amount */
  itemsCents?: number;
  disabled?: boolean;
  testId?: string;
}

const SHORTCUTS: Shortcut[] = ["half", "double", "max"];

export function StakeAmount({ text, onText, balanceCents, maxCents, headroom = null, itemsCents = 0, disabled, testId }: Props) {
  const { t } = useTranslation("common");
  const id = useId();
  const issue = amountIssue(text, balanceCents, maxCents, headroom, itemsCents);
  const left = headroom === null ? Number.MAX_SAFE_INTEGER : Math.max(0, headroom.cents - itemsCents);
  const cap = Math.min(balanceCents, maxCents, left);
  return (
    <div className="stake-amount" data-testid={testId}>
      <div className="stake-amount__row">
        <label htmlFor={id} className="stake-amount__label">
          {t("stake.amount")}
        </label>
        <span className="stake-amount__balance">
          {t("stake.balance")} <Money amount={toDollars(balanceCents)} />
        </span>
      </div>
      <div className="stake-amount__row">
        <span className="stake-amount__field">
          <span aria-hidden="true">$</span>
          <input
            id={id}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={text}
            disabled={disabled}
            aria-invalid={issue !== null}
            aria-describedby={issue ? `${id}-issue` : undefined}
            onChange={(e) => onText(e.target.value)}
          />
        </span>
        {SHORTCUTS.map((s) => (
          <button
            key={s}
            type="button"
            className="button stake-amount__shortcut"
            disabled={disabled || cap <= 0}
            aria-label={t(`stake.shortcut_label.${s}`)}
            onClick={() => {
              const next = applyShortcut(parseAmount(text), s, cap);
              onText(next > 0 ? amountText(next) : "");
            }}
          >
            {t(`stake.shortcut.${s}`)}
          </button>
        ))}
      </div>
      {issue ? (
        <p id={`${id}-issue`} className="stake-amount__issue" role="status">
          {t(`stake.issue.${issue}`, { max: formatCents(issue === "above_limit" ? left : cap) })}
        </p>
      ) : null}
      <StakeHeadroom headroom={headroom} />
    </div>
  );
}
