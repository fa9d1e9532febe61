-- A payment in review gets one staff decision (docs/payments.md "Payments in review"): credited, or
-- the new status 'refused'. SQLite cannot change a CHECK, so the table is rebuilt; no table
-- references payments, and the rows copied keep their users and codes.
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `__new_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`request_id` text NOT NULL,
	`method` text NOT NULL,
	`provider` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`promo_id` integer,
	`promo_percent` integer DEFAULT 0 NOT NULL,
	`nickname_percent` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`provider_ref` text,
	`provider_tx_id` text,
	`bonus` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`credited_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`promo_id`) REFERENCES `promo_codes`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "payments_amount_pos" CHECK("__new_payments"."amount" > 0 AND "__new_payments"."bonus" >= 0),
	CONSTRAINT "payments_status" CHECK("__new_payments"."status" IN ('pending', 'credited', 'review', 'refused'))
);
--> statement-breakpoint
INSERT INTO `__new_payments`("id", "user_id", "request_id", "method", "provider", "amount", "currency", "promo_id", "promo_percent", "nickname_percent", "status", "provider_ref", "provider_tx_id", "bonus", "created_at", "updated_at", "credited_at") SELECT "id", "user_id", "request_id", "method", "provider", "amount", "currency", "promo_id", "promo_percent", "nickname_percent", "status", "provider_ref", "provider_tx_id", "bonus", "created_at", "updated_at", "credited_at" FROM `payments`;--> statement-breakpoint
DROP TABLE `payments`;--> statement-breakpoint
ALTER TABLE `__new_payments` RENAME TO `payments`;--> statement-breakpoint
CREATE UNIQUE INDEX `payments_request` ON `payments` (`user_id`,`request_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_provider_tx` ON `payments` (`provider`,`provider_tx_id`);--> statement-breakpoint
CREATE INDEX `payments_user` ON `payments` (`user_id`,`created_at`);