"""QR codes of the tables' links, drawn as SVG by segno: inline in the director's pages, as a
data URI in the PDFs (WeasyPrint draws it as an image). Nothing here reads or writes data."""

from __future__ import annotations

import io
from functools import lru_cache

import segno
from django.conf import settings
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "[::1]", "::1"})


def phones_base(request: HttpRequest) -> str:
    """The address the players' phones reach this site at: ``settings.PHONE_BASE_URL`` (the
    club network's address ``./bin/run --lan`` announces), else the one this request used."""
    return settings.PHONE_BASE_URL or request.build_absolute_uri("/").rstrip("/")


def phones_cannot_reach(request: HttpRequest) -> bool:
    """Whether the links name this computer only (127.0.0.1, localhost): no phone opens them."""
    if settings.PHONE_BASE_URL:
        return False
    host = request.get_host()
    return host in LOOPBACK_HOSTS or host.rsplit(":", 1)[0] in LOOPBACK_HOSTS


def table_link(request: HttpRequest, token: str) -> str:
    """The players' address of a table: on the address the phones use (``phones_base``), even
    when the director works at 127.0.0.1 on the laptop itself."""
    return phones_base(request) + reverse("table:page", args=[token])


def qr_svg(url: str, *, scale: int = 3, label: str = "") -> SafeString:
    """The code as inline SVG markup (segno writes no style attribute: CSP-clean)."""
    svg = _svg(url, scale)
    aria = f' role="img" aria-label="{escape(label)}"' if label else ' aria-hidden="true"'
    return mark_safe(svg.replace("<svg ", f"<svg{aria} ", 1))  # noqa: S308 - segno's own markup


# The room board shows every table's code: drawing a hundred codes takes about 0.7 s of CPU
# each time the board is opened; a link's code never changes.
@lru_cache(maxsize=2048)
def _svg(url: str, scale: int) -> str:
    return segno.make(url, error="m").svg_inline(scale=scale, border=2, svgclass="qr")


def qr_svg_file(url: str, *, scale: int = 3, label: str = "") -> bytes:
    """The code as an SVG file of its own, for an <img>: with the SVG namespace, without which
    a browser draws no image (the markup inside a page, ``qr_svg``, does without it), and with
    ``label`` as its title."""
    out = io.BytesIO()
    segno.make(url, error="m").save(
        out, kind="svg", scale=scale, border=2, svgclass="qr", xmldecl=False, title=label or None
    )
    return out.getvalue()


def qr_data_uri(url: str, *, scale: int = 4) -> str:
    """The code as an SVG data URI, for an <img> in a PDF."""
    return _data_uri(url, scale)


# The scorecards and table cards of a turno draw every table's code, again at each download.
@lru_cache(maxsize=2048)
def _data_uri(url: str, scale: int) -> str:
    return segno.make(url, error="m").svg_data_uri(scale=scale, border=2)
