"""Render a Django template to PDF with WeasyPrint, offline.

Every resource the document names (the print stylesheet, the fonts, images) is resolved from the
project's static files through Django's staticfiles finders: the renderer never opens a network
connection and never reads a file outside the static folders. The print CSS names only the
DejaVu families bundled in ``static/fonts/`` (through ``@font-face``), so a PDF looks the same on
every computer whatever fonts it has installed.

Templates link their stylesheet relative to the static root: ``<link href="css/pdf.css">``.
This module reads nothing from the database.

A document that repeats the same drawing many times (the scorecards: the same grid, labels and VP
table on every card) can lay that part out once as a *frame*: a small HTML page rendered first,
drawn once into the PDF as a reusable form XObject, and placed wherever the document shows an
``<img>`` of the frame's URL. WeasyPrint then lays out and draws only what differs from copy to
copy. The frame also reports where its empty "slots" (elements with an id) landed, so that the
document can print each copy's own text over them.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from django.contrib.staticfiles import finders
from django.template.loader import render_to_string
from weasyprint import CSS, HTML, Page
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


# The one kind of data URI a printout may hold: an SVG drawn by the exporter itself.
SVG_DATA_URI = "data:image/svg+xml;charset=utf-8,"


class StaticFileFetcher(URLFetcher):
    """Serve ``STATIC_BASE_URL``-relative links from the static folders; refuse anything else.

    A refusal raises, which WeasyPrint logs as a warning and renders without the resource.
    """

    def fetch(self, url: str, headers: Any = None) -> URLFetcherResponse:
        if url.startswith(SVG_DATA_URI):
            # A QR code drawn by the exporter (qr_codes.py): inside the page, nothing fetched.
            svg = unquote(url[len(SVG_DATA_URI) :]).encode()
            return URLFetcherResponse(url, svg, headers={"Content-Type": "image/svg+xml"})
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


# Where frames live: never fetched, WeasyPrint finds them in its image cache (see Frame).
FRAME_BASE_URL = STATIC_BASE_URL + "frames/"


@dataclass(frozen=True)
class Slot:
    """Where an element of a frame landed, in CSS pixels from the frame's top left corner."""

    left: float
    top: float
    width: float
    height: float


@dataclass(eq=False)
class Frame:
    """A page laid out once and drawn as often as a document shows it (see the module doc).

    It stands in for an image: WeasyPrint asks it for its size (``get_intrinsic_size``) and to
    ``draw`` itself on the page's content stream. The first draw paints the laid-out page into a
    form XObject of the document's shared resources; every draw then places that XObject: a few
    bytes per copy, and the frame's text is laid out once. ``draws`` counts the copies.

    This leans on WeasyPrint's internals (its image cache keyed by URL, ``Stream.add_group``,
    the stream's resources), which is why requirements.txt pins its version; a caller should
    check ``draws`` after rendering, as the scorecards do, and the tests read the frame back.
    """

    name: str
    page: Page
    slots: dict[str, Slot]
    draws: int = 0
    # (resources dictionary, name of the frame's XObject in it), for each one drawn into.
    _x_objects: list[tuple[dict, str]] = field(default_factory=list)

    @property
    def url(self) -> str:
        return FRAME_BASE_URL + self.name

    @property
    def width(self) -> float:
        return self.page.width

    @property
    def height(self) -> float:
        return self.page.height

    def get_intrinsic_size(self, image_resolution: float, font_size: float):
        return self.width, self.height, self.width / self.height

    def draw(self, stream: Any, concrete_width: float, concrete_height: float, style: Any):
        # Form XObjects are named in the resources of the stream that draws them: the pages
        # share one dictionary, so the frame is painted once per document. (A frame drawn
        # inside a transparency group would get its own copy there.)
        resources = stream._resources["XObject"]
        name = next((n for r, n in self._x_objects if r is resources), None)
        if name is None:
            group = stream.add_group(0, 0, self.width, self.height)
            self.page.paint(group)
            name = group.id
            self._x_objects.append((resources, name))
        if (concrete_width, concrete_height) != (self.width, self.height):
            stream.transform(a=concrete_width / self.width, d=concrete_height / self.height)
        stream.draw_x_object(name)
        self.draws += 1


def _document(html: str) -> HTML:
    return HTML(string=html, base_url=STATIC_BASE_URL, url_fetcher=StaticFileFetcher())


def static_stylesheet(path: str, *, font_config: FontConfiguration) -> CSS:
    """A stylesheet of the static folders (``"css/pdf.css"``), parsed once for many documents.

    Documents given it (``stylesheets=``) take it as a user stylesheet: rules of their own
    ``<style>`` win over it whatever their specificity.
    """
    return CSS(url=STATIC_BASE_URL + path, url_fetcher=StaticFileFetcher(), font_config=font_config)


def render_frame(
    name: str,
    template_name: str,
    context: dict[str, Any],
    *,
    font_config: FontConfiguration,
    stylesheets: Sequence[CSS] = (),
) -> Frame:
    """Lay out ``template_name`` as a one-page frame; ``font_config`` is the document's.

    The slots are the elements of the frame with an id. Raises ValueError if the frame does not
    fit on its page.
    """
    rendered = _document(render_to_string(template_name, context)).render(
        font_config=font_config, stylesheets=list(stylesheets)
    )
    if len(rendered.pages) != 1:
        raise ValueError(f"the {name} frame takes {len(rendered.pages)} pages, not one")
    page = rendered.pages[0]
    slots = {
        anchor: Slot(x1, y1, x2 - x1, y2 - y1) for anchor, (x1, y1, x2, y2) in page.anchors.items()
    }
    return Frame(name=name, page=page, slots=slots)


def html_to_pdf(
    html: str,
    *,
    font_config: FontConfiguration | None = None,
    stylesheets: Sequence[CSS] = (),
    frames: Sequence[Frame] = (),
) -> bytes:
    """The PDF of an HTML document whose links are relative to the static root.

    ``frames`` (laid out with the same ``font_config``) are drawn wherever the document has an
    ``<img>`` of their URL; ``stylesheets`` are parsed stylesheets (``static_stylesheet``).
    """
    # One font configuration per document: it holds the @font-face files loaded for it.
    if font_config is None:
        font_config = FontConfiguration()
    # WeasyPrint looks images up by URL in this cache before fetching them.
    cache: dict[str, Any] = {frame.url: frame for frame in frames}
    return _document(html).write_pdf(
        font_config=font_config, stylesheets=list(stylesheets), cache=cache
    )


def render_pdf(template_name: str, context: dict[str, Any]) -> bytes:
    """Render ``template_name`` with ``context`` (in the active language) and return the PDF."""
    return html_to_pdf(render_to_string(template_name, context))
