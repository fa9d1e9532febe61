CREATE TABLE `tournament_participants` (
	`tournament_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`points` integer DEFAULT 0 NOT NULL,
	`joined_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`reached_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`tournament_id`, `user_id`),
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "tournament_points_nonneg" CHECK("tournament_participants"."points" >= 0)
);
--> statement-breakpoint
CREATE INDEX `tournament_participants_rank` ON `tournament_participants` (`tournament_id`,`points`,`reached_at`);--> statement-breakpoint
CREATE INDEX `tournament_participants_user` ON `tournament_participants` (`user_id`);--> statement-breakpoint
CREATE TABLE `tournament_template` (
	`id` integer PRIMARY KEY NOT NULL,
	`enabled` integer DEFAULT 0 NOT NULL,
	`name_ru` text NOT NULL,
	`name_en` text NOT NULL,
	`description_ru` text NOT NULL,
	`description_en` text NOT NULL,
	`duration_ms` integer NOT NULL,
	`prizes` text NOT NULL,
	`min_payment` integer DEFAULT 0 NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `tournaments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`name_ru` text NOT NULL,
	`name_en` text NOT NULL,
	`description_ru` text NOT NULL,
	`description_en` text NOT NULL,
	`prizes` text NOT NULL,
	`min_payment` integer DEFAULT 0 NOT NULL,
	`members` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`ends_at` integer NOT NULL,
	`finished_at` integer,
	`winners` text
);
--> statement-breakpoint
CREATE INDEX `tournaments_status` ON `tournaments` (`status`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `tournaments_one_open` ON `tournaments` (`status`) WHERE status = 'open';