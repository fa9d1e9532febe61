CREATE TABLE `staff_otp` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`secret` text NOT NULL,
	`confirmed_at` integer,
	`last_step` integer DEFAULT 0 NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`locked_until` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `staff_recovery_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`code_hash` text NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `staff_recovery_user` ON `staff_recovery_codes` (`user_id`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `second_factor_at` integer;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `before` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `after` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `ip` text;--> statement-breakpoint
CREATE INDEX `audit_action` ON `audit_log` (`action`,`id`);--> statement-breakpoint
CREATE INDEX `audit_target` ON `audit_log` (`target_user_id`,`id`);