"""Helpers of the turni tests: draw through the real views, enter turno totals, read seatings."""

from __future__ import annotations

from django.urls import reverse

from burraco_tourney.tournaments.models import EntryMode, Tournament, Turno
from burraco_tourney.tournaments.services.results import tournament_recompute_results
from tests.factories import make_pairs, make_tournament


def director_tournament(director, pairs: int = 12, **fields) -> Tournament:
    tournament = make_tournament(owner=director, **fields)
    make_pairs(tournament, pairs)
    return tournament


def draw(client, tournament: Tournament, **data):
    """POST the draw form of the turni page; returns the response."""
    return client.post(reverse("manage:turni", args=[tournament.slug]), data)


def draw_ok(client, tournament: Tournament, **data) -> Turno:
    response = draw(client, tournament, **data)
    assert response.status_code == 302, _errors(response)
    return tournament.turni.order_by("-number").first()


def publish(client, turno: Turno):
    url = reverse("manage:turno_publish", args=[turno.tournament.slug, turno.number])
    response = client.post(url)
    assert response.status_code == 302
    turno.refresh_from_db()
    return response


def draw_and_publish(client, tournament: Tournament, **data) -> Turno:
    turno = draw_ok(client, tournament, **data)
    publish(client, turno)
    assert turno.published
    return turno


def seats(turno: Turno) -> list[tuple[int, int, int]]:
    return list(turno.tables.order_by("number").values_list("number", "ns__number", "eo__number"))


def byes(turno: Turno) -> list[int]:
    return sorted(turno.byes.values_list("entrant__number", flat=True))


def enter_totals(turno: Turno, totals=None) -> None:
    """Give every table of the turno turno totals (default a 1000-1000 draw) and recompute."""
    tables = list(turno.tables.order_by("number"))
    for i, table in enumerate(tables):
        table.entry_mode = EntryMode.TOTALS
        table.ns_mp, table.eo_mp = totals[i] if totals else (1000, 1000)
        table.save()
    tournament_recompute_results(tournament=turno.tournament)


def _errors(response) -> str:
    form = response.context and response.context.get("form")
    return str(form.errors if form else response.content[:500])


def form_errors(response) -> dict:
    return response.context["form"].errors
