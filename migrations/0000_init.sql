CREATE TABLE `app_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` integer NOT NULL,
	`action` text NOT NULL,
	`target_user_id` integer,
	`details` text DEFAULT '{}' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `audit_actor` ON `audit_log` (`actor_id`);--> statement-breakpoint
CREATE TABLE `auth_states` (
	`state` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`code_verifier` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `batch_guard` (
	`failed` integer NOT NULL,
	CONSTRAINT "batch_guard_never" CHECK("batch_guard"."failed" = 0)
);
--> statement-breakpoint
CREATE TABLE `catalogue` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`market_hash_name` text NOT NULL,
	`name` text NOT NULL,
	`weapon` text NOT NULL,
	`category` text NOT NULL,
	`rarity` text NOT NULL,
	`rarity_color` text NOT NULL,
	`exterior` text,
	`image` text NOT NULL,
	`price` integer NOT NULL,
	`price_updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `catalogue_mhn` ON `catalogue` (`market_hash_name`);--> statement-breakpoint
CREATE INDEX `catalogue_price` ON `catalogue` (`price`);--> statement-breakpoint
CREATE TABLE `chat_ban_reasons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE `house_accounts` (
	`name` text PRIMARY KEY NOT NULL,
	`balance` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `inventory_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_id` integer,
	`catalogue_id` integer NOT NULL,
	`price` integer NOT NULL,
	`status` text DEFAULT 'available' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`catalogue_id`) REFERENCES `catalogue`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "inventory_price_nonneg" CHECK("inventory_items"."price" >= 0)
);
--> statement-breakpoint
CREATE INDEX `inventory_owner_status` ON `inventory_items` (`owner_id`,`status`);--> statement-breakpoint
CREATE TABLE `ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`account` text NOT NULL,
	`delta` integer NOT NULL,
	`balance_after` integer NOT NULL,
	`kind` text NOT NULL,
	`reference` text,
	`idempotency_key` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_idempotency` ON `ledger` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `ledger_user` ON `ledger` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `ledger_kind` ON `ledger` (`kind`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`content` text NOT NULL,
	`is_read` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `notifications_user` ON `notifications` (`user_id`,`is_read`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`avatar` text DEFAULT 'default' NOT NULL,
	`trade_link` text,
	`is_admin` integer DEFAULT false NOT NULL,
	`is_moderator` integer DEFAULT false NOT NULL,
	`is_youtuber` integer DEFAULT false NOT NULL,
	`balance` integer DEFAULT 0 NOT NULL,
	`cashback` integer DEFAULT 0 NOT NULL,
	`banned` integer DEFAULT false NOT NULL,
	`steam_id` text,
	`vk_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "users_balance_nonneg" CHECK("users"."balance" >= 0),
	CONSTRAINT "users_cashback_nonneg" CHECK("users"."cashback" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_steam_id` ON `users` (`steam_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_vk_id` ON `users` (`vk_id`);