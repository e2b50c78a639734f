-- Nightly revenue report, run by cron at 02:00 against /app/data/shop.db:
--   sqlite3 -csv /app/data/shop.db < /app/jobs/nightly_report.sql > /srv/reports/revenue-$(date +%F).csv
SELECT date(created_at) AS day,
       count(*) AS orders,
       round(sum(total), 2) AS revenue,
       sum(length(items) - length(replace(items, ';', '')) + 1) AS lines
FROM orders
WHERE lower(trim(status)) IN ('paid', 'shipped')
GROUP BY day
ORDER BY day;
