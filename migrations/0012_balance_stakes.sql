ALTER TABLE `crash_bets` ADD `value` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `jackpot_bets` ADD `value` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `wheel_bets` ADD `value` integer DEFAULT 0 NOT NULL;