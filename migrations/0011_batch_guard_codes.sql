ALTER TABLE `batch_guard` ADD `code` text;--> statement-breakpoint
-- Not expressible in the Drizzle schema (worker/db/schema/money.ts batchGuard): a failed guard
-- aborts its batch with "batch_guard:<code>", the code worker/db/guards.ts failedGuard() reads.
CREATE TRIGGER `batch_guard_raise` BEFORE INSERT ON `batch_guard`
BEGIN
  SELECT RAISE(ABORT, 'batch_guard:' || COALESCE(NEW.code, 'changes'));
END;
