"""The server's log lines: uvicorn's text by default, or one JSON object a line for log
collectors (`tabulae serve --log-format json`).

In JSON every line has `time` (UTC, ISO 8601), `level`, `logger` and `message`; a request's
line (logger `tabulae.access`) adds `method`, `path`, `route`, `status`, `duration` (seconds)
and `client`, and replaces uvicorn's own access line.
"""

from __future__ import annotations

import copy
import json
import logging
from datetime import UTC, datetime
from typing import Any

FORMATS = ("text", "json")
REQUEST_FIELDS = ("method", "path", "route", "status", "duration", "client")


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name in REQUEST_FIELDS:
            if name in record.__dict__:
                line[name] = record.__dict__[name]
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


def log_config(log_format: str, log_level: str = "info") -> dict[str, Any]:
    """The logging configuration to give uvicorn as `log_config`; in JSON, the server's own
    loggers (and any other library's warnings) are JSON too, at uvicorn's `log_level`."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    if log_format != "json":
        return config
    formatter = {"()": f"{__name__}.JsonFormatter"}
    config["formatters"] = {"default": formatter, "access": formatter}
    level = log_level.upper()
    config["loggers"]["tabulae"] = {"handlers": ["default"], "level": level, "propagate": False}
    config["loggers"]["tabulae.access"] = {
        "handlers": ["access"],
        "level": level,
        "propagate": False,
    }
    config["root"] = {"handlers": ["default"], "level": "WARNING"}
    return config
