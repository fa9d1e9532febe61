CREATE TABLE `promo_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`kind` text NOT NULL,
	`amount` integer DEFAULT 0 NOT NULL,
	`percent` integer DEFAULT 0 NOT NULL,
	`daily_limit` integer NOT NULL,
	`expires_at` integer,
	`active` integer DEFAULT true NOT NULL,
	`created_by` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "promo_codes_kind" CHECK("promo_codes"."kind" IN ('balance', 'deposit')),
	CONSTRAINT "promo_codes_amount" CHECK("promo_codes"."amount" >= 0 AND "promo_codes"."percent" >= 0 AND "promo_codes"."daily_limit" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `promo_codes_code` ON `promo_codes` (`code`);--> statement-breakpoint
CREATE TABLE `promo_uses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`promo_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`day` integer NOT NULL,
	`amount` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`promo_id`) REFERENCES `promo_codes`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `promo_uses_once` ON `promo_uses` (`promo_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `promo_uses_day` ON `promo_uses` (`promo_id`,`day`);--> statement-breakpoint
CREATE TABLE `referral_earnings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`referrer_id` integer NOT NULL,
	`referee_id` integer NOT NULL,
	`deposit_ref` text NOT NULL,
	`deposit_amount` integer NOT NULL,
	`amount` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`referrer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`referee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `referral_earnings_deposit` ON `referral_earnings` (`deposit_ref`);--> statement-breakpoint
CREATE INDEX `referral_earnings_referrer` ON `referral_earnings` (`referrer_id`,`referee_id`);--> statement-breakpoint
CREATE TABLE `referrals` (
	`referee_id` integer PRIMARY KEY NOT NULL,
	`referrer_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`referee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`referrer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "referrals_not_self" CHECK("referrals"."referee_id" <> "referrals"."referrer_id")
);
--> statement-breakpoint
CREATE INDEX `referrals_referrer` ON `referrals` (`referrer_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `sign_in_referrals` (
	`state` text PRIMARY KEY NOT NULL,
	`referrer_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`referrer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
