CREATE TABLE `ticket_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ticket_id` integer NOT NULL,
	`author_id` integer NOT NULL,
	`staff` integer NOT NULL,
	`message` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `ticket_messages_ticket` ON `ticket_messages` (`ticket_id`,`id`);--> statement-breakpoint
CREATE TABLE `tickets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`subject` text NOT NULL,
	`status` integer DEFAULT 0 NOT NULL,
	`reference_kind` text,
	`reference_id` text,
	`player_unread` integer DEFAULT false NOT NULL,
	`staff_unread` integer DEFAULT true NOT NULL,
	`last_from` text DEFAULT 'player' NOT NULL,
	`messages_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`closed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "tickets_status" CHECK("tickets"."status" IN (0, 1))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tickets_one_open` ON `tickets` (`user_id`) WHERE "tickets"."status" = 0;--> statement-breakpoint
CREATE INDEX `tickets_user` ON `tickets` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `tickets_queue` ON `tickets` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `tickets_closed` ON `tickets` (`status`,`closed_at`,`id`);--> statement-breakpoint
ALTER TABLE `users` ADD `terms_version` text;--> statement-breakpoint
ALTER TABLE `users` ADD `terms_accepted_at` integer;