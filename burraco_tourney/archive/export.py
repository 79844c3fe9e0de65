"""Writing a tournament of any kind as a burraco-archive file (ARCHIVE.md version 3), results
included: a pairs or KO tournament's ``pairs``, an individual one's ``players`` (each table's
lines as lists of the players' numbers, ``penalties[].player``, standings rows by player).

``tournament_export`` returns the archive as plain JSON values, ready for ``json.dumps``. The
output is canonical (entrants, turni, tables, riposi and penalties in number order; the same keys
every time; a default left out), so exporting, importing the file and exporting again gives the
same JSON but for the one log entry the import adds. It holds everything the site keeps about
the tournament: drafts, withdrawals, the penalties' author and time, the change log, the rule
options (``tournament.settings``, docs/archive.md). It reads the stored results (computed by the
scoring service) and the standings selector; it never writes.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from django.db.models import Prefetch, prefetch_related_objects

from burraco_tourney.rules.errors import RuleError
from burraco_tourney.rules.rulesets import PRESETS, Ruleset
from burraco_tourney.tournaments.models import (
    Entrant,
    Penalty,
    Smazzata,
    Table,
    TableSeat,
    Tournament,
    Turno,
)
from burraco_tourney.tournaments.results_bridge import totals_last_move, tournament_forfeit_value
from burraco_tourney.tournaments.selectors.imports import with_import_origin
from burraco_tourney.tournaments.selectors.ko import bracket_of, ko_data

from .closing import closing_json
from .json_order import ko_rounds_json, vp_table_json
from .log import log_json, moment_json
from .persons import printed_people, with_people
from .reader import FORMAT, VERSION
from .reader_late import late_pairs_json
from .reader_v2 import SETTINGS_FLAGS
from .room_state import room_json

LINE_FIELDS_TAIL = ("chiusura", "pozzetto")


def tournament_export(tournament: Tournament) -> dict[str, Any]:
    """The whole tournament as an archive, with its computed ``results``."""
    # As stored: a caller's instance may predate a service's change (KO third place, ...).
    tournament = Tournament.objects.select_related("prize_list").get(pk=tournament.pk)
    ruleset = Ruleset.from_dict(tournament.rules)
    # The kind's section of the archive writes it (``formats/archive.py``).
    return tournament.fmt.archive.export(tournament, ruleset)


def entrants_export(tournament: Tournament, ruleset: Ruleset) -> dict[str, Any]:
    """The archive of a tournament whose entrants are pairs or players (a kind's section)."""
    # The word of the kind's entrants ("pair", "player"): the file's ``pairs`` or ``players``,
    # ``penalties[].pair`` or ``.player``, the standings rows'.
    key = tournament.fmt.entrant_key
    entrants = with_people(tournament.entrants.order_by("number"))
    numbers = {entrant.pk: entrant.number for entrant in entrants}
    turni = list(
        Turno.objects.filter(tournament=tournament)
        .order_by("number")
        .prefetch_related(
            Prefetch(
                "tables",
                queryset=Table.objects.order_by("number")
                .select_related("match")
                .prefetch_related(
                    Prefetch("smazzate", queryset=Smazzata.objects.order_by("number"))
                ),
            ),
            "byes",
        )
    )
    # The players sitting at an individual tournament's tables (a pair's table has none).
    seated = [table for turno in turni for table in turno.tables.all() if table.ns_id is None]
    seats = TableSeat.objects.order_by("line", "seat")
    prefetch_related_objects(seated, Prefetch("seats", queryset=seats))
    penalties = list(
        with_import_origin(Penalty.objects.filter(turno__tournament=tournament))
        .select_related("turno", "created_by")
        .order_by("turno__number", "entrant__number", "created_at", "pk")
    )
    entrant_json = ENTRANT_JSON[key]
    archive: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "tournament": _tournament(tournament, ruleset, entrants),
        f"{key}s": [entrant_json(entrant, turni) for entrant in entrants],
        "turni": [_turno(turno, numbers, ruleset) for turno in turni],
        "penalties": [_penalty(penalty, numbers, key) for penalty in penalties],
        "log": log_json(tournament),
        "results": _results(tournament, turni, numbers),
    }
    return archive


