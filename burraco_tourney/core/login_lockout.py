"""Login throttling (django-axes): the visitor's address, and the page of a locked-out login.

The page says, in the reader's language, when the next try will be accepted. Axes itself logs
every failed login (logger ``axes``, with the password masked).
"""

from __future__ import annotations

import math

from axes.helpers import get_cool_off
from django.conf import settings
from django.shortcuts import render
from django.utils import timezone


def client_address(request) -> str | None:
    """The visitor's address: behind an HTTPS proxy (``HTTPS_PROXY``), the last address the
    proxy added to X-Forwarded-For; otherwise the connection's own address."""
    if getattr(settings, "HTTPS_PROXY", False):
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
        if hops:
            return hops[-1]
    return request.META.get("REMOTE_ADDR")


def lockout_response(request, original_response=None, credentials=None):
    cool_off = get_cool_off(request)
    minutes = math.ceil(cool_off.total_seconds() / 60) if cool_off else None
    retry_at = timezone.localtime(timezone.now() + cool_off) if cool_off else None
    return render(
        request,
        "core/login_locked.html",
        {"minutes": minutes, "retry_at": retry_at},
        status=429,
    )
