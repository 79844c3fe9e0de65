"""Recognising a form sent twice: a double click on "create" or "add pair" saves once.

The second identical submission (same session, same page, same fields) within
``WINDOW_SECONDS`` is not saved again: it is sent where the first one went, with a word saying
so. The two requests of a double click arrive together, before the first one has answered, so
the mark must be written at once and taken atomically: it lives in the cache (the database
cache table by default, shared by every worker of a server), never in the session, which is
saved only when a response leaves.

Use in a view, once the form is valid and just before the service writes::

    submission = Submission(request, "pair_create")
    if submission.is_repeat():
        return submission.repeat_response(fallback=url)
    try:
        ...write...
    except Exception:
        submission.forget()       # refused or failed: the same form may be sent again
        raise
    submission.done(url)
"""

from __future__ import annotations

import hashlib
import time

from django.contrib import messages
from django.core.cache import cache
from django.shortcuts import redirect
from django.utils.translation import gettext as _

WINDOW_SECONDS = 10
PENDING = "-"
# How long a repeat waits for the first submission to finish, to be sent to the same page.
WAIT_SECONDS = 3.0


class Submission:
    def __init__(self, request, scope: str) -> None:
        fields = sorted(
            (name, tuple(request.POST.getlist(name)))
            for name in request.POST
            if name != "csrfmiddlewaretoken"
        )
        who = (request.session.session_key or "", getattr(request.user, "pk", None))
        text = repr((scope, who, request.path, fields))
        self.request = request
        self.key = "submission:" + hashlib.sha256(text.encode()).hexdigest()

    def is_repeat(self) -> bool:
        """True when the same submission was taken less than ``WINDOW_SECONDS`` ago."""
        return not cache.add(self.key, PENDING, WINDOW_SECONDS)

    def done(self, url: str) -> None:
        """The first submission was saved and leads to ``url``: a repeat goes there too."""
        cache.set(self.key, url, WINDOW_SECONDS)

    def forget(self) -> None:
        """The first submission was refused: the same one may be sent again at once."""
        cache.delete(self.key)

    def repeat_response(self, *, fallback: str):
        url = cache.get(self.key)
        deadline = time.monotonic() + WAIT_SECONDS
        while url == PENDING and time.monotonic() < deadline:
            time.sleep(0.1)
            url = cache.get(self.key)
        if url and url != PENDING:
            messages.info(self.request, _("The form was sent twice: it was saved once."))
            return redirect(url)
        messages.warning(
            self.request,
            _(
                "The form was sent twice and the first one is still being saved: check before "
                "sending it again."
            ),
        )
        return redirect(fallback)
