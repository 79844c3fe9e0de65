"""Writing an individual tournament as a burraco-archive file (ARCHIVE.md "Kind individual").

The pairs' export (``export.py``) with the individual tournament's differences: ``players`` in
place of ``pairs``, each table's ``ns`` and ``eo`` as lists of two player numbers (seat 1 first),
``byes`` of players, ``penalties[].player``, and standings rows by player. The tournament object,
the smazzate, the log and the tables' results are written by the pairs' own helpers, so the two
kinds cannot drift apart. Canonical like the pairs' export: exporting, importing and exporting
again gives the same file but for the import's log entry.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch

from burraco_tourney.rules.rulesets import Ruleset
from burraco_tourney.tournaments.models import (
    IndividualPenalty,
    Player,
    Smazzata,
    Table,
    TableSeat,
    Tournament,
    Turno,
)
from burraco_tourney.tournaments.selectors.imports import with_import_origin
from burraco_tourney.tournaments.selectors.standings_individual import individual_standings

from .log import log_json, moment_json


def individual_export(tournament: Tournament, ruleset: Ruleset) -> dict[str, Any]:
    """The archive of an individual tournament, with its computed ``results``."""
    from .export import FORMAT, VERSION, _results_turni, _table, _tournament

    players = list(Player.objects.filter(tournament=tournament).order_by("number"))
    turni = list(
        Turno.objects.filter(tournament=tournament)
        .order_by("number")
        .prefetch_related(
            Prefetch(
                "tables",
                queryset=Table.objects.order_by("number")
                .select_related("match")
                .prefetch_related(
                    Prefetch("smazzate", queryset=Smazzata.objects.order_by("number")),
                    Prefetch(
                        "seats",
                        queryset=TableSeat.objects.select_related("player").order_by(
                            "line", "seat"
                        ),
                    ),
                ),
            ),
            Prefetch("player_byes", queryset=_byes()),
        )
    )
    penalties = list(
        with_import_origin(IndividualPenalty.objects.filter(turno__tournament=tournament))
        .select_related("turno", "player", "created_by")
        .order_by("turno__number", "player__number", "created_at", "pk")
    )
    return {
        "format": FORMAT,
        "version": VERSION,
        "tournament": _tournament(tournament, ruleset, []),
        "players": [_player(player) for player in players],
        "turni": [_turno(turno, ruleset, _table) for turno in turni],
        "penalties": [_penalty(penalty) for penalty in penalties],
        "log": log_json(tournament),
        "results": {
            "turni": _results_turni(turni),
            "standings": [
                {
                    "rank": row.rank,
                    "player": row.player.number,
                    "vp": row.vp,
                    "scarto": row.scarto,
                    "mp": row.mp,
                }
                for row in individual_standings(tournament=tournament)
            ],
        },
    }


def _byes():
    from burraco_tourney.tournaments.models import IndividualBye

    return IndividualBye.objects.select_related("player")


def _player(player: Player) -> dict[str, Any]:
    data: dict[str, Any] = {"number": player.number, "name": player.name}
    if player.club:
        data["club"] = player.club
    if player.withdrawn:
        data["withdrawn"] = {"after_turno": player.withdrawn_after_turno or 0}
        if player.withdrawn_reason:
            data["withdrawn"]["reason"] = player.withdrawn_reason
    return data


def _turno(turno: Turno, ruleset: Ruleset, table_json) -> dict[str, Any]:
    tables = []
    for table in turno.tables.all():
        data = table_json(table, {}, ruleset, lines=_lines(table))
        tables.append(data)
    data: dict[str, Any] = {"number": turno.number, "movement": turno.movement, "tables": tables}
    byes = sorted(bye.player.number for bye in turno.player_byes.all())
    if byes:
        data["byes"] = byes
    if not turno.published:
        data["published"] = False
    return data


def _lines(table: Table) -> tuple[list[int], list[int]]:
    ns = [seat.player.number for seat in table.seats.all() if seat.line == "ns"]
    eo = [seat.player.number for seat in table.seats.all() if seat.line == "eo"]
    return ns, eo


def _penalty(penalty: IndividualPenalty) -> dict[str, Any]:
    data: dict[str, Any] = {
        "turno": penalty.turno.number,
        "player": penalty.player.number,
        "vp": penalty.vp,
        "mp": penalty.mp,
        "reason": penalty.reason,
    }
    if not penalty.imported:
        given_by = penalty.given_by_name
        if penalty.created_by is not None:
            given_by = penalty.created_by.get_username()
        if given_by:
            data["given_by"] = given_by
        data["at"] = moment_json(penalty.created_at)
    return data
