// The §9 method list as a radio group of tiles (WAI-ARIA radio pattern with a roving tab stop:
// Tab enters on the picked tile, the arrow keys move between the tiles that can be picked and pick
// a money method on the way). Placeholders and methods without credentials stay greyed out with
// their reason (aria-disabled, so screen readers still list them); money methods need an amount
// > 0 (§5). The skins tile is not a money method: activating it switches to the Skins tab, and the
// arrow keys only focus it (landing on it must not yank the player to another tab).
import { type KeyboardEvent, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { DepositMethodJson, MoneyMethodId } from "../../../../shared/api/payments";
import type { Cents } from "../../../../shared/money";
import { isMoneyMethod, isSelectable, methodOff } from "./moneyForm";

interface MethodPickerProps {
  methods: readonly DepositMethodJson[];
  cents: Cents | null;
  selected: MoneyMethodId | null;
  onSelect(id: MoneyMethodId): void;
  onSkins(): void;
  labelledBy: string;
  describedBy?: string;
}

const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

export function MethodPicker({ methods, cents, selected, onSelect, onSkins, labelledBy, describedBy }: MethodPickerProps) {
  const { t } = useTranslation("deposit");
  const tiles = useRef(new Map<string, HTMLButtonElement>());
  const pickable = methods.filter((m) => isSelectable(m, cents));
  const tabStop = pickable.find((m) => m.id === selected)?.id ?? pickable[0]?.id ?? methods[0]?.id;

  const activate = (m: DepositMethodJson) => {
    if (!isSelectable(m, cents)) return;
    if (m.type === "skins") onSkins();
    else if (isMoneyMethod(m.id)) onSelect(m.id);
  };
  const onKey = (e: KeyboardEvent<HTMLButtonElement>, m: DepositMethodJson) => {
    const step = STEP[e.key];
    if (step === undefined || pickable.length === 0) return;
    e.preventDefault();
    const at = pickable.findIndex((x) => x.id === m.id);
    const next = pickable[(at + step + pickable.length) % pickable.length]!;
    tiles.current.get(next.id)?.focus();
    if (next.type === "money" && isMoneyMethod(next.id)) onSelect(next.id);
  };

  return (
    <div className="deposit-methods" role="radiogroup" aria-labelledby={labelledBy} aria-describedby={describedBy}>
      {methods.map((m) => {
        const off = methodOff(m);
        const on = isSelectable(m, cents);
        const checked = m.id === selected;
        const note = off ? t(`money.off.${off}`) : m.type === "skins" ? t("money.skins_hint") : null;
        return (
          <button
            key={m.id}
            ref={(el) => {
              if (el) tiles.current.set(m.id, el);
              else tiles.current.delete(m.id);
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-disabled={!on}
            tabIndex={m.id === tabStop ? 0 : -1}
            className={`deposit-method${checked ? " is-checked" : ""}${off ? " is-off" : ""}${m.type === "skins" ? " is-skins" : ""}`}
            onClick={() => activate(m)}
            onKeyDown={(e) => onKey(e, m)}
            data-testid="deposit-method"
            data-method={m.id}
          >
            <span className="deposit-method__name">{t(`money.method.${m.id}`)}</span>
            {note ? <span className="deposit-method__note">{note}</span> : null}
          </button>
        );
      })}
    </div>
  );
}