def archive_json(data: dict[str, Any]) -> str:
    """The text of an archive file: indented, UTF-8 characters kept as they are, final newline."""
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def _tournament(tournament: Tournament, ruleset: Ruleset, pairs: list[Any]) -> dict[str, Any]:
    data: dict[str, Any] = {"name": tournament.name, "date": tournament.date.isoformat()}
    if tournament.venue:
        data["venue"] = tournament.venue
    data["kind"] = tournament.kind
    data["ruleset"] = tournament.ruleset_name
    preset = PRESETS.get(tournament.ruleset_name)
    # Semipulito is written only when it departs from the preset (it can only be switched off).
    if preset is not None and preset.semipulito and not ruleset.semipulito:
        data["semipulito"] = False
    data["smazzate_per_turno"] = tournament.smazzate_per_turno
    data["vp_table"] = vp_table_json(tournament.vp_table)
    if tournament.bye_vp is not None and tournament.bye_mp is not None:
        data["bye"] = {"vp": tournament.bye_vp, "mp": tournament.bye_mp}
    if tournament.forfeit_vp is not None and tournament.forfeit_mp is not None:
        data["forfeit"] = {"vp": tournament.forfeit_vp, "mp": tournament.forfeit_mp}
    if tournament.forfeit_loser_vp is not None:
        # The forfeiting pair's VP goes with the winner's: the value in use, written out.
        value = tournament_forfeit_value(tournament)
        if value is not None:
            data["forfeit"] = {"vp": value.vp, "mp": value.mp}
            data["forfeit"]["loser_vp"] = tournament.forfeit_loser_vp
    default = tournament.fmt.default_tiebreaks
    if tournament.tiebreaks and tuple(tournament.tiebreaks) != default:
        data["tiebreaks"] = list(tournament.tiebreaks)  # the default order is left out
    if tournament.ko_mode == "smazzate":
        data["ko"] = {"mode": "smazzate", "smazzate": tournament.ko_smazzate}
    elif tournament.ko_mode == "punti":
        data["ko"] = {"mode": "punti", "target": tournament.ko_target}
    if "ko" in data:
        if tournament.ko_third_place:
            data["ko"]["third_place"] = True
        if tournament.ko_rounds:
            data["ko"]["rounds"] = ko_rounds_json(tournament.ko_rounds)
    if tournament.planned_turni is not None:
        data["planned_turni"] = tournament.planned_turni
    if tournament.number_draw_seed and tournament.number_draw_at is not None:
        data["number_draw"] = {
            "seed": tournament.number_draw_seed,
            "at": moment_json(tournament.number_draw_at),
        }
    players = _players(tournament)
    if players:
        data["players"] = players
    settings = _settings(ruleset)
    if tournament.turno_minutes is not None:
        settings["turno_minutes"] = tournament.turno_minutes
    default_warning = Tournament._meta.get_field("last_smazzata_minutes").default
    if tournament.last_smazzata_minutes != default_warning:
        settings["last_smazzata_minutes"] = tournament.last_smazzata_minutes
    late = late_pairs_json(pairs)
    if late:
        settings["late_pairs"] = late
    settings.update(room_json(tournament))
    settings.update(closing_json(tournament))
    if settings:
        data["settings"] = settings
    return data


def _players(tournament: Tournament) -> dict[str, bool]:
    """``tournament.players``: written only when it departs from the defaults (the players do
    not enter; agreeing lines are accepted at once)."""
    players: dict[str, bool] = {}
    if tournament.players_enter:
        players["enter"] = True
    if not tournament.players_auto_accept:
        players["auto_accept"] = False
    return players


