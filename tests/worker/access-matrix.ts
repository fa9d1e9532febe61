// The staff routes and who may call them — written out by hand, so a contract whose access changes
// by mistake fails tests/worker/staff-access.test.ts until this table agrees (docs/security.md
// "Staff roles"). `audited`: the call changes state, so it must leave an audit_log row.
//   staff        — moderators and admins, past the second factor
//   admin        — admins only, past the second factor
//   staff_factor — moderators and admins, with or without the factor (enrolling and passing it)
export type StaffAccess = "staff" | "admin" | "staff_factor";

export const ACCESS_MATRIX: Record<string, { access: StaffAccess; audited: boolean }> = {
  // the chat (moderators run it)
  "POST /api/chat/delete": { access: "staff", audited: true },
  "POST /api/chat/ban": { access: "staff", audited: true },
  "POST /api/chat/mutes": { access: "staff", audited: false },
  "POST /api/chat/unBan": { access: "staff", audited: true },
  "POST /api/chat/clear": { access: "staff", audited: true },
  "POST /api/admin/chat/quiz/start": { access: "staff", audited: true },
  "POST /api/admin/chat/quiz/items": { access: "staff", audited: false },
  "POST /api/admin/chat/quiz/stop": { access: "staff", audited: true },
  // support
  "POST /api/admin/tickets/list": { access: "staff", audited: false },
  "POST /api/admin/tickets/get": { access: "staff", audited: false },
  "POST /api/admin/tickets/reply": { access: "staff", audited: true },
  "POST /api/admin/tickets/close": { access: "staff", audited: true },
  "POST /api/admin/tickets/reopen": { access: "staff", audited: true },
  "POST /api/admin/chat/log": { access: "staff", audited: false },
  // the second factor
  "POST /api/admin/otp/status": { access: "staff_factor", audited: false },
  "POST /api/admin/otp/enroll": { access: "staff_factor", audited: true },
  "POST /api/admin/otp/confirm": { access: "staff_factor", audited: true },
  "POST /api/admin/otp/verify": { access: "staff_factor", audited: true },
  "POST /api/admin/otp/reset": { access: "admin", audited: true },
  // the economy and the site: admins only
  "POST /api/admin/maintenance": { access: "admin", audited: true },
  "POST /api/admin/users/adjust": { access: "admin", audited: true },
  "POST /api/admin/users/ban": { access: "admin", audited: true },
  "POST /api/admin/users/unban": { access: "admin", audited: true },
  "POST /api/admin/users/search": { access: "admin", audited: false },
  "POST /api/admin/users/get": { access: "admin", audited: false },
  "POST /api/admin/users/sessions/end": { access: "admin", audited: true },
  "POST /api/admin/users/role": { access: "admin", audited: true },
  "POST /api/admin/audit/list": { access: "admin", audited: false },
  "POST /api/admin/cases/list": { access: "admin", audited: false },
  "POST /api/admin/cases/create": { access: "admin", audited: true },
  "POST /api/admin/cases/update": { access: "admin", audited: true },
  "POST /api/admin/cases/publish": { access: "admin", audited: true },
  "POST /api/admin/cases/catalogue": { access: "admin", audited: false },
  "POST /api/admin/crash/forceCrash": { access: "admin", audited: true },
  "POST /api/admin/crash/scheduleTwist": { access: "admin", audited: true },
  "POST /api/admin/giveaways/create": { access: "admin", audited: true },
  "POST /api/admin/giveaways/cancel": { access: "admin", audited: true },
  "POST /api/admin/giveaways/past": { access: "admin", audited: false },
  "POST /api/admin/withdraws/list": { access: "admin", audited: false },
  "POST /api/admin/withdraws/decide": { access: "admin", audited: true },
  "POST /api/admin/payments/list": { access: "admin", audited: false },
  "POST /api/admin/payments/decide": { access: "admin", audited: true },
  "POST /api/admin/dashboard": { access: "admin", audited: false },
  "POST /api/admin/fairness/chains": { access: "admin", audited: false },
  "POST /api/admin/fairness/announce": { access: "admin", audited: true },
  "POST /api/admin/fairness/withdraw": { access: "admin", audited: true },
  // dev flag only: a live room's profile for the benches (read-only)
  "POST /api/admin/rooms/profile": { access: "admin", audited: false },
  "POST /api/admin/prices/refresh": { access: "admin", audited: true },
  "POST /api/admin/promo/create": { access: "admin", audited: true },
  "POST /api/admin/promo/list": { access: "admin", audited: false },
  "POST /api/admin/promo/disable": { access: "admin", audited: true },
  "POST /api/admin/tournaments/template": { access: "admin", audited: false },
  "POST /api/admin/tournaments/save-template": { access: "admin", audited: true },
  "POST /api/admin/tournaments/cancel": { access: "admin", audited: true },
  "POST /api/admin/tournaments/past": { access: "admin", audited: false },
};
