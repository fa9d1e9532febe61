CREATE TABLE `player_exclusions` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`started_at` integer NOT NULL,
	`ends_at` integer,
	`lift_requested_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "player_exclusions_kind" CHECK("player_exclusions"."kind" IN ('timeout', 'self_exclusion')),
	CONSTRAINT "player_exclusions_timeout_ends" CHECK("player_exclusions"."kind" = 'self_exclusion' OR "player_exclusions"."ends_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE `player_limits` (
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`amount` integer,
	`pending_amount` integer,
	`pending_at` integer,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "player_limits_kind" CHECK("player_limits"."kind" IN ('deposit_day', 'deposit_week', 'deposit_month', 'loss_day', 'loss_week', 'loss_month', 'stake')),
	CONSTRAINT "player_limits_amounts" CHECK(("player_limits"."amount" IS NULL OR "player_limits"."amount" > 0) AND ("player_limits"."pending_amount" IS NULL OR "player_limits"."pending_amount" > 0))
);
--> statement-breakpoint
ALTER TABLE `users` ADD `adult_confirmed_at` integer;--> statement-breakpoint
UPDATE `users` SET `adult_confirmed_at` = `terms_accepted_at` WHERE `terms_version` IS NOT NULL;
