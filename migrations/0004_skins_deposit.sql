CREATE TABLE `skin_deposit_items` (
	`deposit_id` text NOT NULL,
	`asset_id` text NOT NULL,
	`catalogue_id` integer NOT NULL,
	`market_hash_name` text NOT NULL,
	`price` integer NOT NULL,
	`item_id` integer,
	PRIMARY KEY(`deposit_id`, `asset_id`),
	FOREIGN KEY (`deposit_id`) REFERENCES `skin_deposits`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`catalogue_id`) REFERENCES `catalogue`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`item_id`) REFERENCES `inventory_items`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `skin_deposit_items_item` ON `skin_deposit_items` (`item_id`);--> statement-breakpoint
CREATE TABLE `skin_deposits` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`request_id` text NOT NULL,
	`trade_link` text NOT NULL,
	`offer_id` text,
	`state` text DEFAULT 'sending' NOT NULL,
	`amount` integer NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`finished_at` integer,
	`credited_at` integer,
	`tradable_after` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "skin_deposits_amount_nonneg" CHECK("skin_deposits"."amount" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `skin_deposits_offer` ON `skin_deposits` (`offer_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `skin_deposits_request` ON `skin_deposits` (`user_id`,`request_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `skin_deposits_one_open` ON `skin_deposits` (`user_id`) WHERE state IN ('sending', 'active');--> statement-breakpoint
CREATE INDEX `skin_deposits_due` ON `skin_deposits` (`state`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `skin_deposits_user` ON `skin_deposits` (`user_id`,`created_at`);