"""The two gironi settings (RULES.md section 12) on the tournament settings page: changed after
the phase started, logged in the change log and ranking again at once."""

import pytest
from django.urls import reverse

from burraco_tourney.tournaments.models import AuditEntry
from burraco_tourney.tournaments.selectors.gironi import girone_standings
from burraco_tourney.tournaments.selectors.standings import standings
from tests.tournaments.gironi_support import gironi_played, pairs_evening
from tests.tournaments.test_setup_edit import posted

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(director):
    tournament = pairs_evening(director)
    tournament.directors.add(director)
    gironi_played(tournament, director)
    return tournament


def test_the_settings_page_offers_the_gironi_settings(english, played):
    page = english.get(reverse("manage:tournament_edit", args=[played.slug])).content.decode()
    assert 'id="gironi-settings"' in page
    assert 'name="gironi_overall"' in page and 'name="gironi_standings"' in page
    assert '<option value="by_girone" selected>' in page


def test_changing_the_overall_order_ranks_again_and_is_logged(english, played):
    assert standings(tournament=played)[0].girone == "A"
    url = reverse("manage:tournament_edit", args=[played.slug])
    response = english.post(url, posted(played, gironi_overall="by_vp"))
    assert response.status_code == 302
    played.refresh_from_db()
    assert played.gironi_overall == "by_vp"
    # B's NS lines won turno 3 1500-0: by VP one of them leads.
    rows = standings(tournament=played)
    assert rows[0].girone == "B"
    assert [r.vp for r in rows] == sorted((r.vp for r in rows), reverse=True)
    public = english.get(reverse("tournaments:standings", args=[played.slug])).content.decode()
    first = rows[0].entrant.number
    assert f">{first}<" in public
    entry = AuditEntry.objects.filter(tournament=played, action="tournament_edit").latest("pk")
    assert entry.before == {"gironi_overall": "by_girone"}
    assert entry.after == {"gironi_overall": "by_vp"}
    log = english.get(reverse("manage:audit", args=[played.slug])).content.decode()
    assert "Overall standings" in log and "everyone by VP" in log


def test_changing_the_girone_count_to_the_phase_only(english, played):
    before = {r.entrant.number: r.vp for g in girone_standings(tournament=played) for r in g.rows}
    url = reverse("manage:tournament_edit", args=[played.slug])
    assert english.post(url, posted(played, gironi_standings="phase_only")).status_code == 302
    played.refresh_from_db()
    assert played.gironi_standings == "phase_only"
    after = {r.entrant.number: r.vp for g in girone_standings(tournament=played) for r in g.rows}
    # Girone A's NS lines lost turno 3 400-900: 6 VP of the phase, not their total.
    assert set(after.values()) <= {6, 14, 19, 1}
    assert after != before


def test_a_wrong_value_is_refused_and_nothing_changes(english, played):
    url = reverse("manage:tournament_edit", args=[played.slug])
    response = english.post(url, posted(played, gironi_overall="by_luck"))
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    played.refresh_from_db()
    assert played.gironi_overall == "by_girone"
