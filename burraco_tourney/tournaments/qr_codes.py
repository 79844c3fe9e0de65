"""QR codes of the tables' links, drawn as SVG by segno: inline in the director's pages, as a
data URI in the PDFs (WeasyPrint draws it as an image). Nothing here reads or writes data."""

from __future__ import annotations

import segno
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe


def table_link(request: HttpRequest, token: str) -> str:
    """The players' address of a table, as this site is reached now (the director's laptop
    on the club's network, or the server's name)."""
    return request.build_absolute_uri(reverse("table:page", args=[token]))


def qr_svg(url: str, *, scale: int = 3, label: str = "") -> SafeString:
    """The code as inline SVG markup (segno writes no style attribute: CSP-clean)."""
    svg = segno.make(url, error="m").svg_inline(scale=scale, border=2, svgclass="qr")
    aria = f' role="img" aria-label="{escape(label)}"' if label else ' aria-hidden="true"'
    return mark_safe(svg.replace("<svg ", f"<svg{aria} ", 1))  # noqa: S308 - segno's own markup


def qr_data_uri(url: str, *, scale: int = 4) -> str:
    """The code as an SVG data URI, for an <img> in a PDF."""
    return segno.make(url, error="m").svg_data_uri(scale=scale, border=2)
