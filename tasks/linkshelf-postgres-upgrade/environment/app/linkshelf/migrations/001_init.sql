-- 001: links (applied with 1.0)
CREATE TABLE schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
CREATE TABLE links (id serial PRIMARY KEY, url text NOT NULL, title text NOT NULL DEFAULT '',
                    tags_csv text, archived boolean NOT NULL DEFAULT false, created_at timestamptz NOT NULL DEFAULT now());
INSERT INTO schema_migrations (version) VALUES ('001');
