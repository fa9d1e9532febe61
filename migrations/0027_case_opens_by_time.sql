-- the openings of a player in a period, for the loss limits and the session figures (docs/protection.md)
CREATE INDEX `case_opens_user_time` ON `case_opens` (`user_id`,`created_at`);