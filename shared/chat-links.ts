// The chat's link filter (spec §5 Chat: "no links, ids or promos"; docs/security.md "Chat link filter"). Pure and shared:
// the room refuses a player's message with chat_api.links when containsLink() says so.
//
// A message is first normalised the way a reader's eye does it, then searched:
//  1. NFKC (fullwidth ｅｖｉｌ．ｃｏｍ, 𝐛𝐨𝐥𝐝, ⓒⓘⓡⓒⓛⓔⓓ and ․ ﹒ ．dots become plain ASCII);
//  2. invisible characters are removed: format characters (\p{Cf}: zero-width space/joiners,
//     word joiner, BOM, soft hyphen, bidi controls, tags), variation selectors, fillers, controls;
//  3. other dot-like characters (。 ｡ · • ・ …) become ".", and written-out dots ([.], (.), {.},
//     [dot], (dot), " dot ", "(точка)") become "." too; "[:]" becomes ":";
//  4. lower case; a second form drops combining marks (é → e); look-alike letters
//     (Cyrillic/Greek/Armenian/small capitals: "сом" → "com") are also read as Latin.
// Then a form holds a link when it has a scheme (http://, hxxp://), "www.", an IPv4 address, a
// domain-like name `label(.label)+` whose last label is a top-level domain of the public-suffix
// list (tldts; plus the alt roots .i2p/.loki/.eth), a "name .com" dodge with spaces around the
// dot, or a `name.word/path`. Numbers ("2.50", "x1.5", "v1.2.3"), abbreviations ("e.g.", "т.е.",
// "г.Москва") and "..." are not names under a top-level domain, so they pass.
import { parse } from "tldts";

// ── normalisation ────────────────────────────────────────────────────────────
// biome-ignore lint/suspicious/noMisleadingCharacterClass: the class lists invisible marks (variation selectors, fillers) on purpose, each to be removed alone
const INVISIBLE = /[\p{Cf}\u034F\u115F\u1160\u17B4\u17B5\u180B-\u180F\u2800\u3164\uFE00-\uFE0F\uFFA0\u{E0100}-\u{E01EF}]/gu;
const SPACE_LIKE = /[\p{Z}\t\n\v\f\r\u0085]+/gu;
const CONTROL = /\p{Cc}/gu;
/** Full stops and dot-like marks of other scripts (NFKC already turned ․ ﹒ ． into "."). */
const DOT_LIKE =
  /[\u00B7\u0387\u0589\u06D4\u0701\u0702\u1362\u166E\u1803\u1809\u2022\u2027\u2219\u22C5\u2E33\u2E3C\u3002\u30FB\uA4FE\uA60E\uA6F3\uFE12\uFF61\uFF65]/gu;
/** [.] (.) {.} <.> [dot] (dot) (точка) [тчк], with or without spaces around. */
const BRACKET_DOT = /\s*[[({<]\s*(?:\.|dot|d0t|точка|тчк)\s*[\])}>]\s*/gu;
/** " dot " / " точка " as a word between two words, or "-dot-" / "_dot_" joining them. */
const WORD_DOT = /(?:\s+|[-_]+)(?:dot|d0t|точка|тчк)(?:\s+|[-_]+)/gu;
/** A dot written as a URL or HTML escape, or escaped with a backslash: %2e, &#46;, &#x2e;, &period;, \. */
const ENCODED_DOT = /%2e|&#0*46;?|&#x0*2e;?|&period;|\\\./gu;
const BRACKET_COLON = /[[({<]\s*:\s*[\])}>]/gu;
const MARKS = /[\p{Mn}\p{Me}]/gu;

