// How the panel shows a notification's texts.

/** Server-made texts like "deposit.success" are translation keys; anything else is shown as is. */
export function isMessageKey(text: string): boolean {
  return /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/.test(text);
}

/**
 * A notification's name is a server code ("balance_adjusted", "deposit.success"): its title is
 * looked up under `names.` in the notifications namespace. null for free text (shown as is).
 */
export function nameKey(name: string): string | null {
  return /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$/.test(name) ? `names.${name}` : null;
}
