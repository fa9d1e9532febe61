// One IP holds at most WS_MAX_PER_IP sockets on a room or a relay (docs/security.md): its sockets
// carry the IP as a hibernation tag, which survives hibernation, so the count is the runtime's.
// Cloudflare always sets CF-Connecting-IP; a request without it (a test calling the worker
// directly) is not counted.
import { SOCKET } from "../../../shared/constants";

/** The hibernation tag of the sockets opened from one IP (tags are at most 256 characters). */
export function ipTag(ip: string): string {
  return `ip:${ip.slice(0, 64)}`;
}

/** WS_MAX_PER_IP (digits) or SOCKET.defaultMaxPerIp. */
export function maxSocketsPerIp(env: { WS_MAX_PER_IP?: string }): number {
  const raw = env.WS_MAX_PER_IP ?? "";
  return /^[1-9][0-9]{0,6}$/.test(raw) ? Number(raw) : SOCKET.defaultMaxPerIp;
}

/**
 * The tags to accept a new socket from `request` with, or null when its IP already holds its
 * cap of sockets (`open` tells which of the tagged sockets still count).
 */
export function ipSocketTags(
  ctx: Pick<DurableObjectState, "getWebSockets">,
  env: { WS_MAX_PER_IP?: string },
  request: Request,
  open: (ws: WebSocket) => boolean,
): string[] | null {
  const ip = request.headers.get("CF-Connecting-IP");
  if (!ip) return [];
  return ctx.getWebSockets(ipTag(ip)).filter(open).length >= maxSocketsPerIp(env) ? null : [ipTag(ip)];
}
