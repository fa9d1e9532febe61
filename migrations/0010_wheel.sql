CREATE TABLE `wheel_bet_items` (
	`bet_id` text NOT NULL,
	`item_id` integer NOT NULL,
	`price` integer NOT NULL,
	PRIMARY KEY(`bet_id`, `item_id`),
	FOREIGN KEY (`bet_id`) REFERENCES `wheel_bets`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`item_id`) REFERENCES `inventory_items`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `wheel_bet_items_item` ON `wheel_bet_items` (`item_id`);--> statement-breakpoint
CREATE TABLE `wheel_bets` (
	`id` text PRIMARY KEY NOT NULL,
	`round_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`colour` text NOT NULL,
	`bank` integer NOT NULL,
	`status` integer DEFAULT 0 NOT NULL,
	`win` integer DEFAULT 0 NOT NULL,
	`win_item_id` integer,
	`remainder` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`settled_at` integer,
	FOREIGN KEY (`round_id`) REFERENCES `wheel_rounds`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`win_item_id`) REFERENCES `inventory_items`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "wheel_bets_bank_pos" CHECK("wheel_bets"."bank" > 0)
);
--> statement-breakpoint
CREATE INDEX `wheel_bets_round` ON `wheel_bets` (`round_id`,`status`);--> statement-breakpoint
CREATE INDEX `wheel_bets_user` ON `wheel_bets` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `wheel_rounds` (
	`id` integer PRIMARY KEY NOT NULL,
	`public_hash` text NOT NULL,
	`secret_hash` text,
	`day_of_month` integer NOT NULL,
	`layout` text NOT NULL,
	`segment` integer,
	`colour` text,
	`multiplier` integer,
	`rotate` integer,
	`status` text DEFAULT 'betting' NOT NULL,
	`bank` integer DEFAULT 0 NOT NULL,
	`bets_count` integer DEFAULT 0 NOT NULL,
	`items_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`spin_at` integer,
	`finished_at` integer
);
--> statement-breakpoint
CREATE INDEX `wheel_rounds_status` ON `wheel_rounds` (`status`,`id`);