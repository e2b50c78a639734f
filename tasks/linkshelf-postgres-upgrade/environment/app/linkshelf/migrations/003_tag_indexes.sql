-- 003: indexes for the tag queries. Built CONCURRENTLY so the live app keeps writing:
-- this file cannot run inside a transaction block.
CREATE INDEX CONCURRENTLY IF NOT EXISTS link_tags_tag_id_idx ON link_tags (tag_id);
CREATE INDEX CONCURRENTLY IF NOT EXISTS tags_lower_name_idx ON tags (lower(name));
INSERT INTO schema_migrations (version) VALUES ('003');