def _settings(ruleset: Ruleset) -> dict[str, Any]:
    """The rule options that depart from the preset (``tournament.settings``)."""
    preset = PRESETS.get(ruleset.name)
    if preset is None:
        return {}
    settings: dict[str, Any] = {}
    for key in ("chiusura_bonus", "pozzetto_penalty", *SETTINGS_FLAGS):
        if getattr(ruleset, key) != getattr(preset, key):
            settings[key] = getattr(ruleset, key)
    presets = dict(preset.bonuses)
    bonuses = {kind: points for kind, points in ruleset.bonuses if presets.get(kind) != points}
    if bonuses:
        settings["bonuses"] = bonuses
    return settings


def _last_seated(pair_id: int, turni: list[Turno]) -> int:
    """The last turno ``pair_id`` sits in (at a table or resting), 0 before any."""
    last = 0
    for turno in turni:
        tables = turno.tables.all()
        if any(pair_id in (t.ns_id, t.eo_id) for t in tables) or any(
            bye.entrant_id == pair_id for bye in turno.byes.all()
        ):
            last = turno.number
    return last


def _penalty(penalty: Penalty, numbers: dict[int, int], key: str) -> dict[str, Any]:
    data: dict[str, Any] = {
        "turno": penalty.turno.number,
        key: numbers[penalty.entrant_id],
        "vp": penalty.vp,
        "mp": penalty.mp,
        "reason": penalty.reason,
    }
    # A penalty of a version 1 file has neither author nor time: none is made up for it.
    if not penalty.imported:
        given_by = penalty.given_by_name
        if penalty.created_by is not None:
            given_by = penalty.created_by.get_username()
        if given_by:
            data["given_by"] = given_by
        data["at"] = moment_json(penalty.created_at)
    return data


def _pair(pair: Entrant, turni: list[Turno]) -> dict[str, Any]:
    data: dict[str, Any] = {"number": pair.number, "players": printed_people(pair)}
    if pair.club:
        data["club"] = pair.club
    if pair.seed is not None:
        data["seed"] = pair.seed
    if pair.withdrawn:
        # A pair withdrawn before the site kept the turno: the last one it sits in.
        after = pair.withdrawn_after_turno
        if after is None:
            after = _last_seated(pair.pk, turni)
        data["withdrawn"] = {"after_turno": after}
        if pair.withdrawn_reason:
            data["withdrawn"]["reason"] = pair.withdrawn_reason
    return data


def _player(player: Entrant, turni: list[Turno]) -> dict[str, Any]:
    """A player of an individual tournament (ARCHIVE.md "Kind individual")."""
    data: dict[str, Any] = {"number": player.number, "name": printed_people(player)[0]}
    if player.club:
        data["club"] = player.club
    if player.withdrawn:
        data["withdrawn"] = {"after_turno": player.withdrawn_after_turno or 0}
        if player.withdrawn_reason:
            data["withdrawn"]["reason"] = player.withdrawn_reason
    return data


# An entrant as the file writes it, by the kind's word (``TournamentFormat.entrant_key``).
ENTRANT_JSON: dict[str, Callable[[Entrant, list[Turno]], dict[str, Any]]] = {
    "pair": _pair,
    "player": _player,
}


def _line(smazzata: Smazzata, prefix: str, ruleset: Ruleset) -> dict[str, Any]:
    # Every burraco kind of the ruleset is written, zeros included, like the columns of the
    # scorecard; kinds outside the ruleset are always 0 and are left out. While semipulito is
    # switched off its counts are written as entered when there are any: they count as sporco,
    # and again as semipulito once it is back on (ARCHIVE.md).
    data: dict[str, Any] = {"cards": getattr(smazzata, f"{prefix}_cards")}
    for kind in ruleset.entry_kinds:
        count = getattr(smazzata, f"{prefix}_{kind}")
        if count or kind in ruleset.burraco_kinds:
            data[kind] = count
    for field in LINE_FIELDS_TAIL:
        data[field] = getattr(smazzata, f"{prefix}_{field}")
    return data


def _smazzata(smazzata: Smazzata, ruleset: Ruleset) -> dict[str, Any]:
    data: dict[str, Any] = {
        "ns": _line(smazzata, "ns", ruleset),
        "eo": _line(smazzata, "eo", ruleset),
        "end": smazzata.end,
    }
    if smazzata.last_move:
        data["last_move"] = smazzata.last_move
    return data


