CREATE TABLE `case_items` (
	`case_id` integer NOT NULL,
	`catalogue_id` integer NOT NULL,
	`weight` integer NOT NULL,
	PRIMARY KEY(`case_id`, `catalogue_id`),
	FOREIGN KEY (`case_id`) REFERENCES `cases`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`catalogue_id`) REFERENCES `catalogue`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "case_items_weight_pos" CHECK("case_items"."weight" > 0)
);
--> statement-breakpoint
CREATE TABLE `case_opens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`case_id` integer NOT NULL,
	`price` integer NOT NULL,
	`catalogue_id` integer NOT NULL,
	`item_id` integer NOT NULL,
	`item_price` integer NOT NULL,
	`server_seed_hash` text NOT NULL,
	`client_seed` text NOT NULL,
	`nonce` integer NOT NULL,
	`request_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`case_id`) REFERENCES `cases`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`catalogue_id`) REFERENCES `catalogue`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`item_id`) REFERENCES `inventory_items`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `case_opens_request` ON `case_opens` (`user_id`,`request_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `case_opens_roll` ON `case_opens` (`server_seed_hash`,`nonce`);--> statement-breakpoint
CREATE INDEX `case_opens_user` ON `case_opens` (`user_id`,`id`);--> statement-breakpoint
CREATE TABLE `case_seed_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`server_seed` text NOT NULL,
	`server_seed_hash` text NOT NULL,
	`client_seed` text NOT NULL,
	`nonce` integer NOT NULL,
	`revealed_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `case_seed_history_user` ON `case_seed_history` (`user_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `case_seed_history_hash` ON `case_seed_history` (`server_seed_hash`);--> statement-breakpoint
CREATE TABLE `case_seeds` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`server_seed` text NOT NULL,
	`server_seed_hash` text NOT NULL,
	`client_seed` text NOT NULL,
	`nonce` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "case_seeds_nonce_nonneg" CHECK("case_seeds"."nonce" >= 0)
);
--> statement-breakpoint
CREATE TABLE `cases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`image` text DEFAULT '' NOT NULL,
	`price` integer NOT NULL,
	`priority` integer DEFAULT 0 NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "cases_price_pos" CHECK("cases"."price" > 0)
);
--> statement-breakpoint
CREATE INDEX `cases_listing` ON `cases` (`active`,`priority`);--> statement-breakpoint
CREATE TABLE `chat_mutes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`moderator_id` integer NOT NULL,
	`reason_id` integer NOT NULL,
	`duration_minutes` integer,
	`until` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`lifted_at` integer,
	`lifted_by` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`moderator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reason_id`) REFERENCES `chat_ban_reasons`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`lifted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `chat_mutes_user` ON `chat_mutes` (`user_id`,`lifted_at`);--> statement-breakpoint
CREATE TABLE `store_locks` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`token` text NOT NULL,
	`op` text NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `store_trade_items` (
	`trade_id` text NOT NULL,
	`item_id` integer NOT NULL,
	`catalogue_id` integer NOT NULL,
	`side` text NOT NULL,
	`price` integer NOT NULL,
	`tax` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`trade_id`, `item_id`),
	FOREIGN KEY (`trade_id`) REFERENCES `store_trades`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`item_id`) REFERENCES `inventory_items`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`catalogue_id`) REFERENCES `catalogue`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `store_trade_items_item` ON `store_trade_items` (`item_id`);--> statement-breakpoint
CREATE TABLE `store_trades` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`request_id` text NOT NULL,
	`kind` text NOT NULL,
	`bought` integer DEFAULT 0 NOT NULL,
	`sold` integer DEFAULT 0 NOT NULL,
	`tax` integer DEFAULT 0 NOT NULL,
	`delta` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `store_trades_request` ON `store_trades` (`user_id`,`request_id`);--> statement-breakpoint
CREATE INDEX `store_trades_user` ON `store_trades` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `withdrawal_items` (
	`withdrawal_id` text NOT NULL,
	`item_id` integer NOT NULL,
	`price` integer NOT NULL,
	PRIMARY KEY(`withdrawal_id`, `item_id`),
	FOREIGN KEY (`withdrawal_id`) REFERENCES `withdrawals`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`item_id`) REFERENCES `inventory_items`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `withdrawal_items_item` ON `withdrawal_items` (`item_id`);--> statement-breakpoint
CREATE TABLE `withdrawals` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`request_id` text NOT NULL,
	`status` text DEFAULT 'sending' NOT NULL,
	`trade_link` text NOT NULL,
	`amount` integer NOT NULL,
	`fee` integer NOT NULL,
	`offer_id` text,
	`offer_sent_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`outcome` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "withdrawals_amounts_nonneg" CHECK("withdrawals"."amount" >= 0 AND "withdrawals"."fee" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `withdrawals_request` ON `withdrawals` (`user_id`,`request_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `withdrawals_one_open` ON `withdrawals` (`user_id`) WHERE status IN ('sending', 'moderation');--> statement-breakpoint
CREATE INDEX `withdrawals_due` ON `withdrawals` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `withdrawals_user` ON `withdrawals` (`user_id`,`created_at`);