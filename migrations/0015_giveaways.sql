CREATE TABLE `giveaway_participants` (
	`giveaway_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`joined_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`giveaway_id`, `user_id`),
	FOREIGN KEY (`giveaway_id`) REFERENCES `giveaways`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `giveaway_participants_seq` ON `giveaway_participants` (`giveaway_id`,`seq`);--> statement-breakpoint
CREATE TABLE `giveaways` (
	`id` integer PRIMARY KEY NOT NULL,
	`item_id` integer NOT NULL,
	`catalogue_id` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`public_hash` text NOT NULL,
	`secret` text,
	`day_of_month` integer NOT NULL,
	`need_telegram` integer DEFAULT 0 NOT NULL,
	`need_username` integer DEFAULT 0 NOT NULL,
	`min_deposit` integer DEFAULT 0 NOT NULL,
	`min_games` integer DEFAULT 0 NOT NULL,
	`repeat` integer DEFAULT 0 NOT NULL,
	`duration_ms` integer NOT NULL,
	`members` integer DEFAULT 0 NOT NULL,
	`winner_id` integer,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`ends_at` integer NOT NULL,
	`drawn_at` integer,
	FOREIGN KEY (`item_id`) REFERENCES `inventory_items`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`catalogue_id`) REFERENCES `catalogue`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`winner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "giveaways_min_deposit_nonneg" CHECK("giveaways"."min_deposit" >= 0)
);
--> statement-breakpoint
CREATE INDEX `giveaways_status` ON `giveaways` (`status`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `giveaways_one_open` ON `giveaways` (`status`) WHERE status = 'open';--> statement-breakpoint
CREATE TABLE `telegram_links` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`telegram_id` text NOT NULL,
	`name` text NOT NULL,
	`linked_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `telegram_links_telegram_id` ON `telegram_links` (`telegram_id`);