// An audit row's before/after as a readable diff (pure): both states flattened to "path: value"
// lines, and the paths whose value changed, was added or went away.

export interface DiffLine {
  path: string;
  before: string | undefined;
  after: string | undefined;
}

function show(v: unknown): string {
  return typeof v === "string" ? v : JSON.stringify(v);
}

function flatten(v: unknown, path: string, out: Map<string, string>): void {
  if (Array.isArray(v)) {
    if (v.length === 0) out.set(path, "[]");
    else if (v.every((x) => x === null || typeof x !== "object")) out.set(path, v.map(show).join(", "));
    else for (const [i, x] of v.entries()) flatten(x, `${path}[${i}]`, out);
    return;
  }
  if (v !== null && typeof v === "object") {
    const entries = Object.entries(v as Record<string, unknown>);
    if (entries.length === 0 && path) out.set(path, "{}");
    for (const [k, x] of entries) flatten(x, path ? `${path}.${k}` : k, out);
    return;
  }
  if (v !== undefined) out.set(path, show(v));
}

/** The changed paths, in the order they first appear (before's, then after's new ones). */
export function diffStates(before: unknown, after: unknown): DiffLine[] {
  const a = new Map<string, string>();
  const b = new Map<string, string>();
  if (before !== null) flatten(before, "", a);
  if (after !== null) flatten(after, "", b);
  const paths = [...new Set([...a.keys(), ...b.keys()])];
  return paths.filter((p) => a.get(p) !== b.get(p)).map((p) => ({ path: p, before: a.get(p), after: b.get(p) }));
}
