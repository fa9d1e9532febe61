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
CREATE INDEX `player_totals_wagered` ON `player_totals` (`wagered`);--> statement-breakpoint
-- Backfill from the bets settled before this migration (README "Top list"): crash and wheel bets
-- won or lost (win = what a won bet paid), finished jackpot rounds (the winner's win), case openings.
INSERT INTO player_days (user_id, day, wagered, won)
SELECT user_id, day, SUM(wagered), SUM(won) FROM (
  SELECT user_id, settled_at / 86400000 AS day, bank AS wagered, CASE WHEN status = 1 THEN COALESCE(win, 0) ELSE 0 END AS won FROM crash_bets WHERE status IN (1, 2) AND settled_at IS NOT NULL
  UNION ALL
  SELECT user_id, settled_at / 86400000, bank, CASE WHEN status = 1 THEN COALESCE(win, 0) ELSE 0 END FROM wheel_bets WHERE status IN (1, 2) AND settled_at IS NOT NULL
  UNION ALL
  SELECT b.user_id, r.finished_at / 86400000, b.price, 0 FROM jackpot_bets b JOIN jackpot_rounds r ON r.id = b.round_id WHERE r.status = 'finished' AND r.finished_at IS NOT NULL
  UNION ALL
  SELECT winner_id, finished_at / 86400000, 0, COALESCE(win, 0) FROM jackpot_rounds WHERE status = 'finished' AND finished_at IS NOT NULL AND winner_id IS NOT NULL
  UNION ALL
  SELECT user_id, created_at / 86400000, price, item_price FROM case_opens
) GROUP BY user_id, day;
--> statement-breakpoint
INSERT INTO player_totals (user_id, wagered, won) SELECT user_id, SUM(wagered), SUM(won) FROM player_days GROUP BY user_id;
