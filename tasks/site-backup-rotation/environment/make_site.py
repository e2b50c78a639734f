"""Builds /srv/www/site and the existing archives in /srv/backups (deterministic bytes)."""
import datetime as dt
import gzip
import io
import os
import tarfile

SITE = "/srv/www/site"
FILES = {
    "index.html": "<!doctype html><title>Example Site</title><h1>Welcome</h1>\n",
    "css/site.css": "body { font-family: sans-serif; }\n",
    "releases/v1/app.js": "console.log('v1');\n",
    "releases/v2/app.js": "console.log('v2');\n",
    "uploads/Annual Report 2025.pdf": "%PDF-1.4 fake report\n",
    "uploads/team photo (final).jpg": "JPEGDATA" * 40 + "\n",
    "uploads/cache/thumb-001.jpg": "thumb\n",
    "cache/page-index.html": "cached page\n",
    "cache/fragments/nav.html": "cached nav\n",
    "docs/cache": "notes about our caching setup (a file, not a folder)\n",
    "docs/upload.tmp": "half-written upload\n",
    "docs/changelog.tmp.txt": "v2: new uploads page\n",
    ".htaccess": "Options -Indexes\n",
    "config/settings.php": "<?php $db_host = 'localhost';\n",
}
for rel, text in FILES.items():
    path = os.path.join(SITE, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
os.chmod(os.path.join(SITE, "config/settings.php"), 0o600)
os.symlink("releases/v2", os.path.join(SITE, "current"))


def archive(day: dt.date) -> bytes:
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.GNU_FORMAT) as tar:
        for name, data in (("site/.backup-date", day.strftime("%Y%m%d") + "\n"), ("site/index.html", FILES["index.html"])):
            info = tarfile.TarInfo(name)
            info.size, info.mtime, info.mode = len(data), 0, 0o644
            tar.addfile(info, io.BytesIO(data.encode()))
    return gzip.compress(buf.getvalue(), mtime=0)


os.makedirs("/srv/backups", exist_ok=True)
day, end = dt.date(2026, 6, 1), dt.date(2026, 11, 30)
n = 0
while day <= end:
    n += 1
    if n % 9 != 0:  # a few days are missing, as in real life
        with open(f"/srv/backups/site-{day:%Y%m%d}.tar.gz", "wb") as f:
            f.write(archive(day))
    day += dt.timedelta(days=1)
with open("/srv/backups/site-manual-before-migration.tar.gz", "wb") as f:
    f.write(archive(dt.date(2026, 3, 14)))
with open("/srv/backups/README", "w") as f:
    f.write("Nightly archives of /srv/www/site: site-YYYYMMDD.tar.gz.\n"
            "site-manual-*.tar.gz are kept by hand; never delete them.\n")
# The archives were copied back from offsite storage: their modification times are all the same.
stamp = dt.datetime(2026, 11, 30, 12, 0, tzinfo=dt.timezone.utc).timestamp()
for name in os.listdir("/srv/backups"):
    os.utime(os.path.join("/srv/backups", name), (stamp, stamp))
