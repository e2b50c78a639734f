"""TIME values for --since/--until: ISO timestamps, dates, or durations ago."""
import re
from datetime import datetime, timedelta, timezone

_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
_DURATION = re.compile(r"^(?:\d+[smhd])+$")
_PART = re.compile(r"(\d+)([smhd])")


def parse_timestamp(value):
    """An ISO-8601 UTC timestamp YYYY-MM-DDTHH:MM:SSZ, as an aware datetime."""
    return datetime.strptime(value, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


def parse_time(value, now):
    """The moment a TIME value stands for; durations (90s, 15m, 1h30m, 2d) count back from `now`."""
    if _DURATION.match(value):
        seconds = sum(int(n) * _UNITS[unit] for n, unit in _PART.findall(value))
        return now - timedelta(seconds=seconds)
    for fmt in ("%Y-%m-%dT%H:%M:%SZ", "%Y-%m-%d"):
        try:
            return datetime.strptime(value, fmt).replace(tzinfo=timezone.utc)
        except ValueError:
            pass
    raise ValueError(f"invalid time: {value!r}")
