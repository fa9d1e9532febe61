-- The chat log (docs/operations.md "Operator console"): every message the chat room posts, one row
-- each, keyed by the room's message id. Messages sent before this migration were never stored
-- except the deleted ones, whose chat.delete audit rows hold their text: those are copied in,
-- deleted (their send time is unknown: the deletion's time stands for it; their search form is
-- only ASCII-folded).
CREATE TABLE `chat_messages` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`type` text NOT NULL,
	`text` text NOT NULL,
	`params` text,
	`folded` text NOT NULL,
	`created_at` integer NOT NULL,
	`deleted_at` integer,
	`deleted_by` integer,
	`delete_reason` text,
	FOREIGN KEY (`deleted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `chat_messages_user` ON `chat_messages` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `chat_messages_time` ON `chat_messages` (`created_at`);--> statement-breakpoint
CREATE INDEX `chat_messages_deleted` ON `chat_messages` (`id`) WHERE "chat_messages"."deleted_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO `chat_messages` (`id`, `user_id`, `type`, `text`, `params`, `folded`, `created_at`, `deleted_at`, `deleted_by`, `delete_reason`)
SELECT json_extract(a.`details`, '$.message_id'), coalesce(a.`target_user_id`, 0), coalesce(json_extract(a.`details`, '$.type'), 'MESSAGE'),
       coalesce(json_extract(a.`details`, '$.message'), ''), NULL, lower(coalesce(json_extract(a.`details`, '$.message'), '')),
       a.`created_at`, a.`created_at`, a.`actor_id`, json_extract(a.`details`, '$.reason')
  FROM `audit_log` a
 WHERE a.`action` = 'chat.delete' AND json_type(a.`details`, '$.message_id') = 'integer' AND json_extract(a.`details`, '$.message_id') > 0
 ORDER BY a.`id`
ON CONFLICT DO NOTHING;
