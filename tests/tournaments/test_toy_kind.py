"""A new kind is one format: registered here, in the test only, with labels, an entrants' page
and an exporter of its own (a pairs variant, "Squadre"), it is found on every page — the
dashboard and the director's menu, the turni page and a drawn turno, the public overview,
list, seating, seat search and standings, the downloads — and in the archive, written and read
back, without an edit anywhere else in the tree."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from django.http import HttpResponse
from django.template import engines
from django.urls import reverse

from burraco_tourney.archive.export import tournament_export
from burraco_tourney.archive.reader import read_archive
from burraco_tourney.archive.records import ArchiveError
from burraco_tourney.archive.services import tournament_import
from burraco_tourney.exports.registry import EXPORTERS, Exporter, ExportFile, download_name
from burraco_tourney.tournaments.formats import FORMATS, TournamentFormat, format_of
from burraco_tourney.tournaments.formats.entrants import PairEntrants
from burraco_tourney.tournaments.formats.kind_words import KindWords
from burraco_tourney.tournaments.models import Tournament
from tests.archive.compare import assert_same_but_the_import_entry
from tests.factories import make_pairs, make_tournament, make_turno

pytestmark = pytest.mark.django_db

DEMO = Path(__file__).resolve().parents[2] / "fixtures" / "demo.json"

SQUADS_PAGE = engines["django"].from_string(
    '{% extends "base.html" %}{% block content %}<h1>Elenco squadre</h1><ul>'
    "{% for squad in squads %}<li>Squadra {{ squad.number }}: {{ squad.players }}</li>"
    "{% endfor %}</ul>{% endblock %}"
)


class SquadEntrants(PairEntrants):
    """Its own public list of entrants."""

    def list_page(self, request, tournament):
        squads = self.of(tournament).order_by("number")
        context = {"tournament": tournament, "squads": squads}
        return HttpResponse(SQUADS_PAGE.render(context, request))


class SquadRoster(Exporter):
    """Its own download: the squads, one a line."""

    key = "toy-squadre"
    label = "Elenco squadre (testo)"
    scope = "tournament"

    def render(self, *, tournament, turno=None, after_turno=None) -> ExportFile:
        lines = [f"{p.number} {p.players}" for p in tournament.entrants.order_by("number")]
        return ExportFile(
            download_name(tournament, "squadre", ext="txt"),
            "text/plain; charset=utf-8",
            "\n".join(lines).encode(),
        )


class SquadWords(KindWords):
    """Its own words: the menus', the overview's, the projector's, the dashboard's."""

    entrants_noun = "squadre iscritte"
    entrants_label = "Squadre"
    entrant_column = "Squadra"
    register_step = "Iscrivi le squadre"


class SquadFormat(TournamentFormat):
    key = "toy"
    words = SquadWords()
    entrants = SquadEntrants()
    exporters = (*TournamentFormat.exporters, "toy-squadre")


@pytest.fixture
def toy_kind(monkeypatch):
    fmt = SquadFormat()
    monkeypatch.setitem(FORMATS, fmt.key, fmt)
    monkeypatch.setitem(EXPORTERS, SquadRoster.key, SquadRoster)
    return fmt


@pytest.fixture
def toy(toy_kind, director):
    tournament = make_tournament(kind="toy", owner=director, planned_turni=3)
    tournament.directors.add(director)
    make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(1200, 800), (900, 1100)])
    return tournament


def _page(client, name, *args, **query) -> str:
    response = client.get(reverse(name, args=args), query)
    assert response.status_code == 200, (name, response.status_code)
    return response.content.decode()


def test_the_director_finds_the_new_kind_on_the_pages(director_client, toy):
    slug = toy.slug
    dashboard = _page(director_client, "manage:dashboard", slug)
    # The director's menu names its entrants and links their page.
    assert f'<a href="{reverse("manage:pairs", args=[slug])}" class="">Squadre</a>' in dashboard
    assert "squadre iscritte" in dashboard
    assert "1 / 3" in dashboard  # its planned turni, from its format
    turni = _page(director_client, "manage:turni", slug)
    assert "Squadre" in turni
    results = _page(director_client, "manage:turno_results", slug, 1)
    assert "PV" in results or "VP" in results  # a VP turno: its tables' VP column
    downloads = _page(director_client, "exports:downloads", slug)
    assert "Elenco squadre (testo)" in downloads
    response = director_client.get(reverse("exports:download", args=[slug, "toy-squadre"]))
    assert response.status_code == 200
    assert response.content.decode().splitlines()[0].startswith("1 ")


def test_the_public_finds_the_new_kind_on_its_pages(client, toy):
    slug = toy.slug
    overview = _page(client, "tournaments:detail", slug)
    assert "squadre iscritte" in overview
    assert "Squadre" in overview  # the public menu's entrants
    squads = _page(client, "tournaments:pairs", slug)
    assert "Elenco squadre" in squads and "Squadra 4:" in squads
    standings = _page(client, "tournaments:standings", slug, dopo=1)
    first = toy.entrants.get(number=1)
    assert first.player1 in standings
    assert _page(client, "tournaments:pair", slug, 1)
    assert "Squadra" in _page(client, "tournaments:projector", slug)
    seating = _page(client, "tournaments:seating", slug, 1)
    assert first.player1 in seating
    found = _page(client, "tournaments:seat_search", slug, nome=first.player1.split()[0])
    assert first.player1 in found


def test_the_new_kind_goes_through_the_archive(toy_kind, director):
    data = json.loads(DEMO.read_text(encoding="utf-8"))
    data["tournament"]["kind"] = "toy"
    imported = tournament_import(data=data, owner=director)
    assert imported.kind == "toy" and format_of(imported) is toy_kind
    first = tournament_export(imported)
    assert first["tournament"]["kind"] == "toy"
    assert [row["rank"] for row in first["results"]["standings"]][:1] == [1]
    again = tournament_import(data=first, owner=director)
    second = tournament_export(again)
    assert_same_but_the_import_entry(first, second)
    assert Tournament.objects.filter(kind="toy").count() == 2


def test_the_new_kind_is_in_the_published_schema(client, toy_kind, toy):
    """The schema the site publishes and checks files with lists the registered kinds: another
    program validating a file of the new kind with it finds it valid, like the reader does."""
    served = json.loads(client.get(reverse("archive:schema")).content)
    assert served["$defs"]["tournament"]["properties"]["kind"]["enum"] == list(FORMATS)
    exported = tournament_export(toy)
    jsonschema.validate(exported, served)
    assert read_archive(exported).tournament.kind == "toy"


def test_a_kind_not_registered_is_refused_by_the_schema_check():
    data = json.loads(DEMO.read_text(encoding="utf-8"))
    data["tournament"]["kind"] = "toy"
    with pytest.raises(ArchiveError) as caught:
        read_archive(data)
    assert caught.value.path == "tournament.kind"
    assert '"toy"' in caught.value.message
