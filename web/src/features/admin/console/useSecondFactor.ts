// The caller's second factor (shared/api/staff-otp.ts): its status, and the calls that enrol and
// pass it. Passing refetches the status, which opens the console (ConsoleApp's gate). The status
// is asked again when this session's pass runs out, so the gate closes on time.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { otpCalls } from "../../../../../shared/api/staff-otp";
import { api } from "../../../lib/api";

const STATUS_KEY = ["console", "otpStatus"];

export function useOtpStatus() {
  const client = useQueryClient();
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: () => api(otpCalls.status, {}), retry: false, refetchOnWindowFocus: true });
  const until = status.data?.passed_until ?? null;
  useEffect(() => {
    if (until === null) return;
    const timer = setTimeout(() => void client.invalidateQueries({ queryKey: STATUS_KEY }), Math.max(0, until - Date.now()) + 1000);
    return () => clearTimeout(timer);
  }, [until, client]);
  return status;
}

function useRefreshStatus() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: STATUS_KEY });
}

export function useEnroll() {
  return useMutation({ mutationFn: () => api(otpCalls.enroll, {}) });
}

export function useConfirmEnrolment() {
  return useMutation({ mutationFn: (code: string) => api(otpCalls.confirm, { code }) });
}

/** After the recovery codes were shown: the status with the factor on. */
export function useEnrolmentDone() {
  return useRefreshStatus();
}

export function useVerify() {
  const refresh = useRefreshStatus();
  return useMutation({ mutationFn: (code: string) => api(otpCalls.verify, { code }), onSuccess: () => refresh() });
}
