"""The closed turni and the results corrected after a close travel in the archive
(``tournament.settings.closed_turni`` and ``corrected_results``, docs/archive.md): exported,
imported and exported again they are the same, to the microsecond, for pairs, individual and
knock-out tournaments; a file that closes a turno with a table still to play is refused."""

from __future__ import annotations

import copy

import pytest

from burraco_tourney.archive.export import tournament_export
from burraco_tourney.archive.records import ArchiveError
from burraco_tourney.archive.services import tournament_import
from burraco_tourney.tournaments.models import Table, Tournament
from burraco_tourney.tournaments.selectors.standings import standings_choice
from burraco_tourney.tournaments.services.closing import turno_close
from burraco_tourney.tournaments.services.scores import table_record_totals
from tests.factories import make_pairs, make_tournament, make_turno
from tests.tournaments.individual_support import drawn_turno, enter_totals, individual_tournament
from tests.tournaments.ko_support import ko_tournament, start, win

from .compare import assert_same_but_the_import_entry

pytestmark = pytest.mark.django_db


def _correct(tournament: Tournament, turno: int, number: int, director, ns_mp: int, eo_mp: int):
    table = Table.objects.get(turno__tournament=tournament, turno__number=turno, number=number)
    table_record_totals(
        table=table, user=director, ns_mp=ns_mp, eo_mp=eo_mp, version=table.version, reason="Firma"
    )


def _marks(tournament: Tournament):
    turni = list(tournament.turni.order_by("number").values_list("number", "closed_at"))
    tables = list(
        Table.objects.filter(turno__tournament=tournament, corrected_at__isnull=False)
        .order_by("turno__number", "number")
        .values_list("turno__number", "number", "corrected_at")
    )
    return turni, tables


def _round_trip(original: Tournament, director):
    first = tournament_export(original)
    copy_ = tournament_import(data=first, owner=director)
    second = tournament_export(copy_)
    assert_same_but_the_import_entry(first, second)
    assert _marks(copy_) == _marks(original)
    return first, copy_


def test_a_closed_turno_and_a_later_correction_round_trip(director):
    tournament = make_tournament(planned_turni=2)
    make_pairs(tournament, 4)
    totals = [(1250, 830), (900, 880)]
    one = make_turno(tournament, 1, [(1, 2), (3, 4)], totals=totals, closed=False)
    make_turno(tournament, 2, [(1, 3), (2, 4)], totals=[(700, 750), (990, 400)], closed=False)
    turno_close(turno=one, user=director)
    _correct(tournament, 1, 2, director, 905, 880)

    first, imported = _round_trip(tournament, director)
    settings = first["tournament"]["settings"]
    assert [item["turno"] for item in settings["closed_turni"]] == [1]
    assert [(c["turno"], c["table"]) for c in settings["corrected_results"]] == [(1, 2)]
    assert "result_correct_closed" in [entry["action"] for entry in first["log"]]
    # The copy reads as the original: turno 2 open, so its standings provisional; turno 1 closed
    # to the phones too.
    choice = standings_choice(tournament=imported)
    assert choice.closed == (1,) and choice.provisional(None) and choice.default == 1
    assert imported.turni.get(number=1).players_closed
    assert not imported.turni.get(number=2).players_closed


def test_an_individual_tournament_closed_round_trips(director):
    tournament, director = individual_tournament(director=director, planned_turni=1)
    turno = drawn_turno(tournament, director)
    enter_totals(turno, director, [(1250, 830), (900, 880)])
    turno_close(turno=turno, user=director)
    _correct(tournament, 1, 1, director, 1250, 835)
    first, imported = _round_trip(tournament, director)
    assert standings_choice(tournament=imported).final(None)


def test_a_knockout_round_closed_round_trips(director):
    tournament = ko_tournament(director, pairs=4)
    first_round = start(tournament, director)
    win(tournament, director, 1, 1)
    win(tournament, director, 1, 2)
    turno_close(turno=first_round, user=director)
    first, imported = _round_trip(tournament, director)
    assert [item["turno"] for item in first["tournament"]["settings"]["closed_turni"]] == [1]


def _closed_file(director):
    tournament = make_tournament(planned_turni=1)
    make_pairs(tournament, 4)
    totals = [(1250, 830), (900, 880)]
    one = make_turno(tournament, 1, [(1, 2), (3, 4)], totals=totals, closed=False)
    turno_close(turno=one, user=director)
    return tournament_export(tournament)


@pytest.mark.parametrize(
    ("change", "where", "words"),
    [
        (
            lambda d: (
                d["turni"][0]["tables"][1].update(smazzate=[])
                or d["turni"][0]["tables"][1].pop("totals")
            ),
            "tournament.settings.closed_turni[0].turno",
            "tavolo 2 non ha un risultato",
        ),
        (
            lambda d: d["tournament"]["settings"]["closed_turni"].append(
                {"turno": 1, "at": "2026-11-28T22:00:00+01:00"}
            ),
            "tournament.settings.closed_turni[1]",
            "già elencato",
        ),
        (
            lambda d: d["tournament"]["settings"].update(
                corrected_results=[{"turno": 1, "table": 9, "at": "2026-11-28T22:00:00+01:00"}]
            ),
            "tournament.settings.corrected_results[0]",
            "non ha il tavolo 9",
        ),
    ],
)
def test_a_file_closing_what_cannot_be_closed_is_refused(director, change, where, words):
    data = copy.deepcopy(_closed_file(director))
    change(data)
    before = Tournament.objects.count()
    with pytest.raises(ArchiveError) as refused:
        tournament_import(data=data, owner=director)
    assert refused.value.path == where
    assert words in str(refused.value)
    assert Tournament.objects.count() == before


def test_a_version_2_file_without_closed_turni_imports_them_open(director):
    data = _closed_file(director)
    del data["tournament"]["settings"]
    imported = tournament_import(data=data, owner=director)
    assert not imported.turni.filter(closed_at__isnull=False).exists()
    assert standings_choice(tournament=imported).provisional(None)
