// What the round page checks in the browser (docs/fairness.md "Provably fair"): the public hash from the
// revealed secret, the segment n mod segments from keccak256(secret:salt), its colour in the
// round's layout, that `rotate` stops the pointer inside that segment (and is the one the
// landing rule gives), and the chain link to the previous round's secret when it is known.
import type { WheelRoundJson } from "../../../../shared/api/wheel";
import { publicHash, roundHash, verifyChainLink, wheelSegment } from "../../../../shared/fairness";
import { segmentAt, wheelRotate, type WheelColour } from "../../../../shared/wheel-layout";

export interface WheelVerdict {
  segment: number;
  colour: WheelColour;
  publicHashMatches: boolean;
  /** null while the round has no result */
  segmentMatches: boolean | null;
  rotateMatches: boolean | null;
  /** null when the previous secret is not known */
  chainLinkHolds: boolean | null;
}

type Checked = Pick<WheelRoundJson, "id" | "day_of_month" | "public_hash" | "salt" | "segment" | "colour" | "rotate" | "layout">;

export function verifyWheelRound(g: Checked, secret: string, previousSecret: string | null): WheelVerdict {
  const x = secret.trim().toLowerCase();
  const n = g.layout.segments.length;
  const segment = wheelSegment(x, g.salt, n);
  const colour = g.layout.segments[segment] as WheelColour;
  const rotateMatches =
    g.rotate === null ? null : segmentAt(g.rotate, n) === segment && Math.abs(wheelRotate(segment, roundHash(x, g.salt), n) - g.rotate) < 0.001;
  return {
    segment,
    colour,
    publicHashMatches: publicHash(x, g.id, g.day_of_month) === g.public_hash.trim().toLowerCase(),
    segmentMatches: g.segment === null ? null : g.segment === segment && g.colour === colour,
    rotateMatches,
    chainLinkHolds: previousSecret ? verifyChainLink(x, previousSecret) : null,
  };
}
