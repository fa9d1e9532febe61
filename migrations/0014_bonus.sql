CREATE TABLE `bonus_participants` (
	`round_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`joined_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`round_id`, `user_id`),
	FOREIGN KEY (`round_id`) REFERENCES `bonus_rounds`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bonus_participants_seq` ON `bonus_participants` (`round_id`,`seq`);--> statement-breakpoint
CREATE INDEX `bonus_participants_user` ON `bonus_participants` (`user_id`);--> statement-breakpoint
CREATE TABLE `bonus_rounds` (
	`id` integer PRIMARY KEY NOT NULL,
	`public_hash` text NOT NULL,
	`secret` text,
	`day_of_month` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`bank` integer DEFAULT 0 NOT NULL,
	`paid` integer DEFAULT 0 NOT NULL,
	`carried` integer DEFAULT 0 NOT NULL,
	`participants` integer DEFAULT 0 NOT NULL,
	`winners` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`ends_at` integer,
	`drawn_at` integer,
	`finished_at` integer,
	CONSTRAINT "bonus_rounds_bank_nonneg" CHECK("bonus_rounds"."bank" >= 0)
);
--> statement-breakpoint
CREATE INDEX `bonus_rounds_status` ON `bonus_rounds` (`status`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `bonus_rounds_one_open` ON `bonus_rounds` (`status`) WHERE status = 'open';