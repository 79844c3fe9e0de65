"""A circuit's change log: its standings follow from its settings and tournaments, so the
settings page lists who created it, who changed what and which tournaments came and went."""

from __future__ import annotations

import pytest
from django.urls import reverse

from burraco_tourney.seasons.models import Circuit, CircuitChange

from .factory import make_season
from .test_pages import FORM

pytestmark = pytest.mark.django_db


def _log(page: str) -> str:
    return page[page.index('class="card circuit-changes"') :]


def test_each_change_is_listed_with_its_author_and_what_it_changed(director_client, director):
    tournaments = make_season(owner=director)
    ids = [str(t.pk) for t in tournaments]
    director_client.post(reverse("seasons:create"), {**FORM, "tournaments": ids})
    circuit = Circuit.objects.get()
    edit = reverse("seasons:edit", args=[circuit.slug])
    changed = {**FORM, "scoring": "vp", "placement_points": "", "best": "3"}
    response = director_client.post(edit, {**changed, "tournaments": ids[1:]})
    assert response.status_code == 302
    # Saved again as it is: nothing to log.
    director_client.post(edit, {**changed, "tournaments": ids[1:]})
    assert CircuitChange.objects.filter(circuit=circuit).count() == 2

    log = _log(director_client.get(edit).content.decode())
    latest, created = log.split("<li>\n", 2)[1:]
    assert "Circuito modificato" in latest and director.get_username() in latest
    assert "Punteggio per torneo: Punti piazzamento → PV totali" in latest
    assert "Punti piazzamento: 100, 70, 50, 30 → N − 5 × (posto − 1)" in latest
    assert "Migliori risultati validi: 2 → 3" in latest
    first = tournaments[0]
    assert f"Tornei tolti: {first.name} ({first.date:%d/%m/%Y})" in latest
    assert "Circuito creato" in created
    assert all(t.name in created for t in tournaments)


def test_a_refused_change_logs_nothing(director_client, director):
    tournaments = make_season(owner=director)
    ids = [str(t.pk) for t in tournaments]
    director_client.post(reverse("seasons:create"), {**FORM, "tournaments": ids})
    circuit = Circuit.objects.get()
    bad = {**FORM, "best": "0", "tournaments": ids}
    response = director_client.post(reverse("seasons:edit", args=[circuit.slug]), bad)
    assert response.status_code == 200
    assert list(CircuitChange.objects.values_list("action", flat=True)) == ["create"]
