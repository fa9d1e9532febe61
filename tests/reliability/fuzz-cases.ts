// Bad inputs generated from a shared zod schema and one valid value of it: every field dropped,
// replaced by a value of another type, by the numbers JSON can smuggle (1e309 → Infinity, -0,
// 2^53, fractions), by huge and empty strings, by arrays and objects, by prototype keys and by
// deep nesting; extra fields (__proto__, constructor, unknown); the whole body as an array, a
// 1 MB body and text that is not JSON. Only the cases the schema itself refuses are kept, so a
// route must refuse each one: the fuzz never sends what the contract says is valid.
import type { z } from "zod";

export interface FuzzCase {
  /** What the case does, for the failure report: "$.amount = -0". */
  label: string;
  /** The raw request body (POST) — not always JSON. */
  text: string;
}

/** A value JSON cannot spell (JSON.stringify would write null): written raw into the text. */
class Raw {
  constructor(readonly token: string) {}
}

const HUGE = "A".repeat(100_000);
const MEGA = "B".repeat(1024 * 1024);

/** Replacements for one field: other types, hostile numbers, strings, shapes and prototype keys. */
function replacements(): Array<[string, unknown]> {
  return [
    ["null", null],
    ["true", true],
    ["0", 0],
    ["-1", -1],
    ["-0", new Raw("-0")],
    ["1.5", 1.5],
    ["2^53", 2 ** 53],
    ["1e309", new Raw("1e309")],
    ["-1e309", new Raw("-1e309")],
    ["1e-400", new Raw("1e-400")],
    ['""', ""],
    ['"1"', "1"],
    ['"NaN"', "NaN"],
    ["a huge string", HUGE],
    ["[]", []],
    ["[1]", [1]],
    ["{}", {}],
    ['{"__proto__":…}', new Raw('{"__proto__":{"isAdmin":true,"balance":1e9}}')],
    ['{"constructor":…}', { constructor: { prototype: { isAdmin: true } } }],
    ["deep nesting", new Raw(`${"[".repeat(5000)}${"]".repeat(5000)}`)],
  ];
}

/** JSON text of `value`, with Raw tokens spliced in where they stand. */
export function toText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_k, v: unknown) => {
    if (v instanceof Raw) {
      raws.push(v.token);
      return `@@raw${raws.length - 1}@@`;
    }
    return v;
  });
  return text.replace(/"@@raw(\d+)@@"/g, (_m, i: string) => raws[Number(i)]!);
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Raw);

/** Every path to a field of `value` (objects and the first element of arrays), to `maxDepth`. */
function paths(value: unknown, maxDepth = 4, at: Array<string | number> = []): Array<Array<string | number>> {
  if (at.length >= maxDepth) return [];
  if (isObject(value)) return Object.keys(value).flatMap((k) => [[...at, k], ...paths(value[k], maxDepth, [...at, k])]);
  if (Array.isArray(value) && value.length > 0) return [[...at, 0], ...paths(value[0], maxDepth, [...at, 0])];
  return [];
}

/** `value` with the field at `path` set to `to` (or removed when `to` is `remove`). */
const remove = Symbol("remove");
function edit(value: unknown, path: Array<string | number>, to: unknown): unknown {
  if (path.length === 0) return to;
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && to === remove) copy.splice(head as number, 1);
    else copy[head as number] = edit(copy[head as number], rest, to);
    return copy;
  }
  const copy: Json = { ...(value as Json) };
  if (rest.length === 0 && to === remove) delete copy[head];
  else copy[head] = edit(copy[head], rest, to);
  return copy;
}

const show = (path: Array<string | number>) => `$${path.map((p) => (typeof p === "number" ? `[${p}]` : `.${p}`)).join("")}`;

/** Would the contract's schema take this text? (Text that is not JSON never is.) */
function accepted(schema: z.ZodType, text: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return false;
  }
  return schema.safeParse(parsed).success;
}

/**
 * The bad bodies of a POST contract, from its body schema and one valid body. `skipped` counts the
 * generated bodies the schema accepts (a loose field, an optional one dropped): not sent.
 */
export function bodyCases(schema: z.ZodType, valid: Json): { cases: FuzzCase[]; skipped: number } {
  const candidates: FuzzCase[] = [];
  for (const path of paths(valid)) {
    candidates.push({ label: `${show(path)} dropped`, text: toText(edit(valid, path, remove)) });
    for (const [name, to] of replacements()) candidates.push({ label: `${show(path)} = ${name}`, text: toText(edit(valid, path, to)) });
  }
  const whole: Array<[string, string]> = [
    ["an unknown field", toText({ ...valid, zz_unknown: 1 })],
    ["a __proto__ field", `${toText(valid).slice(0, -1)}${Object.keys(valid).length ? "," : ""}"__proto__":{"isAdmin":true}}`],
    ["a constructor field", toText({ ...valid, constructor: { prototype: { isAdmin: true } } })],
    ["the body in an array", toText([valid])],
    ["the body as a string", toText(JSON.stringify(valid))],
    ["a 1 MB body", toText({ ...valid, padding: MEGA })],
    ["a 1 MB string as the body", toText(MEGA)],
    ["NaN", `${toText(valid).slice(0, -1)}${Object.keys(valid).length ? "," : ""}"n":NaN}`],
    ["a truncated body", toText(valid).slice(0, -1)],
    ["an empty body", ""],
    ["deep nesting", `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`],
    ["the same key twice", `${toText(valid).slice(0, -1)}${Object.keys(valid).length ? "," : ""}"${Object.keys(valid)[0] ?? "a"}":[]}`],
  ];
  for (const [label, text] of whole) candidates.push({ label, text });
  const cases = candidates.filter((c) => !accepted(schema, c.text));
  return { cases, skipped: candidates.length - cases.length };
}

/** The bad query strings of a GET contract, from its query schema and one valid query. */
export function queryCases(schema: z.ZodType, valid: Record<string, string>): { cases: FuzzCase[]; skipped: number } {
  const values = ["", "NaN", "1e309", "-0", "-1", "1.5", "9007199254740993", "abc", "[]", "{}", "__proto__", "%00", HUGE.slice(0, 10_000)];
  const candidates: Array<{ label: string; query: Array<[string, string]> }> = [];
  const keys = [...new Set([...Object.keys(valid), ...Object.keys((schema as z.ZodObject).shape ?? {})])];
  for (const key of keys) {
    const rest = Object.entries(valid).filter(([k]) => k !== key);
    candidates.push({ label: `${key} dropped`, query: rest });
    for (const v of values) candidates.push({ label: `${key} = ${v.length > 20 ? "a long string" : JSON.stringify(v)}`, query: [...rest, [key, v]] });
  }
  candidates.push({ label: "__proto__ key", query: [...Object.entries(valid), ["__proto__", "x"]] });
  const cases: FuzzCase[] = [];
  let skipped = 0;
  for (const c of candidates) {
    if (schema.safeParse(Object.fromEntries(c.query)).success) skipped++;
    else cases.push({ label: c.label, text: new URLSearchParams(c.query).toString() });
  }
  return { cases, skipped };
}
