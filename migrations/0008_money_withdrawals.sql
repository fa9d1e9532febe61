CREATE TABLE `money_withdrawal_items` (
	`withdrawal_id` integer NOT NULL,
	`item_id` integer NOT NULL,
	`price` integer NOT NULL,
	PRIMARY KEY(`withdrawal_id`, `item_id`),
	FOREIGN KEY (`withdrawal_id`) REFERENCES `money_withdrawals`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`item_id`) REFERENCES `inventory_items`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `money_withdrawal_items_item` ON `money_withdrawal_items` (`item_id`);--> statement-breakpoint
CREATE TABLE `money_withdrawals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`request_id` text NOT NULL,
	`system` integer NOT NULL,
	`wallet` text NOT NULL,
	`amount` integer NOT NULL,
	`tax` integer NOT NULL,
	`payout` integer NOT NULL,
	`status` text NOT NULL,
	`reason` text,
	`decided_by` integer,
	`payout_ref` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "money_withdrawals_amounts" CHECK("money_withdrawals"."amount" >= 0 AND "money_withdrawals"."tax" >= 0 AND "money_withdrawals"."payout" = "money_withdrawals"."amount" - "money_withdrawals"."tax")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `money_withdrawals_request` ON `money_withdrawals` (`user_id`,`request_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `money_withdrawals_one_open` ON `money_withdrawals` (`user_id`) WHERE status IN ('moderation', 'sending');--> statement-breakpoint
CREATE INDEX `money_withdrawals_due` ON `money_withdrawals` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `money_withdrawals_user` ON `money_withdrawals` (`user_id`,`created_at`);