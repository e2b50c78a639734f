-- The clinic database as the practice software's installer and three years of hand changes left it.
CREATE ROLE migrator LOGIN PASSWORD 'mig-3f9a61c2';
CREATE ROLE webapp LOGIN SUPERUSER PASSWORD 'webapp-2019';
CREATE ROLE intern_2023 LOGIN PASSWORD 'intern-summer';
ALTER DATABASE clinic OWNER TO migrator;
\connect clinic
GRANT CREATE ON SCHEMA public TO PUBLIC;
CREATE SCHEMA analytics AUTHORIZATION migrator;
SET ROLE migrator;
CREATE TABLE public.patients (
    id bigserial PRIMARY KEY, name text NOT NULL, birth_date date NOT NULL, ssn text NOT NULL, email text
);
CREATE TABLE public.appointments (
    id bigserial PRIMARY KEY, patient_id bigint NOT NULL REFERENCES public.patients(id),
    starts_at timestamptz NOT NULL, doctor text NOT NULL, status text NOT NULL DEFAULT 'booked'
);
CREATE TABLE public.audit_log (
    id bigserial PRIMARY KEY, at timestamptz NOT NULL DEFAULT now(), actor text NOT NULL, action text NOT NULL
);
INSERT INTO public.patients (name, birth_date, ssn, email)
SELECT 'Patient ' || g, date '1940-01-01' + (g * 7919 % 30000), lpad((g * 104729 % 1000000000)::text, 9, '0'),
       CASE WHEN g % 9 = 0 THEN NULL ELSE 'p' || g || '@mail.example' END
FROM generate_series(1, 2400) g;
INSERT INTO public.appointments (patient_id, starts_at, doctor, status)
SELECT 1 + (g * 31 % 2400), timestamptz '2024-01-02 08:00+01' + (g * 37 % 300) * interval '1 day' + (g % 9) * interval '30 min',
       (ARRAY['Dr. Aydin', 'Dr. Berg', 'Dr. Costa', 'Dr. Dahl'])[1 + g % 4],
       (ARRAY['booked', 'done', 'done', 'done', 'no-show', 'cancelled'])[1 + g % 6]
FROM generate_series(1, 9000) g;
INSERT INTO public.audit_log (actor, action) SELECT 'webapp', 'login ' || g FROM generate_series(1, 500) g;
CREATE TABLE analytics.daily_visits AS
    SELECT starts_at::date AS day, doctor, count(*) AS visits FROM public.appointments WHERE status = 'done' GROUP BY 1, 2;
CREATE TABLE analytics.no_show_rate AS
    SELECT doctor, round(avg((status = 'no-show')::int), 4) AS rate FROM public.appointments GROUP BY 1;
RESET ROLE;
-- hand changes over the years
GRANT ALL ON public.patients, public.appointments TO intern_2023;
SET ROLE intern_2023;
CREATE TABLE public.intern_scratch AS SELECT doctor, count(*) AS n FROM public.appointments GROUP BY 1;
RESET ROLE;
