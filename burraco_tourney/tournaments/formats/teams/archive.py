"""The team tournament's archive section (ARCHIVE.md, version 3, "Kind teams"): the file lists
``teams`` (each with its roster) in place of ``pairs``, each turno its ``matches`` (two tables,
one per room, or a forfeit) in place of ``tables``; ``tournament.team_scoring`` and
``team_vp_table`` say how a match's result is made; ``results`` holds the matches, the standings
by team and the Butler view. Everything else is read and written as for pairs, by the one
reader and writer (``burraco_tourney/archive``)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy

from ..archive import EntrantFaults, PairsArchive

TEAM_FAULTS = EntrantFaults(
    listed_twice=gettext_lazy("team %(number)s is already listed at teams[%(index)s]"),
    unknown=gettext_lazy("there is no team %(pair)s in teams"),
    seated_twice=gettext_lazy("team %(pair)s appears twice in this turno (it already %(where)s)"),
    withdrawn_then_seated=gettext_lazy(
        "team %(team)s withdrew after turno %(after)s but plays in turno %(turno)s"
    ),
)


class TeamsArchive(PairsArchive):
    """Teams, matches of two rooms."""

    required_fields = ("smazzate_per_turno", "vp_table")
    min_version = 3
    tournament_keys = ("team_scoring", "team_vp_table")
    turno_key = "matches"
    entrants_key = "teams"
    line_seats = 1
    faults = TEAM_FAULTS

    def read_entrant(
        self, item: Any, path: str, v2_keys: tuple[str, ...], number: Any, people: Any
    ) -> Any:
        from burraco_tourney.archive.reader_teams import read_team

        return read_team(item, path, v2_keys, number, people)

    def read_tournament(self, obj: Any, path: str) -> tuple[dict[str, Any], dict[str, Any]]:
        from burraco_tourney.archive.reader_teams import read_team_settings

        return read_team_settings(obj, path)

    def given_values(self, obj: Any, bye: Any, forfeit: Any) -> tuple[Any, Any]:
        from burraco_tourney.archive.reader_teams import given_values

        return given_values(obj, bye, forfeit)

    def match_vp_total(self, rules: Any) -> int:
        """A team match shares twice a table's VP (``vp_sum``) or the team VP table's."""
        if rules.team_vp is not None:
            return rules.team_vp.total
        return 2 * rules.vp.total

    def read_turno(
        self, raw: Any, path: str, *, reader: Any, seated: dict[int, str], turno: int
    ) -> dict[str, Any]:
        from burraco_tourney.archive.reader_teams import MatchReader

        rosters = {team.number: len(team.players) for team in reader.entrants}
        matches = MatchReader(reader.table_reader, rosters, reader.forfeit)
        return {"matches": matches.read_turno(raw, path, reader._seat, seated, turno=turno)}

    def tournament_json(self, tournament: Any) -> dict[str, Any]:
        from burraco_tourney.archive.export_teams import tournament_keys_json

        return tournament_keys_json(tournament)

    def entrant_json(self, entrant: Any, turni: list) -> dict[str, Any]:
        from burraco_tourney.archive.export_teams import team_json

        return team_json(entrant, turni)

    def turno_items(self, turno: Any, numbers: dict[int, int], ruleset: Any) -> list[Any]:
        from burraco_tourney.archive.export_teams import matches_json

        return matches_json(turno, numbers, ruleset)

    def results(self, tournament: Any, turni: list, numbers: dict[int, int]) -> dict[str, Any]:
        from burraco_tourney.archive.export_teams import teams_results

        return teams_results(tournament, turni, numbers)


TEAMS_ARCHIVE = TeamsArchive()