/** Letters that read as Latin ones (lower case; upper-case look-alikes are listed by their lower case). */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  а: "a",
  в: "b",
  г: "r",
  е: "e",
  ё: "e",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  п: "n",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  ь: "b",
  ѕ: "s",
  і: "i",
  ї: "i",
  ј: "j",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  һ: "h",
  ӏ: "l",
  ү: "y",
  ұ: "y",
  ɡ: "g",
  // Greek
  α: "a",
  β: "b",
  γ: "y",
  ε: "e",
  η: "n",
  ι: "i",
  κ: "k",
  μ: "u",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  ω: "w",
  ϲ: "c",
  ϳ: "j",
  ς: "c",
  // Armenian
  օ: "o",
  ս: "u",
  ո: "n",
  հ: "h",
  ց: "g",
  // Latin look-alikes NFKC keeps: dotless i/j, small capitals
  ı: "i",
  ȷ: "j",
  ɑ: "a",
  ɩ: "i",
  ᴀ: "a",
  ʙ: "b",
  ᴄ: "c",
  ᴅ: "d",
  ᴇ: "e",
  ɢ: "g",
  ʜ: "h",
  ɪ: "i",
  ᴊ: "j",
  ᴋ: "k",
  ʟ: "l",
  ᴍ: "m",
  ɴ: "n",
  ᴏ: "o",
  ᴘ: "p",
  ʀ: "r",
  ꜱ: "s",
  ᴛ: "t",
  ᴜ: "u",
  ᴠ: "v",
  ᴡ: "w",
  ʏ: "y",
  ᴢ: "z",
};
const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join("")}]`, "gu");

function toLatin(text: string): string {
  return text.replace(LOOK_ALIKE, (c) => LOOK_ALIKES[c] ?? c);
}

/**
 * Steps 1, 2 and 4 (without look-alikes): NFKC, invisible characters and controls removed, runs
 * of spaces made one, lower case. The chat log's text search folds both the message and the
 * query this way (worker/rooms/chat/log.ts), so "ＢＯＴ" and "b\u200Bot" are found by "bot".
 */
export function foldChatText(text: string): string {
  return text.normalize("NFKC").replace(INVISIBLE, "").replace(SPACE_LIKE, " ").replace(CONTROL, "").toLowerCase();
}

/**
 * The forms of a message the patterns are tried on: normalised; the same without combining
 * marks (duplicates dropped). Look-alike letters are mapped per candidate (hasDomain) and for
 * the other patterns (containsLink).
 */
export function linkForms(text: string): string[] {
  const base = foldChatText(text).replace(ENCODED_DOT, ".").replace(DOT_LIKE, ".").replace(BRACKET_DOT, ".").replace(WORD_DOT, ".").replace(BRACKET_COLON, ":");
  const unmarked = base.normalize("NFKD").replace(MARKS, "").normalize("NFC");
  return [...new Set([base, unmarked])];
}

// ── top-level domains ────────────────────────────────────────────────────────
/** Alternative roots outside the public-suffix list (.onion is in it). */
const ALT_ROOTS = new Set(["i2p", "loki", "eth"]);
/** Cyrillic spellings readers take for a common domain ("сайт.ру"); .ком and .рф are real. */
const CYRILLIC_SPELLINGS = new Set(["ру", "су"]);
/**
 * A name made only of look-alike letters ("ну.вот" → "hy.bot") is Russian text, not a dodge,
 * unless it maps onto one of these common endings ("вк.сом" → "bk.com").
 */
const COMMON_TLDS = new Set([
  "com",
  "net",
  "org",
  "ru",
  "su",
  "io",
  "me",
  "gg",
  "xyz",
  "info",
  "biz",
  "pro",
  "top",
  "site",
  "bet",
  "cc",
  "to",
  "tv",
  "co",
  "ly",
  "us",
]);
/**
 * A one-character name ("t.me", "x.com") counts only with these endings, so "e.g.", "i.e.",
 * "т.е." and "г.Москва" stay text.
 */
const SHORT_NAME_TLDS = new Set([
  ...["me", "co", "ly", "gg", "io", "to", "so", "cc", "tv", "ai", "ru", "su", "us", "uk", "de", "рф"],
  ...["com", "net", "org", "info", "biz", "pro", "xyz", "top", "site", "online", "shop", "store", "club", "fun", "win", "bet"],
  ...["casino", "games", "gift", "money", "cash", "market", "trade", "skin", "skins", "link", "live", "vip", "icu", "cloud"],
  ...["app", "dev", "onion"],
]);

function isTld(label: string): boolean {
  if (ALT_ROOTS.has(label)) return true;
  if (!/^[\p{L}][\p{L}\p{N}-]*$/u.test(label) && !label.startsWith("xn--")) return false;
  return parse(`x.${label}`, { allowPrivateDomains: false, validateHostname: false, detectIp: false, extractHostname: false }).isIcann === true;
}

/** `label(.label)+`: letters, digits, "-" and "_" (a reader ignores that hosts cannot have "_"). */
const DOMAIN_LIKE = /(?<![\p{L}\p{N}_-])[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)+/gu;

function namesDomain(candidate: string, guarded: boolean): boolean {
  const labels = candidate.split(".");
  const tld = labels.at(-1)!.replace(/^-+|-+$/g, "");
  const name = labels.at(-2)!.replace(/^[-_]+|[-_]+$/g, "");
  if (name === "" || !isTld(tld)) return false;
  if (guarded && !COMMON_TLDS.has(tld)) return false;
  if ([...name].length === 1 && labels.length === 2) return SHORT_NAME_TLDS.has(tld);
  return true;
}

/** A domain-like name under a real top-level domain, read as written or with look-alikes mapped. */
function hasDomain(form: string): boolean {
  for (const [candidate] of form.matchAll(DOMAIN_LIKE)) {
    if (namesDomain(candidate, false)) return true;
    const labels = candidate.split(".");
    if (CYRILLIC_SPELLINGS.has(labels.at(-1)!) && labels.at(-2)!.length > 1) return true;
    const latin = toLatin(candidate);
    // only Cyrillic/Greek letters: a Latin reading counts for the common endings only
    if (latin !== candidate && namesDomain(latin, !/[a-z]/.test(candidate))) return true;
  }
  return false;
}

// ── the other shapes of a link ───────────────────────────────────────────────
/** Popular endings caught with spaces around the dot: "site .com", "site . ru". */
const SPACED_TLDS = ["com", "net", "org", "ru", "рф", "gg", "io", "xyz", "top", "pro", "bet", "site", "info", "biz", "su", "onion"];
/** With a space after the dot only ("site. com"): endings that are not everyday words. */
const SPACED_AFTER_TLDS = ["com", "net", "org", "ru", "рф", "xyz", "info", "biz", "onion"];

const LABEL = "[\\p{L}\\p{N}](?:[\\p{L}\\p{N}_-]{0,61}[\\p{L}\\p{N}])?";
const END = "(?![\\p{L}\\p{N}_-])";
const PATTERNS: RegExp[] = [
  // any scheme, defanged ones too: http://, hxxps://, ftp://, steam://…
  /[a-z][a-z0-9+.-]*:\/\//i,
  // www.anything
  /(?<![\p{L}\p{N}])www\d?\.[\p{L}\p{N}]/iu,
  // an IPv4 address (with or without a port)
  /(?<![\p{N}.])\d{1,3}(?:\.\d{1,3}){3}(?![\p{N}]|\.\d)/u,
  // a dodge with spaces around the dot: "site .com", "skins . ru", "site. com"
  new RegExp(`${LABEL}\\s+\\.\\s*(?:${SPACED_TLDS.join("|")})${END}`, "iu"),
  new RegExp(`${LABEL}\\.\\s+(?:${SPACED_AFTER_TLDS.join("|")})${END}`, "iu"),
  // any name.name followed by a path: go.to/x, something.weird/abc
  new RegExp(`${LABEL}\\.\\p{L}{2,}\\/[^\\s]`, "iu"),
];

// ── what a reader would type ────────────────────────────────────────────────
/** Endings a reader types after a dodged separator ("evil,com", "e.v.i.l.c.o.m"): none is an everyday word. */
const DODGE_TLDS = ["com", "net", "org", "ru", "su", "xyz", "info", "biz", "onion"];
/**
 * A Latin name of three or more characters and a separator standing in for the dot before a dodge
 * ending. "," ":" "\\" stand in before any of them ("evil,com", "skins:ru"); "_" and "/" only
 * before endings no nickname or language pair ends in ("evil_com", "evil/com" — while
 * "ivan_ru", "sky_net", "en/ru", "faq/info" stay text).
 */
const SEPARATOR_DODGE = new RegExp(
  `(?<![\\p{L}\\p{N}_-])(?=[\\p{N}-]*[a-z])[a-z\\d][a-z\\d-]{2,}(?:[,:\\\\](?:${DODGE_TLDS.join("|")})|[_/](?:com|org|xyz|biz|onion))${END}`,
  "u",
);
/**
 * Brand hosts whose name a reader completes whatever stands between its parts: "t me/x" and
 * "discord gg/x" (a path after them; "discord gg" alone too, "go discord, gg" is a sentence),
 * "vk com", "bit ly", "twitch tv", "youtu be".
 */
const BRANDS = new RegExp(
  [
    "(?<![\\p{L}\\p{N}])(?:",
    "t[\\s.,:_\\\\-]+me\\s*\\/",
    "|discord[\\s._\\\\-]*(?:gg|app)\\s*\\/",
    "|discord[\\s._\\\\-]*gg(?![\\p{L}\\p{N}])",
    "|(?:vk[\\s.,:/_\\\\-]+(?:com|cc|me)|bit[\\s.,:/_\\\\-]+ly|twitch[\\s.,:/_\\\\-]+tv|youtu[\\s.,:/_\\\\-]+be)(?![\\p{L}])",
    ")",
  ].join(""),
  "u",
);
/** An IPv4 address with spaces around its dots: "1 . 2 . 3 . 4". */
const SPACED_IP = /(?<![\p{N}.])\d{1,3}(?:\s*\.\s*\d{1,3}){3}(?![\p{N}]|\s*\.\s*\d)/u;
/** An IPv4 address written as one hexadecimal number: 0x7f000001. */
const HEX_IP = /(?<![\p{L}\p{N}])0x[0-9a-f]{7,8}(?![\p{L}\p{N}])/u;
/** A 9–10 digit number, a browser's decimal IPv4 (2130706433) — and an account id, also banned (§5). */
const DECIMAL = /(?<![\p{L}\p{N}.,])\d{9,10}(?![\p{L}\p{N}.,])/gu;
/** Single letters joined by dots, read as one word: "e.v.i.l.c.o.m". */
const DOTTED_LETTERS = /(?<![\p{L}\p{N}.])[\p{L}\p{N}](?:\.[\p{L}\p{N}]){4,}(?![\p{L}\p{N}])/gu;
const DOTTED_DODGE = new RegExp(`^[\\p{L}\\p{N}]{2,}(?:${DODGE_TLDS.join("|")})$`, "u");
/** A word's ending spelt in dotted single letters, read as one label: "evil.c.o.m" → "evil.com". */
const DOTTED_ENDING = /(?<=[\p{L}\p{N}]{2})\.([\p{L}\p{N}](?:\.[\p{L}\p{N}]){2,})(?![\p{L}\p{N}.])/gu;
/** Runs of three or more single letters between spaces, read as one word: "c o m", "e v i l". */
const SPACED_LETTERS = /(?<![\p{L}\p{N}])[\p{L}\p{N}](?: [\p{L}\p{N}]){2,}(?![\p{L}\p{N}])/gu;
/** A word of two or more letters with digits standing for letters: "c0m", "g00gle". */
const DIGIT_WORD = /(?=(?:[\p{N}]*\p{L}){2})[\p{L}\p{N}]+/gu;
const DIGIT_LETTERS: Record<string, string> = { "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t" };

/** The form with spaced letters joined and digits read as the letters they stand for. */
function readerForm(form: string): string {
  return form
    .replace(SPACED_LETTERS, (run) => run.replaceAll(" ", ""))
    .replace(DOTTED_ENDING, (_m, run: string) => `.${run.replaceAll(".", "")}`)
    .replace(DIGIT_WORD, (word) => word.replace(/[013457]/g, (d) => DIGIT_LETTERS[d] ?? d));
}

function hasNumericAddress(form: string): boolean {
  if (SPACED_IP.test(form) || HEX_IP.test(form)) return true;
  return [...form.matchAll(DECIMAL)].some(([n]) => Number(n) >= 2 ** 24 && Number(n) < 2 ** 32);
}

function hasDottedLetters(form: string): boolean {
  return [...form.matchAll(DOTTED_LETTERS)].some(([run]) => DOTTED_DODGE.test(run.replaceAll(".", "")));
}

/** Whether the text holds anything URL-like once normalised: a scheme, www., an IP or a domain name. */
export function containsLink(text: string): boolean {
  const forms = linkForms(text);
  if (forms.some(hasDomain)) return true;
  const latin = toLatin(forms.at(-1)!);
  if ([...forms, latin].some((form) => PATTERNS.some((p) => p.test(form)))) return true;
  if (forms.some(hasNumericAddress)) return true;
  // the same message as a reader retypes it: spaced letters joined, digits read as letters
  const read = forms.map(readerForm);
  if (read.some((form, i) => form !== forms[i] && hasDomain(form))) return true;
  if ([...read, toLatin(read.at(-1)!)].some((form) => SEPARATOR_DODGE.test(form) || hasDottedLetters(form))) return true;
  return [...read, toLatin(read.at(-1)!)].some((form) => PATTERNS.some((p) => p.test(form)) || BRANDS.test(form));
}
