CREATE TABLE `cashback_accruals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`ref` text NOT NULL,
	`lost_cents` integer NOT NULL,
	`amount` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "cashback_accruals_amount" CHECK("cashback_accruals"."amount" >= 0 AND "cashback_accruals"."lost_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cashback_accruals_ref` ON `cashback_accruals` (`ref`);--> statement-breakpoint
CREATE INDEX `cashback_accruals_user` ON `cashback_accruals` (`user_id`);--> statement-breakpoint
CREATE TABLE `cashback_takes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`request_id` text NOT NULL,
	`cents` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "cashback_takes_cents" CHECK("cashback_takes"."cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cashback_takes_request` ON `cashback_takes` (`request_id`);--> statement-breakpoint
CREATE INDEX `cashback_takes_user` ON `cashback_takes` (`user_id`,`created_at`);