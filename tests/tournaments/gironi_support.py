"""A pairs evening ready for the gironi's tests: 15 pairs, two turni played by hand (the odd
pair winning 900-400, fibur-3 14-6), then the gironi started from turno 3 (A 3 tables, B 4 and a
riposo) through the service, published and played."""

from __future__ import annotations

from burraco_tourney.tournaments.models import EntryMode, Table
from burraco_tourney.tournaments.services.gironi import gironi_start
from burraco_tourney.tournaments.services.results import tournament_recompute_results
from burraco_tourney.tournaments.services.turni import turno_publish
from tests.factories import make_pairs, make_tournament, make_turno


def pairs_evening(director, **fields):
    fields.setdefault("planned_turni", 4)
    tournament = make_tournament(owner=director, **fields)
    make_pairs(tournament, 15)
    totals = [(900, 400)] * 7
    make_turno(tournament, 1, [(p, p + 1) for p in range(1, 15, 2)], byes=[15], totals=totals)
    make_turno(tournament, 2, [(p, p + 1) for p in range(2, 15, 2)], byes=[1], totals=totals)
    return tournament


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


def enter(turno, scores):
    """Give every table of ``turno`` its totals: ``scores(table)`` -> (ns_mp, eo_mp)."""
    for table in turno.tables.all():
        ns, eo = scores(table)
        Table.objects.filter(pk=table.pk).update(entry_mode=EntryMode.TOTALS, ns_mp=ns, eo_mp=eo)
    tournament_recompute_results(tournament=turno.tournament)


def gironi_played(tournament, director, **settings):
    """Turno 3 in gironi, published: girone A's NS lines lose 400-900 (6 VP), B's NS lines win
    1500-0 (19 VP), so by VP some of B pass A."""
    turno = start(tournament, director, **settings)
    turno_publish(turno=turno, user=director)
    enter(turno, lambda t: (400, 900) if t.girone == "A" else (1500, 0))
    return turno
