-- Storehouse indexes (issue 5), hand-written: SQL drizzle cannot express.
-- 1. The house stock (owner NULL, status 'available'), by catalogue id: the store list groups
--    it, a buy picks a unit of a catalogue id from it. Queries must spell both conditions
--    literally (owner_id IS NULL AND status = 'available') for SQLite to use this partial index.
CREATE INDEX `inventory_house_stock` ON `inventory_items` (`catalogue_id`) WHERE owner_id IS NULL AND status = 'available';
--> statement-breakpoint
-- 2. Name search: an FTS5 trigram index over catalogue.market_hash_name (external content, so
--    the names are not stored twice). A phrase MATCH of ≥ 3 characters is a case-insensitive
--    substring match answered from the index. Triggers keep it in step with the catalogue; a
--    price refresh does not touch it (the update trigger fires on the name only).
CREATE VIRTUAL TABLE `catalogue_search` USING fts5(market_hash_name, content='catalogue', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_ai` AFTER INSERT ON `catalogue` BEGIN
  INSERT INTO catalogue_search (rowid, market_hash_name) VALUES (new.id, new.market_hash_name);
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_ad` AFTER DELETE ON `catalogue` BEGIN
  INSERT INTO catalogue_search (catalogue_search, rowid, market_hash_name) VALUES ('delete', old.id, old.market_hash_name);
END;
--> statement-breakpoint
CREATE TRIGGER `catalogue_search_au` AFTER UPDATE OF market_hash_name ON `catalogue` BEGIN
  INSERT INTO catalogue_search (catalogue_search, rowid, market_hash_name) VALUES ('delete', old.id, old.market_hash_name);
  INSERT INTO catalogue_search (rowid, market_hash_name) VALUES (new.id, new.market_hash_name);
END;
--> statement-breakpoint
-- rows already in the catalogue
INSERT INTO catalogue_search (catalogue_search) VALUES ('rebuild');
