CREATE TABLE `crash_bet_items` (
	`bet_id` text NOT NULL,
	`item_id` integer NOT NULL,
	`price` integer NOT NULL,
	PRIMARY KEY(`bet_id`, `item_id`),
	FOREIGN KEY (`bet_id`) REFERENCES `crash_bets`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`item_id`) REFERENCES `inventory_items`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `crash_bet_items_item` ON `crash_bet_items` (`item_id`);--> statement-breakpoint
CREATE TABLE `crash_bets` (
	`id` text PRIMARY KEY NOT NULL,
	`round_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`bank` integer NOT NULL,
	`auto_withdraw` integer NOT NULL,
	`status` integer DEFAULT 0 NOT NULL,
	`cashout` integer,
	`win` integer DEFAULT 0 NOT NULL,
	`win_item_id` integer,
	`remainder` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`settled_at` integer,
	FOREIGN KEY (`round_id`) REFERENCES `crash_rounds`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`win_item_id`) REFERENCES `inventory_items`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "crash_bets_bank_pos" CHECK("crash_bets"."bank" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `crash_bets_round_user_multiplier` ON `crash_bets` (`round_id`,`user_id`,`auto_withdraw`);--> statement-breakpoint
CREATE INDEX `crash_bets_user` ON `crash_bets` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `crash_rounds` (
	`id` integer PRIMARY KEY NOT NULL,
	`public_hash` text NOT NULL,
	`secret_hash` text,
	`day_of_month` integer NOT NULL,
	`crash_point` integer,
	`status` text DEFAULT 'waiting' NOT NULL,
	`provably_fair` integer DEFAULT true NOT NULL,
	`bank` integer DEFAULT 0 NOT NULL,
	`bets_count` integer DEFAULT 0 NOT NULL,
	`items_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`started_at` integer,
	`crashed_at` integer
);
--> statement-breakpoint
CREATE INDEX `crash_rounds_status` ON `crash_rounds` (`status`,`id`);