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
  chat: [
    "chat_api.message_sent",
    "chat_api.command_sent",
    "chat_api.command_not_found",
    "chat_api.empty",
    "chat_api.too_long",
    "chat_api.links",
    "chat_api.too_fast",
    "chat_api.min_deposit",
    "chat_api.banned",
    "chat_api.banned_forever",
    "chat_api.unauthorized",
    "chat_api.forbidden",
    "chat_api.deleted",
    "chat_api.cleared",
    "chat_api.blocked",
    "chat_api.unblocked",
    "chat_api.message_not_found",
    "chat_api.user_not_found",
    "chat_api.cannot_block_self",
    "chat_api.cannot_block_staff",
    "chat_api.already_blocked",
    "chat_api.not_blocked",
    "chat_api.invalid_reason",
    "chat_api.round_not_found",
    "chat_api.quiz_started",
    "chat_api.quiz_stopped",
    "chat_api.quiz_running",
    "chat_api.quiz_not_running",
    "chat_api.quiz_item_unavailable",
    "chat_api.chat_off",
  ],
  storehouse: [
    "storehouse_api.items_bought",
    "storehouse_api.items_sold",
    "storehouse_api.none_selected",
    "storehouse_api.insufficient_funds",
    "storehouse_api.item_not_found",
    "storehouse_api.items_unavailable",
    "storehouse_api.sale_running",
    "storehouse_api.buy_running",
    "storehouse_api.too_many_items",
  ],
  inventory: [
    "inventory_api.withdraw_sent",
    "inventory_api.withdraw_blocked",
    "inventory_api.trade_link_required",
    "inventory_api.deposit_required",
    "inventory_api.wait_last_withdraw",
    "inventory_api.item_not_found",
    "inventory_api.max_withdraw",
    "inventory_api.market_not_found",
    "inventory_api.items_withdrawing",
    "inventory_api.insufficient_funds",
    "inventory_api.too_many_items",
    "inventory_api.withdraw_completed",
    "inventory_api.withdraw_canceled",
  ],
  cases: [
    "cases_api.case_not_found",
    "cases_api.insufficient_funds",
    "cases_api.case_disabled",
    "cases_api.busy",
    "cases_api.client_seed_saved",
    "cases_api.invalid_client_seed",
    "cases_api.seed_rotated",
    "cases_api.invalid_items",
    "cases_api.invalid_price",
    "cases_api.saved",
    "cases_api.forbidden",
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
  "inventory_error.send_take_withdraw",
  "chat_error.load",
  "chat_error.send_message",
  "chat_error.delete_message",
  "chat_error.mute_user",
  "chat_error.unmute_user",
  "chat_error.clear",
  "chat_error.quiz_start",
  "chat_error.quiz_stop",
  "storehouse_error.load",
  "storehouse_error.load_more",
  "storehouse_error.buy",
  "storehouse_error.sell",
  "cases_error.load",
  "cases_error.open",
  "cases_error.seeds",
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
