"""An individual tournament ready for the pages' tests: players registered through the
services, turni drawn by the engine and published, results entered as totals."""

from __future__ import annotations

from burraco_tourney.tournaments.draw_manager import DrawRequest
from burraco_tourney.tournaments.models import Movement
from burraco_tourney.tournaments.pair_import import parse_text
from burraco_tourney.tournaments.services.pairs import entrants_import, entrants_import_check
from burraco_tourney.tournaments.services.scores import table_record_totals
from burraco_tourney.tournaments.services.turni import turno_draw, turno_publish
from tests.factories import make_director, make_tournament

NAMES = [
    "Anna Rossi",
    "Bruno Bianchi",
    "Carla Verdi",
    "Dario Russo",
    "Elena Ferrari",
    "Fabio Esposito",
    "Giulia Romano",
    "Luca Colombo",
]


def individual_tournament(*, names=NAMES, director=None, **fields):
    director = director or make_director()
    fields.setdefault("tiebreaks", ["scarto", "mp"])
    tournament = make_tournament(kind="individual", **fields)
    tournament.directors.add(director)
    text = "\n".join(f"{name}; Circolo Aurora" for name in names)
    rows = entrants_import_check(tournament=tournament, rows=parse_text(text, size=1))
    entrants_import(tournament=tournament, user=director, rows=rows, source="")
    return tournament, director


def drawn_turno(tournament, director, *, publish=True, movement=Movement.ROTATION):
    turno = turno_draw(tournament=tournament, user=director, request=DrawRequest(movement))
    if publish:
        turno = turno_publish(turno=turno, user=director)
    return turno


def enter_totals(turno, director, totals):
    """``totals``: (ns_mp, eo_mp) for tables 1, 2, ..."""
    for table, (ns_mp, eo_mp) in zip(turno.tables.order_by("number"), totals, strict=False):
        table_record_totals(
            table=table, user=director, ns_mp=ns_mp, eo_mp=eo_mp, version=table.version
        )
