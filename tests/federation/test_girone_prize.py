"""The report's girone and prize columns, read from the gironi's standings and the prize list's
allocation (RULES.md sections 12 and 13)."""

from __future__ import annotations

import pytest

from burraco_tourney.exports.federation import FederationCsv
from burraco_tourney.rules.prize_list import Category, Place, PrizeList
from burraco_tourney.tournaments.models import EntryMode
from burraco_tourney.tournaments.services.gironi import gironi_start
from burraco_tourney.tournaments.services.prizes import prize_list_save
from burraco_tourney.tournaments.services.results import tournament_recompute_results
from burraco_tourney.tournaments.services.turni import turno_publish

from .support import report_tournament

pytestmark = pytest.mark.django_db


def rows(tournament):
    text = FederationCsv().render(tournament=tournament).content.decode("utf-8-sig")
    return {row[1]: row for row in (line.split(";") for line in text.split("\r\n")[10:-1])}


def test_each_row_gives_its_prize(director):
    tournament, _people = report_tournament(director)
    prizes = PrizeList(
        categories=(
            Category("Assoluta", (Place(1, amount=10000), Place(2, amount=5000))),
            Category("Ultima", (Place(1, object="Cucchiaio"),), eligible={"last": True}),
        )
    )
    prize_list_save(tournament=tournament, prizes=prizes, user=director)
    report = rows(tournament)
    assert report["1"][-1] == "Assoluta 1: 100.00"
    assert report["4"][-1] == "Assoluta 2: 50.00"
    assert report["3"][-1] == "Ultima 1: Cucchiaio"  # last in the standings
    assert report["2"][-1] == ""


def test_each_row_gives_its_girone(director):
    tournament, _people = report_tournament(director)
    assert {row[-2] for row in rows(tournament).values()} == {""}  # no gironi yet
    turno = gironi_start(
        tournament=tournament,
        user=director,
        sizes=(1, 1),
        standings_setting="since_turno_1",
        overall_setting="by_girone",
    )
    turno = turno_publish(turno=turno, user=director)
    turno.tables.update(entry_mode=EntryMode.TOTALS, ns_mp=900, eo_mp=400)
    tournament_recompute_results(tournament=tournament)
    tournament.refresh_from_db()
    report = rows(tournament)
    # After turno 1 the standings run 1, 4, 2, 3: the top table is girone A.
    assert {number: row[-2] for number, row in report.items()} == {
        "1": "A",
        "4": "A",
        "2": "B",
        "3": "B",
    }
