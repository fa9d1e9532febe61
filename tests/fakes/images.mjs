// A local stand-in for the item image CDN (ITEM_IMAGE_BASE_URL = <fakes>/img), mounted at /img/*
// by providers.mjs. What it answers for GET /img/<hash>.webp depends on the hash's first hex digit,
// so every catalogue has pictures that load and pictures that fail:
//   0-b → 200 a real 64×64 PNG (a disc tinted by the hash)
//   c-d → 404            e → 500            f → 200 text/html (not an image)
// plus, for the timeout test:
//   GET /img/slow/<file>  → answers after 10 s (longer than the worker waits)
//   GET /img/control/hits?file=<file> → {hits}: how often <file> was asked for (any variant)
import { deflateSync } from "node:zlib";

const FILE_RE = /^[0-9a-f]{64}\.webp$/;
const SLOW_MS = 10_000;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A size×size RGBA PNG: a disc of colour [r,g,b] on transparency. */
export function discPng([r, g, b], size = 64) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  const mid = (size - 1) / 2;
  for (let y = 0; y < size; y++) {
    const row = y * (size * 4 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const inside = (x - mid) ** 2 + (y - mid) ** 2 <= (size * 0.42) ** 2;
      raw.set(inside ? [r, g, b, 255] : [0, 0, 0, 0], row + 1 + x * 4);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
}

/** What the fake does with a file name: "png" | 404 | 500 | "html". */
export function fakeImageOutcome(file) {
  const d = parseInt(file[0], 16);
  if (d <= 0xb) return "png";
  if (d <= 0xd) return 404;
  return d === 0xe ? 500 : "html";
}

export function createImageFake() {
  const hits = new Map();
  return async function images(req, res, url) {
    const parts = url.pathname.split("/").filter(Boolean); // ["img", ...]
    if (parts[1] === "control" && parts[2] === "hits") {
      const file = url.searchParams.get("file") ?? "";
      return res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ hits: hits.get(file) ?? 0 }));
    }
    const slow = parts[1] === "slow";
    const file = parts[slow ? 2 : 1] ?? "";
    if (req.method !== "GET" || parts.length !== (slow ? 3 : 2) || !FILE_RE.test(file)) {
      return res.writeHead(404, { "Content-Type": "text/plain" }).end("no such picture");
    }
    hits.set(file, (hits.get(file) ?? 0) + 1);
    if (slow) await new Promise((r) => setTimeout(r, SLOW_MS));
    if (res.destroyed) return;
    const outcome = fakeImageOutcome(file);
    if (outcome === "png") {
      const rgb = [0, 2, 4].map((i) => parseInt(file.slice(i, i + 2), 16));
      return res.writeHead(200, { "Content-Type": "image/png", "Cache-Control": "public, max-age=86400" }).end(discPng(rgb));
    }
    if (outcome === "html") return res.writeHead(200, { "Content-Type": "text/html" }).end("<html><body>Just a moment...</body></html>");
    return res.writeHead(outcome, { "Content-Type": "text/plain" }).end(outcome === 404 ? "not found" : "upstream error");
  };
}

/**
 * A local stand-in for the avatar hosts (AVATAR_IMAGE_BASE_URL = <fakes>/avatar), mounted at
 * /avatar/* by providers.mjs: GET /avatar/<host>/<path> answers a 64×64 PNG disc, except a path
 * containing "broken" (404) or "fail" (500). GET /avatar/control/hits?path=/<host>/<path> →
 * {hits}: how often that picture was asked for.
 */
export function createAvatarFake() {
  const hits = new Map();
  return async function avatars(req, res, url) {
    const rest = url.pathname.slice("/avatar".length); // "/<host>/<path>"
    if (rest === "/control/hits") {
      const key = url.searchParams.get("path") ?? "";
      return res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ hits: hits.get(key) ?? 0 }));
    }
    if (req.method !== "GET" || !/^\/[a-z0-9.-]+\/./i.test(rest)) return res.writeHead(404, { "Content-Type": "text/plain" }).end("no such avatar");
    hits.set(rest, (hits.get(rest) ?? 0) + 1);
    if (rest.includes("broken")) return res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
    if (rest.includes("fail")) return res.writeHead(500, { "Content-Type": "text/plain" }).end("upstream error");
    let h = 0;
    for (const ch of rest) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
    return res.writeHead(200, { "Content-Type": "image/png" }).end(discPng([h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff]));
  };
}
