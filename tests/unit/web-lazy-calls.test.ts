// The lazy calls of the first load (docs/benchmarks.md "Weight of the first load") name their method and
// path beside a loader of the contract: the two must agree, or the call goes to one route and is
// parsed with another's answer schema.
import { describe, expect, it } from "vitest";
import { logoutCall } from "../../web/src/features/auth/useLogout";
import { currentUserCall } from "../../web/src/lib/session/useCurrentUser";

describe("lazy calls", () => {
  for (const [name, call] of Object.entries({ logoutCall, currentUserCall })) {
    it(`${name} names the method and path of the contract it loads`, async () => {
      const contract = await call.load();
      expect({ method: call.method, path: call.path }).toEqual({ method: contract.method, path: contract.path });
    });
  }
});
