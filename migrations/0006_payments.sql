CREATE TABLE `payment_callbacks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`provider` text NOT NULL,
	`provider_tx_id` text NOT NULL,
	`event_id` text,
	`order_id` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`outcome` text NOT NULL,
	`payment_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_callbacks_tx` ON `payment_callbacks` (`provider`,`provider_tx_id`);--> statement-breakpoint
CREATE INDEX `payment_callbacks_payment` ON `payment_callbacks` (`payment_id`);--> statement-breakpoint
CREATE TABLE `payments` (
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
	CONSTRAINT "payments_amount_pos" CHECK("payments"."amount" > 0 AND "payments"."bonus" >= 0),
	CONSTRAINT "payments_status" CHECK("payments"."status" IN ('pending', 'credited', 'review'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_request` ON `payments` (`user_id`,`request_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_provider_tx` ON `payments` (`provider`,`provider_tx_id`);--> statement-breakpoint
CREATE INDEX `payments_user` ON `payments` (`user_id`,`created_at`);