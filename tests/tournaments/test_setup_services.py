"""The tournament services on their own: slugs, settings updates, the check before a recompute."""

import datetime
from dataclasses import replace

import pytest

from burraco_tourney.tournaments.models import AuditEntry, EntryMode, Table, Tournament
from burraco_tourney.tournaments.services.tournaments import (
    DirectorGrantError,
    RecomputeFailed,
    RulesChangeNeedsConfirmation,
    TournamentSettings,
    tournament_create,
    tournament_director_add,
    tournament_settings_of,
    tournament_slug,
    tournament_update,
)
from tests.factories import make_director, make_pairs, make_tournament, make_turno

pytestmark = pytest.mark.django_db

DATE = datetime.date(2026, 10, 18)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Torneo d'Autunno", "torneo-d-autunno-2026-10-18"),
        ("Coppa “Città di Roma” — 3ª tappa", "coppa-citta-di-roma-3a-tappa-2026-10-18"),
        ("!!!", "torneo-2026-10-18"),
    ],
)
def test_slug_is_made_of_name_and_date(name, expected):
    assert tournament_slug(name=name, date=DATE) == expected


def test_slug_of_a_long_name_fits_the_column_with_its_date():
    slug = tournament_slug(name="Gran torneo " * 20, date=DATE)
    assert len(slug) <= Tournament._meta.get_field("slug").max_length - 2
    assert slug.endswith("-2026-10-18")


def test_create_makes_the_creator_owner_and_director():
    user = make_director()
    tournament = tournament_create(user=user, settings=TournamentSettings(name="Sera", date=DATE))
    assert tournament.owner == user
    assert list(tournament.directors.all()) == [user]
    assert AuditEntry.objects.get(tournament=tournament).action == "tournament_create"


@pytest.fixture
def scored():
    tournament = make_tournament()
    make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(1250, 830), (900, 900)])
    return tournament


def test_rule_change_with_results_needs_confirmation(scored):
    new = replace(tournament_settings_of(scored), tiebreaks=["mp"])
    with pytest.raises(RulesChangeNeedsConfirmation) as refusal:
        tournament_update(tournament=scored, user=None, settings=new)
    assert refusal.value.fields == ["tiebreaks"]
    scored.refresh_from_db()
    assert scored.tiebreaks == ["scarto", "head_to_head", "mp"]


def test_unchanged_settings_record_nothing(scored):
    update = tournament_update(
        tournament=scored, user=None, settings=tournament_settings_of(scored)
    )
    assert update.changed == ()
    assert not AuditEntry.objects.exists()


def test_forfeit_without_any_value_stops_the_recompute(scored):
    # A custom table has no default riposo value; the forfeit used the tournament's own value.
    scored.vp_table = [{"max": 50, "vp": [10, 10]}, {"max": None, "vp": [20, 0]}]
    scored.forfeit_vp, scored.forfeit_mp = 14, 300
    scored.save()
    Table.objects.filter(turno__tournament=scored, number=2).update(
        entry_mode=EntryMode.FORFEIT, forfeit_winner="ns"
    )
    new = replace(tournament_settings_of(scored), forfeit_vp=None, forfeit_mp=None)
    with pytest.raises(RecomputeFailed) as failure:
        tournament_update(tournament=scored, user=None, settings=new, confirm_recompute=True)
    assert (failure.value.turno, failure.value.table, failure.value.smazzata) == (1, 2, None)
    assert failure.value.error.code == "forfeit_value_missing"
    scored.refresh_from_db()
    assert (scored.forfeit_vp, scored.forfeit_mp) == (14, 300)


def test_adding_the_same_director_twice_is_refused(scored):
    owner = make_director()
    scored.owner = owner
    scored.save()
    with pytest.raises(DirectorGrantError):
        tournament_director_add(tournament=scored, user=owner, username="arbitro")
