"""Render a Django template to PDF with WeasyPrint, offline.

Every resource the document names (the print stylesheet, the fonts, images) is resolved from the
project's static files through Django's staticfiles finders: the renderer never opens a network
connection and never reads a file outside the static folders. The print CSS names only the
DejaVu families bundled in ``static/fonts/`` (through ``@font-face``), so a PDF looks the same on
every computer whatever fonts it has installed.

Templates link their stylesheet relative to the static root: ``<link href="css/pdf.css">``.
This module reads nothing from the database.
"""

from __future__ import annotations

import posixpath
from pathlib import Path
from typing import Any

from django.contrib.staticfiles import finders
from django.template.loader import render_to_string
from weasyprint import HTML
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher, URLFetcherResponse

# A made-up root for relative links in the documents. Nothing exists at this path: the fetcher
# maps what follows it to a static file, so the PDF never depends on where the project lives.
STATIC_BASE_URL = "file:///burraco-static/"

_CONTENT_TYPES = {
    ".css": "text/css",
    ".ttf": "font/ttf",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".jpg": "image/jpeg",
}


class StaticFileFetcher(URLFetcher):
    """Serve ``STATIC_BASE_URL``-relative links from the static folders; refuse anything else.

    A refusal raises, which WeasyPrint logs as a warning and renders without the resource.
    """

    def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
        if not url.startswith(STATIC_BASE_URL):
            raise ValueError(f"only static files may be used in a PDF, not {url}")
        relative = posixpath.normpath(url[len(STATIC_BASE_URL) :].split("?")[0].split("#")[0])
        if relative.startswith(("..", "/")) or relative == ".":
            raise ValueError(f"outside the static folders: {url}")
        found = finders.find(relative)
        if not found:
            raise FileNotFoundError(f"no static file {relative}")
        path = Path(found[0] if isinstance(found, list) else found)
        content_type = _CONTENT_TYPES.get(path.suffix.lower(), "application/octet-stream")
        headers = {"Content-Type": content_type}
        return URLFetcherResponse(url, path.read_bytes(), headers=headers)


def html_to_pdf(html: str) -> bytes:
    """The PDF of an HTML document whose links are relative to the static root."""
    # One font configuration per document: it holds the @font-face files loaded for it.
    font_config = FontConfiguration()
    document = HTML(string=html, base_url=STATIC_BASE_URL, url_fetcher=StaticFileFetcher())
    return document.write_pdf(font_config=font_config)


def render_pdf(template_name: str, context: dict[str, Any]) -> bytes:
    """Render ``template_name`` with ``context`` (in the active language) and return the PDF."""
    return html_to_pdf(render_to_string(template_name, context))
