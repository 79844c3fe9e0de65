"""Reading the ``tournament`` object of an archive: its kind, rules, VP table, riposo and forfeit
values, tie-breaks, KO settings and, in version 2, the keys that version adds.

``TournamentSection`` is the part of the archive reader (``reader._Reader``) that reads it and
remembers what the rest of the file is checked with (ruleset, VP table, riposo and forfeit
values, KO match length). This module never touches the database.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from burraco_tourney.rules.rulesets import PRESETS
from burraco_tourney.rules.standings import Value
from burraco_tourney.tournaments.formats import FORMATS, format_of

from .checks import SMALL_MAX, at, json_bool, json_choice, json_int, json_object, json_text
from .closing import read_closing
from .prizes import read_prizes
from .reader_gironi import read_gironi_settings
from .reader_late import read_late_pairs
from .reader_v2 import (
    read_clock_settings,
    read_ko_extras,
    read_loser_vp,
    read_number_draw,
    read_players,
    read_settings,
)
from .records import ArchiveError, ArchiveTournament, LatePair, VpMp
from .room_state import read_room
from .tournament_keys import (
    read_date,
    read_ko,
    read_ruleset,
    read_tiebreaks,
    read_value,
    read_vp_table,
)

LATE_PAIRS_PATH = "tournament.settings.late_pairs"
NAME_MAX = 200

TOURNAMENT_REQUIRED = ("name", "date", "kind", "ruleset")
TOURNAMENT_OPTIONAL = (
    "venue",
    "semipulito",
    "smazzate_per_turno",
    "vp_table",
    "bye",
    "forfeit",
    "tiebreaks",
    "ko",
)

# The kinds a file may be of: those the formats serve (the registry itself, so a registered kind
# is read).
KINDS = FORMATS


def _vp_mp(value: Value | None) -> VpMp | None:
    return VpMp(value.vp, value.mp) if value is not None else None


class TournamentSection:
    """Reads ``tournament``; the reader's ``_v2(where)`` gives the version 2 keys of an object."""

    version: int

    def _v2(self, where: str) -> tuple[str, ...]:
        raise NotImplementedError

    # -- tournament ---------------------------------------------------------------------------

    def _tournament(self, raw: Any) -> ArchiveTournament:
        path = "tournament"
        kind = raw.get("kind") if isinstance(raw, Mapping) else None
        # The keys only a kind has (a teams file's ``team_scoring``): unknown in any other file.
        section = FORMATS.get(str(kind), FORMATS["pairs"]).archive
        obj = json_object(
            raw,
            path,
            TOURNAMENT_REQUIRED,
            (*TOURNAMENT_OPTIONAL, *self._v2("tournament"), *section.tournament_keys),
        )
        name = json_text(obj["name"], at(path, "name"), max_length=NAME_MAX)
        date = read_date(obj["date"], at(path, "date"))
        venue = json_text(obj.get("venue", ""), at(path, "venue"), max_length=NAME_MAX, blank=True)
        kind = json_choice(obj["kind"], at(path, "kind"), tuple(KINDS))
        ruleset_name = json_choice(obj["ruleset"], at(path, "ruleset"), tuple(PRESETS))
        semipulito = None
        if "semipulito" in obj:
            semipulito = json_bool(obj["semipulito"], at(path, "semipulito"))
            if semipulito and not PRESETS[ruleset_name].semipulito:
                raise ArchiveError(
                    at(path, "semipulito"),
                    _(
                        'the "%(ruleset)s" rules have no burraco semipulito: leave the key out '
                        "or set it to false"
                    )
                    % {"ruleset": ruleset_name},
                )
        settings: tuple[tuple[str, Any], ...] = ()
        clock: tuple[int | None, int | None] = (None, None)
        if "settings" in obj:
            settings = read_settings(obj["settings"], at(path, "settings"), ruleset_name)
            clock = read_clock_settings(obj["settings"], at(path, "settings"))
        self.ruleset = read_ruleset(
            ruleset_name, semipulito, at(path, "semipulito"), dict(settings)
        )
        self.kind = kind
        fmt = format_of(kind)
        if self.version < fmt.archive.min_version:
            raise ArchiveError(
                at(path, "kind"),
                _("a tournament of kind “%(kind)s” needs version %(version)s of the archive")
                % {"kind": kind, "version": fmt.archive.min_version},
            )
        for required in fmt.archive.required_fields:
            if required not in obj:
                raise ArchiveError(
                    at(path, required),
                    _("is required for a tournament of kind “%(kind)s”") % {"kind": kind},
                )
        kind_fields, kind_options = fmt.archive.read_tournament(obj, path)
        prizes = read_prizes(obj["prizes"], fmt) if "prizes" in obj else None

        smazzate = None
        if "smazzate_per_turno" in obj:
            smazzate = json_int(
                obj["smazzate_per_turno"], at(path, "smazzate_per_turno"), minimum=1, maximum=6
            )
        self.smazzate_per_turno = smazzate

        vp_spec: str | tuple[tuple[int | None, int, int], ...] | None = None
        table = None
        if "vp_table" in obj:
            vp_spec, table = read_vp_table(obj["vp_table"], at(path, "vp_table"))

        bye = read_value(obj["bye"], at(path, "bye")) if "bye" in obj else None
        forfeit = None
        if "forfeit" in obj:
            forfeit = read_value(obj["forfeit"], at(path, "forfeit"), self._v2("forfeit"))
        tiebreaks = None
        if "tiebreaks" in obj:
            tiebreaks = read_tiebreaks(obj["tiebreaks"], at(path, "tiebreaks"))
            for index, key in enumerate(tiebreaks):
                if key in fmt.standings.refused_tiebreaks:
                    raise ArchiveError(
                        at(at(path, "tiebreaks"), index),
                        _("%(key)s does not apply to a tournament of kind “%(kind)s”")
                        % {"key": key, "kind": kind},
                    )
        ko, third_place, rounds = None, None, ()
        if "ko" in obj:
            ko = read_ko(obj["ko"], at(path, "ko"), self._v2("ko"))
            third_place, rounds = read_ko_extras(obj["ko"], at(path, "ko"))
        # The file's rules as the site will build them from the stored tournament: the kind's
        # and the engine's defaults for what the file leaves out (the VP table, the riposo, a
        # forfeit worth a riposo, the tie-breaks), one place for them all.
        self.rules = fmt.build_rules(
            ruleset=self.ruleset,
            vp_table_spec=table,
            smazzate_per_turno=smazzate,
            bye_vp=bye.vp if bye else None,
            bye_mp=bye.mp if bye else None,
            forfeit_vp=forfeit.vp if forfeit else None,
            forfeit_mp=forfeit.mp if forfeit else None,
            tiebreaks=tiebreaks,
            ko_mode=ko.mode if ko else "",
            ko_smazzate=ko.smazzate if ko else None,
            ko_target=ko.target if ko else None,
            ko_rounds=rounds,
            **kind_options,
        )
        self.vp = self.rules.vp
        loser_vp = None
        if forfeit is not None:
            # A whole match's VP: one table's, or a team match's.
            total = fmt.archive.match_vp_total(self.rules)
            # One table's value is the engine's answer (``VpTable.holds``).
            within = (
                self.vp.holds(forfeit.vp) if total == self.vp.total else 0 <= forfeit.vp <= total
            )
            if not within:
                raise ArchiveError(
                    at(at(path, "forfeit"), "vp"),
                    _("a forfeit win must be worth 0 to %(total)s VP with this VP table")
                    % {"total": total},
                )
            loser_vp = read_loser_vp(obj["forfeit"], at(path, "forfeit"), total)
        self.bye, self.forfeit = fmt.archive.given_values(
            obj, _vp_mp(self.rules.bye), _vp_mp(self.rules.forfeit)
        )

        # Stored, so the settings form and the file agree.
        tiebreaks = self.rules.tiebreaks
        self.ko, self.ko_rounds = ko, rounds
        planned = None
        if "planned_turni" in obj:
            planned = json_int(
                obj["planned_turni"], at(path, "planned_turni"), minimum=1, maximum=SMALL_MAX
            )
        players = None
        if "players" in obj:
            players = read_players(obj["players"], at(path, "players"))
        number_draw = None
        if "number_draw" in obj:
            number_draw = read_number_draw(obj["number_draw"], at(path, "number_draw"))
        late: tuple[LatePair, ...] = ()
        if "late_pairs" in obj.get("settings", {}):
            late = read_late_pairs(obj["settings"]["late_pairs"], LATE_PAIRS_PATH, self.vp.total)
        room = read_room(obj["settings"], at(path, "settings")) if "settings" in obj else ()
        closed, corrected = (), ()
        if isinstance(obj.get("settings"), Mapping):
            closed, corrected = read_closing(obj["settings"])
        return ArchiveTournament(
            name=name,
            date=date,
            venue=venue,
            kind=kind,
            ruleset=ruleset_name,
            semipulito=semipulito,
            smazzate_per_turno=smazzate,
            vp_table=vp_spec,
            bye=bye,
            forfeit=forfeit,
            tiebreaks=tiebreaks,
            ko=ko,
            planned_turni=planned,
            forfeit_loser_vp=loser_vp,
            ko_third_place=third_place,
            ko_rounds=rounds,
            number_draw=number_draw,
            settings=settings,
            turno_minutes=clock[0],
            last_smazzata_minutes=clock[1],
            late_pairs=late,
            players=players,
            room=room,
            closed_turni=closed,
            corrected_results=corrected,
            **kind_fields,
            prizes=prizes,
            **dict(
                zip(
                    ("gironi_standings", "gironi_overall"),
                    read_gironi_settings(obj, path, fmt, kind),
                    strict=True,
                )
            ),
        )
