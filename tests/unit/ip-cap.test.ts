// The per-IP socket cap shared by the rooms and the relays (worker/rooms/base/ip-cap.ts): the tag
// an upgrade is accepted with, and the refusal once the IP's open sockets reach WS_MAX_PER_IP.
// The rooms' own 429 is in tests/worker/socket-caps.test.ts.
import { describe, expect, it } from "vitest";
import { SOCKET } from "../../shared/constants";
import { ipSocketTags, ipTag, maxSocketsPerIp } from "../../worker/rooms/base/ip-cap";

/** A runtime holding `n` sockets tagged with `tag`, `closed` of them no longer open. */
function runtime(tag: string, n: number, closed = 0) {
  const sockets = Array.from({ length: n }, (_, i) => ({ open: i >= closed }) as unknown as WebSocket);
  return {
    asked: [] as string[],
    getWebSockets(t?: string) {
      this.asked.push(t ?? "");
      return t === tag ? sockets : [];
    },
  };
}
const isOpen = (ws: WebSocket) => (ws as unknown as { open: boolean }).open;
const from = (ip: string | null) => new Request("http://x/ws/crash", { headers: ip ? { "CF-Connecting-IP": ip } : {} });

describe("per-IP socket cap", () => {
  it("reads WS_MAX_PER_IP as digits only, else the default", () => {
    expect(maxSocketsPerIp({ WS_MAX_PER_IP: "3" })).toBe(3);
    for (const bad of [undefined, "", "0", "-1", "1e3", "2.5", " 4", "12345678"]) expect(maxSocketsPerIp({ WS_MAX_PER_IP: bad })).toBe(SOCKET.defaultMaxPerIp);
  });

  it("tags a socket with its IP while the IP is under the cap, and refuses it at the cap", () => {
    const ip = "203.0.113.7";
    expect(ipSocketTags(runtime(ipTag(ip), 2), { WS_MAX_PER_IP: "3" }, from(ip), isOpen)).toEqual([ipTag(ip)]);
    expect(ipSocketTags(runtime(ipTag(ip), 3), { WS_MAX_PER_IP: "3" }, from(ip), isOpen)).toBeNull();
    // another IP is not affected
    expect(ipSocketTags(runtime(ipTag(ip), 3), { WS_MAX_PER_IP: "3" }, from("198.51.100.9"), isOpen)).toEqual([ipTag("198.51.100.9")]);
  });

  it("counts only the sockets still open", () => {
    const ip = "203.0.113.7";
    expect(ipSocketTags(runtime(ipTag(ip), 3, 1), { WS_MAX_PER_IP: "3" }, from(ip), isOpen)).toEqual([ipTag(ip)]);
  });

  it("does not count a request without CF-Connecting-IP (a test calling the worker directly)", () => {
    const rt = runtime("", 100);
    expect(ipSocketTags(rt, { WS_MAX_PER_IP: "1" }, from(null), isOpen)).toEqual([]);
    expect(rt.asked).toEqual([]);
  });

  it("keeps the tag within the runtime's 256 characters", () => {
    expect(ipTag("a".repeat(1000)).length).toBeLessThanOrEqual(256);
  });
});
