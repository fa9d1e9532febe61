// Dev flag only: GET /api/auth/test-login?username=NAME[&role=admin|moderator].

export const DEV_ROLES = ["player", "moderator", "admin"] as const;
export type DevRole = (typeof DEV_ROLES)[number];

/** A plain player sends no role at all. */
export function testLoginPath(username: string, role: DevRole): string {
  const q = new URLSearchParams({ username: username.trim() });
  if (role !== "player") q.set("role", role);
  return `/api/auth/test-login?${q}`;
}
