"""Rendering matched records."""
import json

from logslice.records import Record


def render(record: Record, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(
            {
                "ts": record.ts.strftime("%Y-%m-%dT%H:%M:%SZ"),
                "level": record.level,
                "component": record.component,
                "message": record.message,
            },
            ensure_ascii=False,
        )
    return record.line
