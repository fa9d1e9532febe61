// Code comments cite the documents by file and heading: the README's own sections as README + "Heading", every other
// topic as docs/<file>.md + "Heading" (the README's table "Where each topic's document is" lists the files). A section
// that moves or is renamed leaves its citations pointing nowhere, so every citation in the source tree must name a
// markdown heading of its file, and every relative link of README.md and docs/*.md must reach a file (and, with a
// #fragment, a heading of it). A citation may name a heading by its title before a ":" or " (" qualifier
// ("Payments" for "Payments: providers, the sandbox, callback URLs").
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");

/** Scanned for citations: the source folders (bot/ when present) and the root's config files. */
const SOURCE_DIRS = ["worker", "web/src", "shared", "scripts", "tests", "bot"];
const SOURCE_EXT = /\.(ts|tsx|mjs|cjs)$/;
const ROOT_FILES = ["wrangler.toml", ".dependency-cruiser.cjs", "vite.config.ts", "drizzle.config.ts"];
const SKIP_DIRS = new Set(["node_modules", ".wrangler", "dist", "test-results"]);

/**
 * Documents written on branches not merged yet: citations of and links to them are checked once the file exists.
 * Remove an entry when its document has landed.
 */
const PENDING_DOCS = new Set(["docs/support.md"]);

/** A comment's line break inside a citation: the next line's `//`, ` * ` or `#`. */
const CONT = String.raw`[ \t]*\n[ \t]*(?:\/\/|\*|#)[ \t]*`;
const CITATION = new RegExp(String.raw`(?<![\w/.-])(README|docs\/[a-z0-9-]+\.md)(?:[ \t]+|${CONT})"([^"\n]{1,120}?(?:${CONT}[^"\n]{0,120}?)?)"`, "g");

function walk(dir: string, out: string[]): string[] {
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (SOURCE_EXT.test(name)) out.push(full);
  }
  return out;
}

function withoutCodeBlocks(markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[\s\S]*?^```[ \t]*$/gm, "");
}

/** The headings of a markdown file, outside code blocks. */
function headingsOf(file: string): string[] {
  const text = withoutCodeBlocks(readFileSync(file, "utf8"));
  return [...text.matchAll(/^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$/gm)].map((m) => m[1]!.trim());
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

function names(heading: string, cited: string): boolean {
  return heading === cited || heading.startsWith(`${cited}:`) || heading.startsWith(`${cited} (`);
}

interface Citation {
  where: string;
  doc: string;
  heading: string;
}

function citations(): Citation[] {
  const files = SOURCE_DIRS.flatMap((d) => walk(path.join(root, d), []));
  for (const f of ROOT_FILES) if (existsSync(path.join(root, f))) files.push(path.join(root, f));
  const found: Citation[] = [];
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(CITATION)) {
      const line = text.slice(0, m.index).split("\n").length;
      const doc = m[1] === "README" ? "README.md" : m[1]!;
      const heading = m[2]!.replace(new RegExp(CONT, "g"), " ").trim();
      found.push({ where: `${path.relative(root, file)}:${line}`, doc, heading });
    }
  }
  return found;
}

describe("citations of the documents in the code", () => {
  const all = citations();

  it("finds the citations (the scanner still matches the form the code uses)", () => {
    expect(all.length).toBeGreaterThan(100);
  });

  it("names a heading that exists in the cited file", () => {
    const headings = new Map<string, string[] | null>();
    const broken: string[] = [];
    for (const c of all) {
      if (!headings.has(c.doc)) {
        const file = path.join(root, c.doc);
        headings.set(c.doc, existsSync(file) ? headingsOf(file) : null);
      }
      const known = headings.get(c.doc);
      if (known === null && PENDING_DOCS.has(c.doc)) continue;
      if (known === null || known === undefined) broken.push(`${c.where}: ${c.doc} does not exist ("${c.heading}")`);
      else if (!known.some((h) => names(h, c.heading))) broken.push(`${c.where}: ${c.doc} has no heading "${c.heading}"`);
    }
    expect(broken).toEqual([]);
  });
});

describe("links between the documents", () => {
  const docsDir = path.join(root, "docs");
  const markdown = [
    path.join(root, "README.md"),
    ...readdirSync(docsDir)
      .filter((f) => f.endsWith(".md"))
      .map((f) => path.join(docsDir, f)),
  ];

  it("reach an existing file, and a heading of it when they name one", () => {
    const broken: string[] = [];
    for (const file of markdown) {
      const text = withoutCodeBlocks(readFileSync(file, "utf8")).replace(/`[^`\n]*`/g, "");
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1]!;
        if (/^[a-z]+:/i.test(target)) continue; // https:, mailto:
        const [filePart, fragment] = target.split("#") as [string, string | undefined];
        const resolved = filePart === "" ? file : path.resolve(path.dirname(file), filePart);
        const rel = path.relative(root, resolved);
        const where = `${path.relative(root, file)}: (${target})`;
        if (!existsSync(resolved)) {
          if (!PENDING_DOCS.has(rel)) broken.push(`${where} — no such file`);
          continue;
        }
        if (fragment && resolved.endsWith(".md") && !headingsOf(resolved).some((h) => anchorOf(h) === fragment)) {
          broken.push(`${where} — no heading with that anchor`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});
