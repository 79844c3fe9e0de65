"""The gironi phase in the site (RULES.md section 12): the cut with its preview, the Danese drawn
inside each girone with its own table numbers (A1 … B1) and riposo, each girone's standings and
the overall standings girone by girone, for pairs and individual tournaments."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from burraco_tourney.rules.errors import RuleError
from burraco_tourney.tournaments.draw_manager import DrawRequest
from burraco_tourney.tournaments.models import AuditEntry, EntryMode, Table
from burraco_tourney.tournaments.selectors.gironi import girone_standings, gironi_preview
from burraco_tourney.tournaments.selectors.standings import standings
from burraco_tourney.tournaments.services.gironi import gironi_start
from burraco_tourney.tournaments.services.results import tournament_recompute_results
from burraco_tourney.tournaments.services.turni import (
    turno_delete_draft,
    turno_draw,
    turno_publish,
)
from tests.factories import make_pairs, make_tournament, make_turno

pytestmark = pytest.mark.django_db

# 15 pairs, two turni by hand: pair p meets p+1 (1 v 2, 3 v 4 …), 15 rests then 1 rests.
# Totals make the odd pair win 900-400 (fibur-3: 16-4) in turno 1 and the lower number win
# in turno 2 too, so the standings after turno 2 run 1, 3, 5 … by VP.


def played(tournament, number, seats, byes, winner_first=True):
    totals = [(900, 400) if winner_first else (400, 900)] * len(seats)
    return make_turno(tournament, number, seats, byes=byes, totals=totals)


@pytest.fixture
def evening(director):
    tournament = make_tournament(owner=director, planned_turni=4)
    make_pairs(tournament, 15)
    played(tournament, 1, [(p, p + 1) for p in range(1, 15, 2)], [15])
    played(tournament, 2, [(p, p + 1) for p in range(2, 15, 2)], [1])
    return tournament


def enter_all(turno, ns=900, eo=400):
    turno.tables.update(entry_mode=EntryMode.TOTALS, ns_mp=ns, eo_mp=eo)
    tournament_recompute_results(tournament=turno.tournament)


def start(tournament, director, sizes=(3, 4), **settings):
    """Start the gironi; ``tournament`` is read again, as the next request would."""
    turno = gironi_start(
        tournament=tournament,
        user=director,
        sizes=sizes,
        standings_setting=settings.get("standings", "since_turno_1"),
        overall_setting=settings.get("overall", "by_girone"),
    )
    tournament.refresh_from_db()
    return turno


def test_preview_cuts_the_standings_top_first(evening):
    order = [s.entrant.number for s in standings(tournament=evening, after_turno=2)]
    preview = gironi_preview(tournament=evening, sizes=[3, 4])
    assert preview.number == 3
    assert [(name, [r.entrant.number for r in rows]) for name, rows in preview.gironi] == [
        ("A", order[:6]),
        ("B", order[6:]),
    ]


def test_impossible_sizes_are_refused_and_nothing_is_written(evening, director):
    with pytest.raises(RuleError) as refused:
        start(evening, director, sizes=(3, 3))
    assert refused.value.code == "gironi_size_mismatch"
    evening.refresh_from_db()
    assert evening.gironi_from is None
    assert not evening.entrants.exclude(girone="").exists()
    assert evening.turni.count() == 2


def test_the_phase_draws_a_danese_inside_each_girone(evening, director):
    turno = start(evening, director)
    evening.refresh_from_db()
    assert evening.gironi_from == 3
    girone = dict(evening.entrants.values_list("number", "girone"))
    tables = list(turno.tables.order_by("number").select_related("ns", "eo"))
    assert [t.label for t in tables] == ["A1", "A2", "A3", "B1", "B2", "B3", "B4"]
    for table in tables:
        assert girone[table.ns.number] == girone[table.eo.number] == table.girone
    # B has 9 pairs: its own riposo, and A none.
    resting = list(turno.byes.values_list("entrant__number", flat=True))
    assert len(resting) == 1 and girone[resting[0]] == "B"
    assert AuditEntry.objects.filter(action="gironi_start").exists()
    turno_publish(turno=turno, user=director)
    enter_all(turno)
    with pytest.raises(ValidationError, match="Danese"):
        turno_draw(tournament=evening, user=director, request=DrawRequest(movement="mitchell"))
    fourth = turno_draw(tournament=evening, user=director, request=DrawRequest(movement="danese"))
    for table in fourth.tables.select_related("ns", "eo"):
        assert girone[table.ns.number] == girone[table.eo.number] == table.girone
    # Membership is fixed for the phase: the same nine in B.
    assert sorted(t.girone for t in fourth.tables.all()) == ["A"] * 3 + ["B"] * 4


def test_deleting_the_first_draft_ends_the_phase(evening, director):
    turno = start(evening, director)
    turno_delete_draft(turno=turno, user=director)
    evening.refresh_from_db()
    assert evening.gironi_from is None
    assert not evening.entrants.exclude(girone="").exists()


def _vp_by_pair(rows):
    return {r.entrant.number: r.vp for r in rows}


def test_girone_standings_since_turno_1_or_phase_only(evening, director):
    turno = start(evening, director)
    turno_publish(turno=turno, user=director)
    enter_all(turno)
    overall = _vp_by_pair(standings(tournament=evening))
    since = girone_standings(tournament=evening)
    assert [g.name for g in since] == ["A", "B"]
    for g in since:
        assert [r.rank for r in g.rows][0] == 1
        assert _vp_by_pair(g.rows) == {n: overall[n] for n in _vp_by_pair(g.rows)}
    # Phase only: a table of turno 3 gives its NS pair 14 VP and its EO pair 6 (900-400, a
    # difference of 500 on fibur-3); the pair resting in B gets the riposo's 14.
    evening.gironi_standings = "phase_only"
    evening.save()
    phase = girone_standings(tournament=evening)
    ns = set(turno.tables.values_list("ns__number", flat=True))
    eo = set(turno.tables.values_list("eo__number", flat=True))
    rest = set(turno.byes.values_list("entrant__number", flat=True))
    expected = {**dict.fromkeys(ns, 14), **dict.fromkeys(eo, 6), **dict.fromkeys(rest, 14)}
    assert {n: vp for g in phase for n, vp in _vp_by_pair(g.rows).items()} == expected
    # Girone A: three NS winners level on VP, scarto (+500) and MP (900), who did not meet.
    assert [r.vp for r in phase[0].rows] == [14, 14, 14, 6, 6, 6]
    assert [r.rank for r in phase[0].rows] == [1, 1, 1, 4, 4, 4]


def test_overall_standings_list_girone_a_first_or_everyone_by_vp(evening, director):
    turno = start(evening, director)
    turno_publish(turno=turno, user=director)
    # B's tables won big, A's lost: by VP some of B would pass A, by girone A stays on top.
    for table in turno.tables.all():
        ns, eo = (400, 900) if table.girone == "A" else (1500, 0)
        Table.objects.filter(pk=table.pk).update(entry_mode=EntryMode.TOTALS, ns_mp=ns, eo_mp=eo)
    tournament_recompute_results(tournament=evening)
    rows = standings(tournament=evening)
    assert [r.girone for r in rows] == ["A"] * 6 + ["B"] * 9
    assert [r.rank for r in rows][:1] == [1] and rows[6].rank >= 7
    evening.gironi_overall = "by_vp"
    evening.save()
    by_vp = standings(tournament=evening)
    assert [r.vp for r in by_vp] == sorted((r.vp for r in by_vp), reverse=True)
    assert [r.girone for r in by_vp] != ["A"] * 6 + ["B"] * 9


def test_gironi_page_previews_then_starts(english, evening):
    url = reverse("manage:gironi", args=[evening.slug])
    page = english.post(
        url,
        {
            "sizes": "A 3, B 4",
            "mode": "modificato",
            "gironi_standings": "since_turno_1",
            "gironi_overall": "by_girone",
            "preview": "1",
        },
    ).content.decode()
    assert "Girone A: 6 entrants" in page and "Girone B: 9 entrants" in page
    evening.refresh_from_db()
    assert evening.gironi_from is None
    bad = english.post(
        url,
        {
            "sizes": "3, 3",
            "mode": "modificato",
            "gironi_standings": "since_turno_1",
            "gironi_overall": "by_girone",
            "preview": "1",
        },
    ).content.decode()
    assert "6 tables do not seat the 15 playing" in bad and "add up to 7 tables" in bad
    response = english.post(
        url,
        {
            "sizes": "3, 4",
            "mode": "modificato",
            "gironi_standings": "phase_only",
            "gironi_overall": "by_vp",
            "start": "1",
        },
    )
    assert response.status_code == 302
    evening.refresh_from_db()
    assert (evening.gironi_from, evening.gironi_standings, evening.gironi_overall) == (
        3,
        "phase_only",
        "by_vp",
    )
    turni_page = english.get(reverse("manage:turni", args=[evening.slug])).content.decode()
    assert "Played in gironi from turno 3" in turni_page
