// Dev flag only: GET /api/auth/test-login?username=NAME[&role=admin|moderator].

export const DEV_ROLES = ["player", "moderator", "admin"] as const;
export type DevRole = (typeof DEV_ROLES)[number];

/** The query's fields (api() sends a GET's body as its query): a plain player sends no role at all. */
export function testLoginFields(username: string, role: DevRole): { username: string; role?: Exclude<DevRole, "player"> } {
  return role === "player" ? { username: username.trim() } : { username: username.trim(), role };
}

/** The same call as a path with its query string. */
export function testLoginPath(username: string, role: DevRole): string {
  return `/api/auth/test-login?${new URLSearchParams(testLoginFields(username, role))}`;
}
