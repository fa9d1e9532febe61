// Message keys of the error catalogue (spec §8). Server answers carry server keys (`*_api.*`);
// the client shows client keys (`*_error.*`) when a call itself fails. Both are translated in
// web/src/locales/<lng>/errors.json; a text containing a space is shown as is.

export const SERVER_KEYS = {
  app: ["app_api.maintenance", "app_api.not_found", "app_api.invalid_request", "app_api.too_many_requests"],
  user: [
    "user_api.banned",
    "user_api.unauthorized",
    "user_api.forbidden",
    "user_api.link_saved",
    "user_api.link_not_saved",
    "user_api.invalid_trade_link",
    "user_api.user_not_found",
    "user_api.adjusted",
    "user_api.insufficient_balance",
    "user_api.idempotency_conflict",
    "user_api.already_banned",
    "user_api.not_banned",
    "user_api.cannot_ban_self",
    "user_api.login_failed",
    "user_api.invalid_assertion",
    "user_api.notifications_read",
    "user_api.maintenance_on",
    "user_api.maintenance_off",
  ],
  prices: ["prices_api.feed_failed"],
  crash: [
    "crash_api.game_started",
    "crash_api.game_over",
    "crash_api.bet_success",
    "crash_api.no_bet",
    "crash_api.max_bets",
    "crash_api.same_multiplier",
    "crash_api.one_manual",
    "crash_api.abuse_range",
    "crash_api.no_items",
    "crash_api.items_unavailable",
    "crash_api.maintenance",
    "crash_api.unauthorized",
    "crash_api.auto_withdraw_only",
    "crash_api.forbidden",
    "crash_api.round_not_found",
  ],
} as const;

export type ServerKey = (typeof SERVER_KEYS)[keyof typeof SERVER_KEYS][number];

export const CLIENT_KEYS = [
  "app_error.load",
  "app_error.login",
  "user_error.load_profile",
  "user_error.send_promocode",
  "user_error.send_trade_link",
  "user_error.send_take_bonus",
  "user_error.send_cancel_withdrawal",
  "any_user_error.load_by_id",
  "inventory_error.load",
  "inventory_error.reload",
  "notification_error.send_all_read",
  "youtuber_error.load",
] as const;

export type ClientKey = (typeof CLIENT_KEYS)[number];

/** The one error shape: every answer style of §7 (status / type / success) says "error". */
export interface ErrorBody {
  status: "error";
  type: "error";
  success: false;
  message: ServerKey | string;
  [extra: string]: unknown;
}

export function errorBody(message: ServerKey | string, extra: Record<string, unknown> = {}): ErrorBody {
  return { status: "error", type: "error", success: false, message, ...extra };
}
