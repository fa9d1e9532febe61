// The wheel's geometry and spin math, shared by the room, the screen, the verifier and
// the tests. A layout is the order of the segments (each a colour) and one multiplier per colour;
// it is configuration (wrangler var WHEEL_LAYOUT, parsed by wheelLayoutConfig) and every round
// stores the layout it was played on.
//
// Angles are degrees, clockwise. With the wheel at rotation 0, segment i covers
// [i·w, (i+1)·w) from the pointer at the top (w = 360 / segments). A wheel turned clockwise by R
// shows the point at angle (−R mod 360) under the pointer.
import { z } from "zod";
import { WHEEL_SPIN } from "./constants";
import { E, N_HEX_DIGITS } from "./fairness";

/** The colours in the §7 order (bets by colour: black, green, red, yellow). */
export const WHEEL_COLOURS = ["black", "green", "red", "yellow"] as const;
export const wheelColour = z.enum(WHEEL_COLOURS);
export type WheelColour = z.infer<typeof wheelColour>;

/** One letter per colour in the compact segment string of the WHEEL_LAYOUT var. */
const LETTER: Record<string, WheelColour> = { b: "black", g: "green", r: "red", y: "yellow" };

/**
 * The default order of the 54 segments, one letter each: yellow at 0, black on every even index
 * from 2 (26), and the 27 odd indices share red (17) and green (10) evenly — odd index 2j+1 is
 * green when floor((j+1)·10/27) > floor(j·10/27). No two blacks touch; yellow sits between red
 * and green.
 */
export const DEFAULT_WHEEL_SEGMENTS = "yrbrbgbrbrbgbrbrbgbrbgbrbrbgbrbrbgbrbgbrbrbgbrbrbgbrbg";

export const DEFAULT_WHEEL_MULTIPLIERS: Readonly<Record<WheelColour, number>> = { black: 2, green: 5, red: 3, yellow: 50 };

const multiplier = z.number().int().min(2).max(1000);
const multipliers = z.strictObject({ black: multiplier, green: multiplier, red: multiplier, yellow: multiplier });

/** The layout as it travels in answers and is stored with a round. */
export const wheelLayoutJson = z
  .strictObject({
    segments: z.array(wheelColour).min(4).max(360),
    multipliers,
  })
  .refine((l) => WHEEL_COLOURS.every((c) => l.segments.includes(c)), "every colour needs at least one segment");
export type WheelLayout = z.infer<typeof wheelLayoutJson>;

/**
 * The WHEEL_LAYOUT var: JSON `{"segments": "<letters b g r y>", "multipliers": {...}}` (or the
 * segments as an array of colour names); empty text means the default layout.
 */
export const wheelLayoutConfig = z
  .string()
  .transform((text, ctx) => {
    if (text.trim() === "") return { segments: DEFAULT_WHEEL_SEGMENTS, multipliers: DEFAULT_WHEEL_MULTIPLIERS };
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "WHEEL_LAYOUT is not JSON" });
      return z.NEVER;
    }
  })
  .pipe(
    z.object({
      segments: z.union([
        z
          .string()
          .regex(/^[bgry]+$/)
          .transform(lettersToColours),
        z.array(wheelColour),
      ]),
      multipliers,
    }),
  )
  .pipe(wheelLayoutJson);

function lettersToColours(letters: string): WheelColour[] {
  return [...letters].map((l) => LETTER[l] as WheelColour);
}

/** The default layout (54 segments: black ×2 ×26, red ×3 ×17, green ×5 ×10, yellow ×50 ×1). */
export const DEFAULT_WHEEL_LAYOUT: WheelLayout = wheelLayoutConfig.parse("");

/** Parses the WHEEL_LAYOUT var (missing or empty → the default); throws naming the problem. */
export function layoutFromVar(text: string | undefined): WheelLayout {
  const parsed = wheelLayoutConfig.safeParse(text ?? "");
  if (!parsed.success) throw new Error(`WHEEL_LAYOUT: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
  return parsed.data;
}

/** Segments of each colour. */
export function colourCounts(layout: WheelLayout): Record<WheelColour, number> {
  const counts = { black: 0, green: 0, red: 0, yellow: 0 };
  for (const c of layout.segments) counts[c]++;
  return counts;
}

/**
 * Return to player of a bet on each colour: P(colour) × multiplier = segments of the colour /
 * all segments × multiplier (the default: black 96.30 %, red 94.44 %, green and yellow 92.59 %).
 */
export function colourRtp(layout: WheelLayout): Record<WheelColour, number> {
  const counts = colourCounts(layout);
  const total = layout.segments.length;
  const rtp = { black: 0, green: 0, red: 0, yellow: 0 };
  for (const c of WHEEL_COLOURS) rtp[c] = (counts[c] * layout.multipliers[c]) / total;
  return rtp;
}

/** Degrees one segment spans. */
export function segmentWidth(segmentCount: number): number {
  return WHEEL_SPIN.fullTurn / segmentCount;
}

/**
 * Where inside its segment the pointer stops, as a fraction of the segment's width in
 * [landingMargin, 1 − landingMargin]: from the 13 hex digits of the round hash AFTER the ones that
 * draw the segment (digits 13–25, m / 2^52). Same hash, same place; not always the centre.
 */
export function landingFraction(roundHashHex: string): number {
  const digits = roundHashHex.slice(N_HEX_DIGITS, 2 * N_HEX_DIGITS);
  if (!/^[0-9a-fA-F]{13}$/.test(digits)) throw new RangeError(`not a round hash: ${JSON.stringify(roundHashHex)}`);
  const m = Number(BigInt(`0x${digits}`)) / Number(E);
  const margin = WHEEL_SPIN.landingMargin;
  return margin + (1 - 2 * margin) * m;
}

/**
 * The spin's final rotation in degrees (3 decimals) for the drawn segment: the landing point
 * a = (segment + landingFraction)·w ends under the pointer, after extraTurns full turns plus at
 * least extraAngle degrees: rotate = 360·3 + 4 + ((−a − 4) mod 360), so rotate ≡ −a (mod 360)
 * and 1084 ≤ rotate < 1444.
 */
export function wheelRotate(segment: number, roundHashHex: string, segmentCount: number): number {
  if (!Number.isSafeInteger(segment) || segment < 0 || segment >= segmentCount) throw new RangeError(`segment out of range: ${segment}`);
  const w = segmentWidth(segmentCount);
  const landing = (segment + landingFraction(roundHashHex)) * w;
  const turn = WHEEL_SPIN.fullTurn;
  const rest = mod(-landing - WHEEL_SPIN.extraAngle, turn);
  return Math.round((WHEEL_SPIN.extraTurns * turn + WHEEL_SPIN.extraAngle + rest) * 1000) / 1000;
}

/** The segment under the pointer when the wheel has turned `rotate` degrees clockwise. */
export function segmentAt(rotate: number, segmentCount: number): number {
  const point = mod(-rotate, WHEEL_SPIN.fullTurn);
  return Math.min(segmentCount - 1, Math.floor(point / segmentWidth(segmentCount)));
}

function mod(a: number, m: number): number {
  return ((a % m) + m) % m;
}
