// Runs inside the page (page.evaluate): what is too small for a finger or an eye on a phone.
// Self-contained on purpose: page.evaluate sends the function's source, not its closure.

export interface PhoneOffenders {
  /** controls under minTarget px, as `name (tag.class) W×H` */
  targets: string[];
  /** text under minFont px, as `"text" (tag.class) Npx` */
  texts: string[];
}

export function phoneOffenders({ minTarget, minFont }: { minTarget: number; minFont: number }): PhoneOffenders {
  const describe = (el: Element) => `${el.tagName.toLowerCase()}${el.classList.length ? `.${[...el.classList].join(".")}` : ""}`;
  const nameOf = (el: Element) => {
    const labelledBy = el.getAttribute("aria-labelledby");
    const byId = labelledBy ? document.getElementById(labelledBy.split(" ")[0] ?? "")?.textContent : null;
    const label = el instanceof HTMLInputElement && el.labels?.[0] ? el.labels[0].textContent : null;
    const name = el.getAttribute("aria-label") ?? byId ?? label ?? el.textContent ?? el.getAttribute("title") ?? el.getAttribute("placeholder") ?? "";
    return name.replace(/\s+/g, " ").trim().slice(0, 60) || "(no name)";
  };
  // Shown to the eye: rendered, not transparent, inside the page horizontally, not above it
  // (the skip link waits above the top until focused), not inside an inert or hidden layer.
  const shown = (el: Element) => {
    if (el.closest("[inert], [aria-hidden='true']")) return false;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    if (box.bottom + window.scrollY <= 0 || box.right <= 0 || box.left >= document.documentElement.clientWidth) return false;
    const style = getComputedStyle(el);
    if (style.visibility !== "visible" || Number(style.opacity) === 0) return false;
    return el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };
  // Screen-reader-only text (the .sr-only clip) is read, not seen.
  const clipped = (el: Element) => {
    for (let e: Element | null = el; e; e = e.parentElement) {
      const box = e.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) return true;
      if (getComputedStyle(e).clip === "rect(0px, 0px, 0px, 0px)") return true;
    }
    return false;
  };
  // A link inside a sentence (a <p> or <li> whose own text surrounds it) is sized by the line
  // it sits in, like running text (WCAG 2.5.8 exempts inline targets): measured as text only.
  const inRunningText = (el: Element) => {
    if (el.tagName !== "A" || getComputedStyle(el).display !== "inline") return false;
    const parent = el.parentElement;
    if (!parent || !["P", "LI", "SPAN", "DD", "TD"].includes(parent.tagName)) return false;
    const own = [...parent.childNodes].filter((n) => n !== el).map((n) => n.textContent ?? "");
    return own.join("").trim().length > 0;
  };

  const targets: string[] = [];
  const selector =
    "button, a[href], input:not([type='hidden']), select, textarea, summary, [role='button'], [role='tab'], [role='link'], [role='checkbox'], [role='radio'], [role='switch'], [role='menuitem'], [role='option']";
  for (const el of document.querySelectorAll(selector)) {
    if (!shown(el) || clipped(el) || inRunningText(el)) continue;
    // a checkbox or radio counts by its label, the thing a finger taps
    const tap = el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio") ? (el.closest("label") ?? el) : el;
    const box = tap.getBoundingClientRect();
    // sub-pixel layout: 39.99 is 40
    if (box.width + 0.5 < minTarget || box.height + 0.5 < minTarget) {
      targets.push(`${nameOf(el)} (${describe(el)}) ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
  }

  const texts = new Map<string, string>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.replace(/\s+/g, " ").trim();
    const el = node.parentElement;
    // the drawn item picture (ui/ItemImage) is an image named by its aria-label, not text to read
    if (!text || !el || !shown(el) || clipped(el) || el.closest("[role='img']")) continue;
    const size = Number.parseFloat(getComputedStyle(el).fontSize);
    if (size < minFont) {
      const key = `${describe(el)} ${size}px`;
      if (!texts.has(key)) texts.set(key, `"${text.slice(0, 40)}" (${key})`);
    }
  }
  return { targets, texts: [...texts.values()] };
}
