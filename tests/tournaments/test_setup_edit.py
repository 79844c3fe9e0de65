"""Editing a tournament's settings: who may, and rule changes once results exist."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from burraco_tourney.rules.rulesets import get_ruleset
from burraco_tourney.tournaments.forms.setup import initial_for
from burraco_tourney.tournaments.forms.setup_rules import NO
from burraco_tourney.tournaments.models import AuditEntry, Table, Tournament
from burraco_tourney.tournaments.services.results import tournament_recompute_results
from tests.factories import add_smazzata, make_director, make_pairs, make_tournament, make_turno

pytestmark = pytest.mark.django_db


def edit_url(tournament) -> str:
    return reverse("manage:tournament_edit", args=[tournament.slug])


def posted(tournament, **changes) -> dict:
    """The form as the settings page shows it for ``tournament``, with the director's changes."""
    data = {k: "" if v is None else v for k, v in initial_for(tournament).items()}
    data["date"] = tournament.date.isoformat()
    data.update(changes)
    return data


@pytest.fixture
def owned(director):
    tournament = make_tournament(name="Torneo della Vigilia", owner=director)
    tournament.directors.add(director)
    return tournament


@pytest.fixture
def scored(owned):
    """Four pairs, turno 1 with totals 1250-830 (14-6 with fibur-3) and 900-900."""
    make_pairs(owned, 4)
    make_turno(owned, 1, [(1, 2), (3, 4)], totals=[(1250, 830), (900, 900)])
    return owned


