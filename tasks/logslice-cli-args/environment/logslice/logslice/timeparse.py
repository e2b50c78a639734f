"""TIME values for --since/--until: ISO timestamps, dates, or durations ago."""
import re
from datetime import datetime, timedelta

_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 3600}
_DURATION = re.compile(r"^(\d+)([smhd])$")


def parse_time(value, now):
    """The moment a TIME value stands for; durations count back from `now`."""
    m = _DURATION.match(value)
    if m:
        return now - timedelta(seconds=int(m.group(1)) * _UNITS[m.group(2)])
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise ValueError(f"invalid time: {value!r}") from None