def _lines(table: Table, numbers: dict[int, int]) -> tuple[Any, Any]:
    """A table's ``ns`` and ``eo``: the pair's number, or the numbers of the players sitting
    in the line (seat 1 first)."""
    if table.ns_id is not None:
        return numbers[table.ns_id], numbers[table.eo_id]
    seats = table.seats.all()
    ns, eo = ([numbers[s.entrant_id] for s in seats if s.line == line] for line in ("ns", "eo"))
    return ns, eo


def _table(table: Table, numbers: dict[int, int], ruleset: Ruleset) -> dict[str, Any]:
    ns, eo = _lines(table, numbers)
    data: dict[str, Any] = {"table": table.number, "ns": ns, "eo": eo}
    if table.entry_mode == "totals":
        data["totals"] = {"ns": table.ns_mp, "eo": table.eo_mp}
        last_move = totals_last_move(table)
        if last_move is not None:
            data["totals"]["last_move"] = last_move
    elif table.entry_mode == "forfeit":
        data["forfeit"] = table.forfeit_winner
    else:
        # No result yet is an empty list of smazzate (ARCHIVE.md).
        data["smazzate"] = [_smazzata(s, ruleset) for s in table.smazzate.all()]
    return data


def _turno(turno: Turno, numbers: dict[int, int], ruleset: Ruleset) -> dict[str, Any]:
    data: dict[str, Any] = {
        "number": turno.number,
        "movement": turno.movement,
        "tables": [_table(table, numbers, ruleset) for table in turno.tables.all()],
    }
    byes = sorted(numbers[bye.entrant_id] for bye in turno.byes.all())
    if byes:
        data["byes"] = byes
    if not turno.published:
        data["published"] = False
    return data


# -- results ----------------------------------------------------------------------------------


def _results_turni(turni: list[Turno]) -> list[dict[str, Any]]:
    """``results.turni``: each table's MP and its match's VP as stored."""
    return [
        {
            "number": turno.number,
            "tables": [
                {
                    "table": table.number,
                    "ns_mp": table.ns_mp,
                    "eo_mp": table.eo_mp,
                    "ns_vp": table.match.ns_vp,
                    "eo_vp": table.match.eo_vp,
                }
                for table in turno.tables.all()
                if table.has_result
            ],
        }
        for turno in turni
    ]


def _results(tournament: Tournament, turni: list[Turno], numbers: dict[int, int]) -> dict[str, Any]:
    results: dict[str, Any] = {"turni": _results_turni(turni)}
    results.update(tournament.fmt.archive.results(tournament, turni, numbers))
    return results


def standings_results(tournament: Tournament) -> list[dict[str, Any]]:
    """The standings in ``results``, each row by its entrant's number under the kind's word."""
    key, ranked = tournament.fmt.entrant_key, tournament.fmt.standings
    return [
        {
            "rank": row.rank,
            key: ranked.number(row),
            "vp": row.vp,
            "scarto": row.scarto,
            "mp": row.mp,
        }
        for row in ranked.rows(tournament)
    ]


def ko_results(
    tournament: Tournament, turni: list[Turno], numbers: dict[int, int]
) -> dict[str, Any]:
    """Each match's winner as the results service stored it (the last-move rule included), and
    the tournament's winner: that of the bracket's final once played (``selectors.ko``)."""
    matches: list[dict[str, Any]] = []
    for turno in turni:
        for table in turno.tables.all():
            match = table.match
            winner = None
            if match.winner:
                winner = numbers[table.ns_id if match.winner == "ns" else table.eo_id]
            matches.append(
                {
                    "turno": turno.number,
                    "table": table.number,
                    "winner": winner,
                    "by_last_move": match.by_last_move,
                }
            )
    try:
        bracket = bracket_of(ko_data(tournament=tournament), third_place=False)
    except RuleError:
        # Round 1 is no bracket's (a file drawn by other rules): no final to name.
        champion = None
    else:
        champion = bracket.champion
    return {"matches": matches, "winner": champion}
