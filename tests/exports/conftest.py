"""Fixtures for the export tests: the demo tournament, and PDFs read back as text."""

from __future__ import annotations

import io
import re
import subprocess
import tempfile
from pathlib import Path

import pytest
from django.core.management import call_command
from django.utils import translation

from burraco_tourney.exports.registry import EXPORTERS, ExportFile
from burraco_tourney.tournaments.models import Tournament
from tests.factories import make_director
from tests.module_data import module_data, refuse_transactional


def _load_demo() -> int:
    call_command("load_demo", stdout=io.StringIO())
    return Tournament.objects.get().pk


@pytest.fixture(scope="module")
def _demo_pk(request, django_db_setup, django_db_blocker):
    """The demo evening, loaded once for the module (tests/module_data.py)."""
    yield from module_data(request, django_db_blocker, _load_demo)


@pytest.fixture
def demo_tournament(request, _demo_pk, db) -> Tournament:
    """The demo evening: 17 pairs, 3 published turni of 8 tables, one riposo each; read again
    for each test, whose changes are rolled back before the next one."""
    refuse_transactional([request.node])
    return Tournament.objects.get(pk=_demo_pk)


def render_export(
    key: str, tournament: Tournament, *, language: str = "it", **kwargs
) -> ExportFile:
    with translation.override(language):
        return EXPORTERS[key]().render(tournament=tournament, **kwargs)


def _poppler(tool: str, content: bytes, *options: str, to_stdout: bool = False) -> str:
    """What a poppler tool (pdftotext, pdfinfo, pdffonts) prints about the PDF ``content``;
    ``to_stdout``: the tool writes its output file, named "-", to the standard output."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "file.pdf"
        path.write_bytes(content)
        command = [tool, *options, str(path), *(["-"] if to_stdout else [])]
        return subprocess.run(command, check=True, capture_output=True, text=True).stdout


def pdf_text(content: bytes) -> str:
    """The text of a PDF as ``pdftotext -layout`` lays it out; pages end with a form feed."""
    return _poppler("pdftotext", content, "-layout", to_stdout=True)


def pdf_words(content: bytes) -> str:
    """The PDF's text in reading order, one space between words, hyphenated words joined."""
    raw = _poppler("pdftotext", content, "-raw", to_stdout=True)
    # WeasyPrint hyphenates with U+2010 at the end of the line.
    return " ".join(raw.replace("\u2010\n", "").split())


def pdf_pages(content: bytes) -> list[str]:
    """The text of each page."""
    pages = pdf_text(content).split("\f")
    return pages[:-1] if pages and not pages[-1].strip() else pages


def pdf_info(content: bytes) -> dict[str, str]:
    out = _poppler("pdfinfo", content)
    return {k.strip(): v.strip() for k, _, v in (line.partition(":") for line in out.splitlines())}


def pdf_page_size(content: bytes) -> tuple[float, float]:
    """Width and height of the first page, in points."""
    size = pdf_info(content)["Page size"]
    width, height = (float(x) for x in re.findall(r"[\d.]+", size)[:2])
    return width, height


def pdf_fonts(content: bytes) -> list[str]:
    out = _poppler("pdffonts", content)
    return [line.split()[0] for line in out.splitlines()[2:] if line.strip()]


@pytest.fixture
def demo_director_client(client, demo_tournament):
    """A client logged in as a director of the demo tournament."""
    user = make_director(username="direttore-demo")
    demo_tournament.directors.add(user)
    client.force_login(user)
    return client
