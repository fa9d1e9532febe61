// Typed translation keys: t("…") is checked against the Russian files (the default language;
// the i18n unit test keeps en's keys identical). A new namespace adds one line here.
import "i18next";
import type admin from "../locales/ru/admin.json";
import type agreement from "../locales/ru/agreement.json";
import type auth from "../locales/ru/auth.json";
import type bonus from "../locales/ru/bonus.json";
import type cases from "../locales/ru/cases.json";
import type cashback from "../locales/ru/cashback.json";
import type chat from "../locales/ru/chat.json";
import type common from "../locales/ru/common.json";
import type consoleShell from "../locales/console/ru/console.json";
import type consoleEconomy from "../locales/console/ru/console_economy.json";
import type crash from "../locales/ru/crash.json";
import type deposit from "../locales/ru/deposit.json";
import type errors from "../locales/ru/errors.json";
import type faq from "../locales/ru/faq.json";
import type fairness from "../locales/ru/fairness.json";
import type giveaway from "../locales/ru/giveaway.json";
import type hub from "../locales/ru/hub.json";
import type inventory from "../locales/ru/inventory.json";
import type items from "../locales/ru/items.json";
import type jackpot from "../locales/ru/jackpot.json";
import type layout from "../locales/ru/layout.json";
import type notifications from "../locales/ru/notifications.json";
import type profile from "../locales/ru/profile.json";
import type promo from "../locales/ru/promo.json";
import type settings from "../locales/ru/settings.json";
import type store from "../locales/ru/store.json";
import type streamers from "../locales/ru/streamers.json";
import type support from "../locales/ru/support.json";
import type titles from "../locales/ru/titles.json";
import type top from "../locales/ru/top.json";
import type tournament from "../locales/ru/tournament.json";
import type wheel from "../locales/ru/wheel.json";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: {
      admin: typeof admin;
      agreement: typeof agreement;
      auth: typeof auth;
      bonus: typeof bonus;
      cases: typeof cases;
      cashback: typeof cashback;
      chat: typeof chat;
      common: typeof common;
      console: typeof consoleShell;
      console_economy: typeof consoleEconomy;
      crash: typeof crash;
      deposit: typeof deposit;
      errors: typeof errors;
      faq: typeof faq;
      fairness: typeof fairness;
      giveaway: typeof giveaway;
      hub: typeof hub;
      inventory: typeof inventory;
      items: typeof items;
      jackpot: typeof jackpot;
      layout: typeof layout;
      notifications: typeof notifications;
      profile: typeof profile;
      promo: typeof promo;
      settings: typeof settings;
      store: typeof store;
      streamers: typeof streamers;
      support: typeof support;
      titles: typeof titles;
      top: typeof top;
      tournament: typeof tournament;
      wheel: typeof wheel;
    };
  }
}