# -- access ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["dashboard", "tournament_edit"])
def test_anonymous_is_sent_to_the_login_page(client, owned, name):
    response = client.get(reverse(f"manage:{name}", args=[owned.slug]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


@pytest.mark.parametrize("name", ["dashboard", "tournament_edit"])
def test_another_director_gets_404_and_changes_nothing(client, owned, name):
    client.force_login(make_director("altro"))
    assert client.get(reverse(f"manage:{name}", args=[owned.slug])).status_code == 404
    response = client.post(edit_url(owned), posted(owned, name="Rubato"))
    assert response.status_code == 404
    owned.refresh_from_db()
    assert owned.name == "Torneo della Vigilia"


def test_a_granted_director_and_a_superuser_may_edit(client, owned):
    granted = make_director("aiuto")
    owned.directors.add(granted)
    boss = get_user_model().objects.create_superuser("capo", password="Segreto-2026")
    for user, name in ((granted, "Vigilia 1"), (boss, "Vigilia 2")):
        client.force_login(user)
        assert client.get(reverse("manage:dashboard", args=[owned.slug])).status_code == 200
        assert client.post(edit_url(owned), posted(owned, name=name)).status_code == 302
        owned.refresh_from_db()
        assert owned.name == name


def test_form_shows_the_stored_settings(english, owned):
    owned.rules = get_ruleset("classic", semipulito=False, bonuses={"sporco": 90}).to_dict()
    owned.vp_table = [{"max": 100, "vp": [10, 10]}, {"max": None, "vp": [20, 0]}]
    owned.save()
    form = english.get(edit_url(owned)).context["form"]
    assert form["semipulito"].value() == "no"
    assert form["closing_needs_pulito"].value() == ""  # as the preset
    assert form["bonus_sporco"].value() == 90
    assert form["bonus_pulito"].value() is None
    assert form["vp_preset"].value() == "custom"
    assert form["vp_bands"].value() == "100 10 10\n- 20 0"


def test_saving_untouched_settings_changes_nothing(english, owned):
    response = english.post(edit_url(owned), posted(owned), follow=True)
    assert "Nothing to save" in response.content.decode()
    assert not AuditEntry.objects.filter(tournament=owned).exists()


def test_editing_keeps_the_slug_and_records_the_change(english, owned, director):
    english.post(edit_url(owned), posted(owned, name="Vigilia di Natale", planned_turni="4"))
    changed = Tournament.objects.get(pk=owned.pk)
    assert (changed.name, changed.planned_turni, changed.slug) == (
        "Vigilia di Natale",
        4,
        owned.slug,
    )
    entry = AuditEntry.objects.get(tournament=owned)
    assert (entry.action, entry.user) == ("tournament_edit", director)
    assert entry.before == {"name": "Torneo della Vigilia", "planned_turni": None}
    assert entry.after == {"name": "Vigilia di Natale", "planned_turni": 4}


# -- rule changes once a result exists ----------------------------------------------------------


def _vp(tournament) -> tuple[int, int]:
    table = Table.objects.get(turno__tournament=tournament, turno__number=1, number=1)
    return table.match.ns_vp, table.match.eo_vp


def test_rule_change_is_refused_without_confirmation(english, scored):
    assert _vp(scored) == (14, 6)
    response = english.post(edit_url(scored), posted(scored, vp_preset="fibur-4"))
    assert response.status_code == 200
    errors = response.context["form"].errors["confirm_recompute"]
    assert "Results have already been entered" in errors[0]
    assert "VP table" in errors[0]
    scored.refresh_from_db()
    assert scored.vp_table == "fibur-3"
    assert _vp(scored) == (14, 6)


def test_confirmed_rule_change_recomputes_every_result(english, scored, director):
    response = english.post(
        edit_url(scored), posted(scored, vp_preset="fibur-4", confirm_recompute="on"), follow=True
    )
    assert "2 results recomputed" in response.content.decode()
    scored.refresh_from_db()
    assert scored.vp_table == "fibur-4"
    assert _vp(scored) == (12, 8)  # a difference of 420 is 12-8 in the 4-smazzate table
    entry = AuditEntry.objects.get(tournament=scored, action="tournament_rules_change")
    assert entry.user == director
    assert (entry.before, entry.after) == ({"vp_table": "fibur-3"}, {"vp_table": "fibur-4"})
    assert entry.reason


def test_name_date_and_venue_never_need_confirmation(english, scored):
    english.post(edit_url(scored), posted(scored, name="Nuovo nome", venue="Sala grande"))
    scored.refresh_from_db()
    assert (scored.name, scored.venue) == ("Nuovo nome", "Sala grande")


def test_confirm_box_is_shown_only_once_results_exist(english, owned):
    assert "confirm_recompute" not in english.get(edit_url(owned)).context["form"].fields
    make_pairs(owned, 2)
    make_turno(owned, 1, [(1, 2)], totals=[(900, 800)])
    assert "confirm_recompute" in english.get(edit_url(owned)).context["form"].fields


def test_recompute_failure_names_the_smazzata_and_changes_nothing(english, scored):
    table = Table.objects.get(turno__tournament=scored, turno__number=1, number=2)
    # NS closed with a burraco sporco only: fine in classic, illegal in internazionale.
    add_smazzata(
        table,
        1,
        ns={"cards": 100, "sporco": 1, "chiusura": True},
        eo={"cards": 50, "pulito": 1},
    )
    tournament_recompute_results(tournament=scored)
    before = _vp(scored)
    response = english.post(
        edit_url(scored),
        posted(scored, name="Cambiato", ruleset_name="internazionale", confirm_recompute="on"),
    )
    assert response.status_code == 200
    message = response.context["form"].non_field_errors()[0]
    assert "turno 1, table 2, smazzata 1" in message
    assert "clean burraco" in message
    assert "Nothing was changed" in message
    scored.refresh_from_db()
    assert (scored.name, scored.ruleset_name) == ("Torneo della Vigilia", "classic")
    assert _vp(scored) == before
    assert not AuditEntry.objects.filter(tournament=scored).exists()


def test_forfeit_value_beyond_a_new_table_is_refused(english, scored):
    response = english.post(
        edit_url(scored),
        posted(scored, forfeit_vp="25", forfeit_mp="300", confirm_recompute="on"),
    )
    assert "At most 20" in response.context["form"].errors["forfeit_vp"][0]


# -- directors ---------------------------------------------------------------------------------


def test_owner_adds_and_removes_a_director(english, owned):
    helper = make_director("aiuto")
    add = reverse("manage:director_add", args=[owned.slug])
    response = english.post(add, {"username": "aiuto"}, follow=True)
    assert "If aiuto is the user name of an account, it can now direct" in response.content.decode()
    assert owned.directors.filter(pk=helper.pk).exists()
    response = english.post(add, {"username": "nessuno"}, follow=True)
    # The same words: the page does not tell which user names exist.
    assert "If nessuno is the user name of an account" in response.content.decode()
    remove = reverse("manage:director_remove", args=[owned.slug, helper.pk])
    english.post(remove)
    assert not owned.directors.filter(pk=helper.pk).exists()
    actions = set(AuditEntry.objects.filter(tournament=owned).values_list("action", flat=True))
    assert actions == {"director_add", "director_remove"}


def test_a_granted_director_cannot_grant_others(client, owned):
    helper = make_director("aiuto")
    owned.directors.add(helper)
    make_director("terzo")
    client.force_login(helper)
    response = client.post(reverse("manage:director_add", args=[owned.slug]), {"username": "terzo"})
    assert response.status_code == 403
    assert owned.directors.count() == 2
    owner = owned.owner
    response = client.post(reverse("manage:director_remove", args=[owned.slug, owner.pk]))
    assert response.status_code == 403


def test_switching_semipulito_off_and_on_again_gives_the_semipulito_back(english, scored):
    """RULES.md section 4 and issue 9 case 8: without semipulito such a burraco counts as sporco,
    but what was entered is kept, so switching the rule back on restores the result (it used to
    be rewritten as a sporco for good)."""
    table = Table.objects.get(turno__tournament=scored, turno__number=1, number=2)
    add_smazzata(
        table,
        1,
        ns={"cards": 100, "semipulito": 1, "chiusura": True},
        eo={"cards": 50, "pulito": 1},
    )
    tournament_recompute_results(tournament=scored)
    table.refresh_from_db()
    assert table.ns_mp == 100 + 150 + 100  # cards, semipulito, chiusura
    response = english.post(
        edit_url(scored), posted(scored, semipulito=NO, confirm_recompute="on"), follow=True
    )
    assert "2 results recomputed" in response.content.decode()
    table.refresh_from_db()
    assert table.ns_mp == 100 + 100 + 100  # cards, sporco, chiusura
    smazzata = table.smazzate.get()
    assert (smazzata.ns_semipulito, smazzata.ns_sporco) == (1, 0)  # as entered
    # The score page shows it as entered, marked as counting as sporco (issue 27).
    page = english.get(reverse("manage:score_entry", args=[scored.slug, 1, 2])).content.decode()
    assert 'name="s1_ns_semipulito" value="1"' in page
    assert "counts as sporco while semipulito is off" in page
    scored.refresh_from_db()
    english.post(edit_url(scored), posted(scored, semipulito="yes", confirm_recompute="on"))
    table.refresh_from_db()
    assert table.ns_mp == 100 + 150 + 100
