// Every route of web/src/app/router.tsx as a screen to walk, with its Russian tab title: the a11y
// walk (axe and the phone width) and the phone walk (tap targets and text size) share it.

export interface Screen {
  path: string;
  /** document.title in Russian */
  title: string;
  signedInOnly?: boolean;
  /** the staff pages: walked as an admin */
  adminOnly?: boolean;
}

/** Seeded rounds and cases have id 1 (scripts/seed-local.mjs writes the demo data). */
export function screens(otherUserId: number): Screen[] {
  return [
    { path: "/", title: "Краш — SkinRush" },
    { path: "/jackpot", title: "Джекпот — SkinRush" },
    { path: "/wheel", title: "Колесо — SkinRush" },
    { path: "/cases", title: "Кейсы — SkinRush" },
    { path: "/cases/1", title: "Открытие кейса — SkinRush" },
    { path: "/crash/1", title: "Раунд краша — SkinRush" },
    { path: "/jackpot/1", title: "Раунд джекпота — SkinRush" },
    { path: "/wheel/1", title: "Раунд колеса — SkinRush" },
    { path: "/tournament", title: "Турнир — SkinRush" },
    { path: "/top", title: "Топ игроков — SkinRush" },
    { path: "/support", title: "Поддержка — SkinRush" },
    { path: "/ticket/1", title: "Обращение в поддержку — SkinRush" },
    { path: "/promo", title: "Промо — SkinRush" },
    { path: "/provably-fair", title: "Честная игра — SkinRush" },
    { path: "/user-agreement", title: "Пользовательское соглашение — SkinRush" },
    { path: "/profile", title: "Профиль — SkinRush", signedInOnly: true },
    // the player's limits and breaks (docs/protection.md); a visitor is asked to sign in
    { path: "/limits", title: "Лимиты и перерывы — SkinRush" },
    // where the payment providers send the player back (docs/payments.md "Payments")
    { path: "/deposit/success", title: "Платёж отправлен — SkinRush", signedInOnly: true },
    { path: "/deposit/fail", title: "Платёж отменён — SkinRush", signedInOnly: true },
    // a public profile is public: visitors see it too (with its h1)
    { path: `/user/${otherUserId}`, title: "Профиль игрока — SkinRush" },
    // where Telegram's login sends the player back (docs/games.md "Giveaways"); without its fragment it says so
    { path: "/telegram/linked", title: "Привязка Telegram — SkinRush" },
    // the operator console: one title for its pages (their own h1 says which)
    { path: "/admin/security", title: "Консоль — SkinRush", adminOnly: true },
    { path: "/admin/withdraws", title: "Консоль — SkinRush", adminOnly: true },
    { path: "/admin/tickets", title: "Консоль — SkinRush", adminOnly: true },
    { path: "/admin/tickets/1", title: "Консоль — SkinRush", adminOnly: true },
    { path: "/admin/cases", title: "Консоль — SkinRush", adminOnly: true },
    { path: "/admin/cases/1", title: "Консоль — SkinRush", adminOnly: true },
    { path: "/admin/promo", title: "Консоль — SkinRush", adminOnly: true },
    { path: "/admin/events", title: "Консоль — SkinRush", adminOnly: true },
    // an unknown path and a sign-in return without a token both land on the home screen
    { path: "/no-such-page", title: "Краш — SkinRush" },
    { path: "/auth/callback", title: "Краш — SkinRush" },
  ];
}
