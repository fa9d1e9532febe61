-- the minutes between reality checks a player chose, on his account (docs/protection.md "Reality check"); NULL: the default
ALTER TABLE `users` ADD `reality_check_minutes` integer;