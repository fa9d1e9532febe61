CREATE TABLE `player_days` (
	`user_id` integer NOT NULL,
	`day` integer NOT NULL,
	`wagered` integer DEFAULT 0 NOT NULL,
	`won` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`user_id`, `day`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `player_days_day` ON `player_days` (`day`);--> statement-breakpoint
CREATE TABLE `player_totals` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`wagered` integer DEFAULT 0 NOT NULL,
	`won` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `player_totals_net` ON `player_totals` (("won" - "wagered"));--> statement-breakpoint
CREATE INDEX `player_totals_wagered` ON `player_totals` (`wagered`);