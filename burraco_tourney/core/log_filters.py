"""Keep the tables' secret links out of every log.

A table's address (``/tavolo/<token>/…``) is the key to its scorecard: whoever reads it in a log
could enter that table's result. Django's request logger names the path of every refused or
failed request ("Conflict: /tavolo/…/"), the development server and gunicorn's access log
(when someone turns it on) name every request's. ``HideTableTokens`` rewrites the token to
``…`` in each record before any handler writes it; ``CoreConfig.ready`` puts it on those
loggers, and settings.LOGGING on the console handler every other logger writes through.
"""

from __future__ import annotations

import logging
import re

TOKEN_IN_PATH = re.compile(r"(/tavolo/)[^/\s\"'?]+")
# The loggers that name a request's path in their own records.
PATH_LOGGERS = ("django.request", "django.server", "gunicorn.access", "gunicorn.error")


def hide_tokens(text: str) -> str:
    return TOKEN_IN_PATH.sub(r"\1…", text)


class HideTableTokens(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except (TypeError, ValueError):  # a record whose arguments do not fit: left as it is
            return True
        hidden = hide_tokens(message)
        if hidden != message:
            record.msg, record.args = hidden, None
        request = getattr(record, "request", None)
        if request is not None and TOKEN_IN_PATH.search(getattr(request, "path", "") or ""):
            # A formatter may print the request itself; keep only its method and hidden path.
            record.request = f"{getattr(request, 'method', '')} {hide_tokens(request.path)}"
        return True


def install() -> None:
    """Put the filter on the loggers that write a request's path."""
    for name in PATH_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, HideTableTokens) for f in logger.filters):
            logger.addFilter(HideTableTokens())
