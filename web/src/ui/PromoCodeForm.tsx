// The balance promo code field (§7 usePromo) the profile and /promo both show: the button is off
// until the text can be a code; the notice tells the outcome (the server's §8 key); a refused
// code stays in the field for a fix. Each screen gives its texts and its form's class.
import { useId, useState, type FormEvent } from "react";
import { promoCodeOf, useRedeemPromo } from "../lib/promo";

export interface PromoCodeFormText {
  label: string;
  placeholder: string;
  apply: string;
  applying: string;
  hint?: string;
}

/** `block` is the form's class: its parts are `<block>__label`, `<block>__row`, `<block>__hint`. */
export function PromoCodeForm({ text, block }: { text: PromoCodeFormText; block: string }) {
  const [value, setValue] = useState("");
  const inputId = useId();
  const hintId = useId();
  const redeem = useRedeemPromo(() => setValue(""));
  const code = promoCodeOf(value);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (code && !redeem.isPending) redeem.mutate(code);
  }

  return (
    <form className={block} onSubmit={submit} noValidate aria-busy={redeem.isPending}>
      <label htmlFor={inputId} className={`${block}__label`}>
        {text.label}
      </label>
      <div className={`${block}__row`}>
        <input
          id={inputId}
          type="text"
          name="promocode"
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          placeholder={text.placeholder}
          aria-describedby={text.hint ? hintId : undefined}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <button type="submit" className="button button-primary" disabled={!code || redeem.isPending}>
          {redeem.isPending ? text.applying : text.apply}
        </button>
      </div>
      {text.hint && (
        <p id={hintId} className={`${block}__hint`}>
          {text.hint}
        </p>
      )}
    </form>
  );
}
