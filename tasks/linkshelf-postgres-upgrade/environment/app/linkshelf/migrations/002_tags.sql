-- 002: tags get their own tables; the comma-separated column goes.
BEGIN;
CREATE TABLE tags (id serial PRIMARY KEY, name text NOT NULL UNIQUE);
CREATE TABLE link_tags (link_id integer NOT NULL REFERENCES links(id) ON DELETE CASCADE,
                        tag_id integer NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
                        PRIMARY KEY (link_id, tag_id));
INSERT INTO tags (name)
    SELECT DISTINCT lower(btrim(t)) FROM links, unnest(string_to_array(tags_csv, ',')) AS t
    WHERE btrim(t) <> '';
INSERT INTO link_tags (link_id, tag_id)
    SELECT DISTINCT l.id, tg.id FROM links l, unnest(string_to_array(l.tags_csv, ',')) AS t
    JOIN tags tg ON tg.name = lower(btrim(t));
ALTER TABLE links DROP COLUMN tags_csv;
INSERT INTO schema_migrations (version) VALUES ('002');
COMMIT;
