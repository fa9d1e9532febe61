CREATE TABLE `chain_announcements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`chain` text NOT NULL,
	`terminal` text NOT NULL,
	`length` integer NOT NULL,
	`from_round` integer NOT NULL,
	`previous_terminal` text,
	`note_ru` text,
	`note_en` text,
	`announced_by` integer NOT NULL,
	`announced_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`withdrawn_at` integer,
	FOREIGN KEY (`announced_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "chain_announcements_chain" CHECK("chain_announcements"."chain" IN ('crash', 'jackpot_low', 'jackpot_medium', 'jackpot_high', 'wheel', 'bonus', 'giveaway')),
	CONSTRAINT "chain_announcements_rounds" CHECK("chain_announcements"."from_round" >= 1 AND "chain_announcements"."length" >= "chain_announcements"."from_round")
);
--> statement-breakpoint
CREATE INDEX `chain_announcements_chain` ON `chain_announcements` (`chain`,`id`);--> statement-breakpoint
-- An announcement is public record once made (docs/fairness.md "Rotating a chain"): never deleted,
-- and only its withdrawal (once) changes it.
CREATE TRIGGER `chain_announcements_no_delete` BEFORE DELETE ON `chain_announcements`
BEGIN
  SELECT RAISE(ABORT, 'chain_announcements are never deleted');
END;
--> statement-breakpoint
CREATE TRIGGER `chain_announcements_withdraw_only` BEFORE UPDATE ON `chain_announcements`
WHEN OLD.withdrawn_at IS NOT NULL OR NEW.withdrawn_at IS NULL OR NEW.id IS NOT OLD.id OR NEW.chain IS NOT OLD.chain
  OR NEW.terminal IS NOT OLD.terminal OR NEW.length IS NOT OLD.length OR NEW.from_round IS NOT OLD.from_round
  OR NEW.previous_terminal IS NOT OLD.previous_terminal OR NEW.note_ru IS NOT OLD.note_ru OR NEW.note_en IS NOT OLD.note_en
  OR NEW.announced_by IS NOT OLD.announced_by OR NEW.announced_at IS NOT OLD.announced_at
BEGIN
  SELECT RAISE(ABORT, 'a chain announcement only gets its withdrawal, once');
END;
