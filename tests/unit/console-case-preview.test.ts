// The case editor's live numbers (web/src/features/admin/console/economy/casePreview.ts) are the
// server's: for random cases the RTP and the band verdict equal what worker/cases/validation.ts
// decides on save, and the chances equal what the case's page shows (shared/case-odds.ts).
import { describe, expect, it } from "vitest";
import { chancesPercent } from "../../shared/case-odds";
import { CASES } from "../../shared/constants";
import { toDollars } from "../../shared/money";
import { checkCase } from "../../worker/cases/validation";
import { parsePriceCents, parseWeight, previewCase } from "../../web/src/features/admin/console/economy/casePreview";

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

describe("case editor preview", () => {
  it("gives the server's RTP, band verdict and chances for random cases", () => {
    const r = rng(42);
    for (let n = 0; n < 500; n++) {
      const count = 1 + Math.floor(r() * 12);
      const items = Array.from({ length: count }, (_, i) => ({
        catalogue_id: i + 1,
        priceCents: 1 + Math.floor(r() * 500_000),
        weight: 1 + Math.floor(r() * 100_000),
      }));
      const priceCents = 1 + Math.floor(r() * 400_000);
      const preview = previewCase(
        items.map((i) => ({ catalogue_id: i.catalogue_id, price: toDollars(i.priceCents), weight: String(i.weight) })),
        (priceCents / 100).toFixed(2),
      );
      const server = checkCase(
        items.map((i) => ({ catalogue_id: i.catalogue_id, weight: i.weight })),
        new Map(items.map((i) => [i.catalogue_id, i.priceCents])),
        priceCents,
      );
      expect(preview.inBand).toBe(server.ok);
      if (server.ok) expect(preview.rtp).toBe(server.rtp);
      else expect(server.message).toBe("cases_api.invalid_price");
      expect(preview.chances).toEqual(chancesPercent(items));
    }
  });

  it("the band's edges are inside it", () => {
    const items = [{ catalogue_id: 1, price: 1.2, weight: "1" }];
    expect(previewCase(items, "2.40")).toMatchObject({ rtp: CASES.rtpBounds.min, inBand: true });
    expect(previewCase(items, "2.41").inBand).toBe(false);
    expect(previewCase(items, "1.23")).toMatchObject({ rtp: 97.56, inBand: true });
    expect(previewCase(items, "1.22").inBand).toBe(false);
  });

  it("shows nothing for weights or a price the server would refuse", () => {
    const item = (weight: string) => ({ catalogue_id: 1, price: 1, weight });
    for (const w of ["0", "-1", "1.5", "", "abc", "1e3", "10000000000"]) {
      expect(parseWeight(w), w).toBeNull();
      expect(previewCase([item(w)], "1").rtp, w).toBeNull();
    }
    for (const p of ["0", "-1", "1.234", "", "x"]) expect(parsePriceCents(p), p).toBeNull();
    expect(previewCase([item("3")], "").rtp).toBeNull();
    expect(previewCase([item("3")], "").chances).toEqual([100]);
    expect(previewCase([], "1")).toEqual({ chances: [], ev: null, rtp: null, inBand: false });
  });
});
