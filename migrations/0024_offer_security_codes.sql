ALTER TABLE `withdrawals` ADD `security_code` text;--> statement-breakpoint
ALTER TABLE `skin_deposits` ADD `security_code` text;