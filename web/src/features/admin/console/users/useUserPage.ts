// A user's console page (admins): the user with his lists, and the actions on him. Every action
// refetches the page; the list pages (/admin/users) refetch too.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { adminCalls, type StaffRole } from "../../../../../../shared/api/admin";
import { otpCalls } from "../../../../../../shared/api/staff-otp";
import { api } from "../../../../lib/api";

const userKey = (id: number) => ["console", "user", id] as const;

export function useUserPage(id: number | undefined) {
  return useQuery({
    queryKey: userKey(id ?? 0),
    queryFn: ({ signal }) => api(adminCalls.get, { user_id: id as number }, { signal }),
    enabled: id !== undefined,
    retry: false,
  });
}

export function useUserActions(id: number) {
  const client = useQueryClient();
  const after = async <T>(call: Promise<T>): Promise<T> => {
    const answer = await call;
    await Promise.all([client.invalidateQueries({ queryKey: userKey(id) }), client.invalidateQueries({ queryKey: ["console", "users"] })]);
    return answer;
  };
  return {
    adjust: (amount: number, reason: string) => after(api(adminCalls.adjust, { user_id: id, amount, reason, idempotency_key: crypto.randomUUID() })),
    ban: (reason: string | undefined) => after(api(adminCalls.ban, { user_id: id, ...(reason ? { reason } : {}) })),
    unban: (reason: string | undefined) => after(api(adminCalls.unban, { user_id: id, ...(reason ? { reason } : {}) })),
    setRole: (role: StaffRole) => after(api(adminCalls.setRole, { user_id: id, role })),
    endSession: (session: string | undefined) => after(api(adminCalls.endSessions, { user_id: id, ...(session ? { session } : {}) })),
    resetOtp: () => after(api(otpCalls.reset, { user_id: id })),
  };
}
