CREATE TABLE `jackpot_bet_items` (
	`bet_id` text NOT NULL,
	`round_id` integer NOT NULL,
	`item_id` integer NOT NULL,
	`price` integer NOT NULL,
	`commission` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`bet_id`, `item_id`),
	FOREIGN KEY (`bet_id`) REFERENCES `jackpot_bets`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`round_id`) REFERENCES `jackpot_rounds`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`item_id`) REFERENCES `inventory_items`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `jackpot_bet_items_item` ON `jackpot_bet_items` (`item_id`);--> statement-breakpoint
CREATE INDEX `jackpot_bet_items_round` ON `jackpot_bet_items` (`round_id`);--> statement-breakpoint
CREATE TABLE `jackpot_bets` (
	`id` text PRIMARY KEY NOT NULL,
	`round_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`user_id` integer NOT NULL,
	`price` integer NOT NULL,
	`ticket_from` integer NOT NULL,
	`ticket_to` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`round_id`) REFERENCES `jackpot_rounds`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "jackpot_bets_price_pos" CHECK("jackpot_bets"."price" > 0),
	CONSTRAINT "jackpot_bets_tickets" CHECK("jackpot_bets"."ticket_to" = "jackpot_bets"."ticket_from" + "jackpot_bets"."price" - 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `jackpot_bets_round_seq` ON `jackpot_bets` (`round_id`,`seq`);--> statement-breakpoint
CREATE INDEX `jackpot_bets_user` ON `jackpot_bets` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `jackpot_rounds` (
	`id` integer PRIMARY KEY NOT NULL,
	`level` text NOT NULL,
	`chain_index` integer NOT NULL,
	`public_hash` text NOT NULL,
	`secret` text,
	`day_of_month` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`bank` integer DEFAULT 0 NOT NULL,
	`winning_ticket` integer,
	`winner_id` integer,
	`commission` integer DEFAULT 0 NOT NULL,
	`commission_due` integer DEFAULT 0 NOT NULL,
	`win` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`drawn_at` integer,
	`finished_at` integer,
	FOREIGN KEY (`winner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `jackpot_rounds_level` ON `jackpot_rounds` (`level`,`status`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `jackpot_rounds_chain` ON `jackpot_rounds` (`level`,`chain_index`);