"""Reading a burraco-archive file (ARCHIVE.md): parse it, check every rule, return plain values.

``read_archive`` accepts the file's bytes, its text or the already decoded JSON, and returns an
``Archive`` (``records.py``) or raises ``ArchiveError`` for the FIRST fault found, reading the
file top to bottom. The error names the place (``turni[2].tables[4].smazzate[1].ns.cards``,
0-based indexes) and says why in a translatable sentence.

The checks are those of the format: JSON types, required and unknown keys, the tournament's kind
and its kind-specific keys, pair and turno numbering, every pair at most once per turno, table
results given one way only, the VP table, every smazzata against the rules engine, KO matches,
penalties referring to existing turni and pairs. The archive's ``results`` is ignored.

This module never touches the database: it only reads the file.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from burraco_tourney.rules.rulesets import PRESETS
from burraco_tourney.rules.tiebreaks import DEFAULT_TIEBREAKS
from burraco_tourney.rules.vp import default_bye, vp_table

from .checks import (
    SMALL_MAX,
    at,
    json_bool,
    json_choice,
    json_int,
    json_list,
    json_object,
    json_text,
    load_json,
)
from .records import (
    Archive,
    ArchiveError,
    ArchivePair,
    ArchivePenalty,
    ArchiveTournament,
    ArchiveTurno,
    VpMp,
)
from .tables import TableReader
from .tournament_keys import (
    read_date,
    read_ko,
    read_ruleset,
    read_tiebreaks,
    read_value,
    read_vp_table,
)

FORMAT = "burraco-archive"
VERSION = 1
KINDS = ("pairs", "ko")
MOVEMENTS = ("mitchell", "danese", "italiana", "manual", "ko")
NAME_MAX, PLAYER_MAX, REASON_MAX = 200, 120, 200

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


def read_archive(data: bytes | str | Mapping[str, Any]) -> Archive:
    """The valid archive held by ``data``, or ``ArchiveError`` for its first fault."""
    return _Reader().read(load_json(data))


class _Reader:
    """One pass over a decoded file; remembers what later sections refer to."""

    def read(self, root: Any) -> Archive:
        if not isinstance(root, Mapping):
            raise ArchiveError("", _("The file must hold one JSON object {…}."))
        # Format and version first: a file of another kind deserves that answer, not a list of
        # unknown keys.
        if root.get("format") != FORMAT:
            raise ArchiveError(
                "format",
                _('must be "%(format)s": this is not a tournament archive') % {"format": FORMAT},
            )
        version = json_int(root.get("version"), "version")
        if version != VERSION:
            raise ArchiveError(
                "version",
                _("version %(version)s is not supported (this software reads version %(known)s)")
                % {"version": version, "known": VERSION},
            )
        json_object(
            root,
            "",
            ("format", "version", "tournament", "pairs", "turni"),
            ("penalties", "results"),
        )
        tournament = self._tournament(root["tournament"])
        pairs = self._pairs(root["pairs"])
        turni = self._turni(root["turni"])
        penalties = self._penalties(root.get("penalties", []))
        return Archive(tournament=tournament, pairs=pairs, turni=turni, penalties=penalties)

    # -- tournament ---------------------------------------------------------------------------

    def _tournament(self, raw: Any) -> ArchiveTournament:
        path = "tournament"
        obj = json_object(raw, path, TOURNAMENT_REQUIRED, TOURNAMENT_OPTIONAL)
        name = json_text(obj["name"], at(path, "name"), max_length=NAME_MAX)
        date = read_date(obj["date"], at(path, "date"))
        venue = json_text(obj.get("venue", ""), at(path, "venue"), max_length=NAME_MAX, blank=True)
        kind = json_choice(obj["kind"], at(path, "kind"), KINDS)
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
        self.ruleset = read_ruleset(ruleset_name, semipulito, at(path, "semipulito"))
        self.kind = kind

        smazzate = None
        if "smazzate_per_turno" in obj:
            smazzate = json_int(
                obj["smazzate_per_turno"], at(path, "smazzate_per_turno"), minimum=1, maximum=6
            )
        elif kind == "pairs":
            raise ArchiveError(
                at(path, "smazzate_per_turno"), _("is required for a pairs tournament")
            )
        self.smazzate_per_turno = smazzate

        vp_spec: str | tuple[tuple[int | None, int, int], ...] | None = None
        if "vp_table" in obj:
            vp_spec, self.vp = read_vp_table(obj["vp_table"], at(path, "vp_table"))
        elif kind == "pairs":
            raise ArchiveError(at(path, "vp_table"), _("is required for a pairs tournament"))
        else:
            # The value a Tournament row takes when none is given.
            self.vp = vp_table("fibur-3")

        bye = read_value(obj["bye"], at(path, "bye")) if "bye" in obj else None
        forfeit = read_value(obj["forfeit"], at(path, "forfeit")) if "forfeit" in obj else None
        if forfeit is not None and not 0 <= forfeit.vp <= self.vp.total:
            raise ArchiveError(
                at(at(path, "forfeit"), "vp"),
                _("a forfeit win must be worth 0 to %(total)s VP with this VP table")
                % {"total": self.vp.total},
            )
        default = default_bye(self.vp)
        self.bye = bye or (VpMp(*default) if default else None)
        self.forfeit = forfeit or self.bye

        tiebreaks = DEFAULT_TIEBREAKS  # stored, so the settings form and the file agree
        if "tiebreaks" in obj:
            tiebreaks = read_tiebreaks(obj["tiebreaks"], at(path, "tiebreaks"))
        ko = None
        if "ko" in obj:
            ko = read_ko(obj["ko"], at(path, "ko"))
        elif kind == "ko":
            raise ArchiveError(at(path, "ko"), _("is required for a ko tournament"))
        self.ko = ko
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
        )

    # -- pairs --------------------------------------------------------------------------------

    def _pairs(self, raw: Any) -> tuple[ArchivePair, ...]:
        pairs: list[ArchivePair] = []
        self.pair_index: dict[int, int] = {}
        for index, item in enumerate(json_list(raw, "pairs")):
            path = at("pairs", index)
            obj = json_object(item, path, ("number", "players"), ("club", "seed"))
            number = json_int(obj["number"], at(path, "number"), minimum=1)
            if number in self.pair_index:
                raise ArchiveError(
                    at(path, "number"),
                    _("pair %(number)s is already listed at pairs[%(index)s]")
                    % {"number": number, "index": self.pair_index[number]},
                )
            self.pair_index[number] = index
            players = json_list(obj["players"], at(path, "players"))
            if len(players) != 2:
                raise ArchiveError(
                    at(path, "players"),
                    _("must hold exactly two player names, not %(count)s")
                    % {"count": len(players)},
                )
            first, second = (
                json_text(name, at(at(path, "players"), i), max_length=PLAYER_MAX)
                for i, name in enumerate(players)
            )
            club = json_text(
                obj.get("club", ""), at(path, "club"), max_length=PLAYER_MAX, blank=True
            )
            seed = None
            if "seed" in obj:
                seed = json_int(obj["seed"], at(path, "seed"), minimum=1)
            pairs.append(ArchivePair(number=number, players=(first, second), club=club, seed=seed))
        return tuple(pairs)

    # -- turni --------------------------------------------------------------------------------

    def _turni(self, raw: Any) -> tuple[ArchiveTurno, ...]:
        turni: list[ArchiveTurno] = []
        tables = TableReader(
            ruleset=self.ruleset,
            vp=self.vp,
            kind=self.kind,
            smazzate_per_turno=self.smazzate_per_turno,
            ko=self.ko,
            forfeit=self.forfeit,
        )
        for index, item in enumerate(json_list(raw, "turni")):
            path = at("turni", index)
            obj = json_object(item, path, ("number", "movement", "tables"), ("byes",))
            number = json_int(obj["number"], at(path, "number"), minimum=1, maximum=SMALL_MAX)
            if number != index + 1:
                raise ArchiveError(
                    at(path, "number"),
                    _(
                        "turni are numbered 1, 2, 3… in order: this one must be %(expected)s, "
                        "not %(number)s"
                    )
                    % {"expected": index + 1, "number": number},
                )
            movement = json_choice(obj["movement"], at(path, "movement"), MOVEMENTS)
            seated: dict[int, str] = {}
            turno_tables = tables.read_turno(obj["tables"], at(path, "tables"), self._seat, seated)
            byes: list[int] = []
            for bye_index, value in enumerate(json_list(obj.get("byes", []), at(path, "byes"))):
                bye_path = at(at(path, "byes"), bye_index)
                pair = self._seat(value, bye_path, seated, _("rests"))
                if self.bye is None:
                    raise ArchiveError(
                        bye_path,
                        _(
                            "a riposo needs its value: set tournament.bye (this VP table has no "
                            "default)"
                        ),
                    )
                byes.append(pair)
            turni.append(
                ArchiveTurno(
                    number=number, movement=movement, tables=turno_tables, byes=tuple(byes)
                )
            )
        self.turno_numbers = {t.number for t in turni}
        return tuple(turni)

    def _seat(self, value: Any, path: str, seated: dict[int, str], where: str) -> int:
        """Check a pair number used in a turno and note where it sits; return the number."""
        number = json_int(value, path, minimum=1)
        self._known_pair(number, path)
        if number in seated:
            raise ArchiveError(
                path,
                _("pair %(pair)s appears twice in this turno (it already %(where)s)")
                % {"pair": number, "where": seated[number]},
            )
        seated[number] = where
        return number

    def _known_pair(self, number: int, path: str) -> None:
        if number not in self.pair_index:
            raise ArchiveError(path, _("there is no pair %(pair)s in pairs") % {"pair": number})

    # -- penalties ----------------------------------------------------------------------------

    def _penalties(self, raw: Any) -> tuple[ArchivePenalty, ...]:
        penalties: list[ArchivePenalty] = []
        for index, item in enumerate(json_list(raw, "penalties")):
            path = at("penalties", index)
            obj = json_object(item, path, ("turno", "pair", "reason"), ("vp", "mp"))
            turno = json_int(obj["turno"], at(path, "turno"), minimum=1)
            if turno not in self.turno_numbers:
                raise ArchiveError(
                    at(path, "turno"), _("there is no turno %(turno)s in turni") % {"turno": turno}
                )
            pair = json_int(obj["pair"], at(path, "pair"), minimum=1)
            self._known_pair(pair, at(path, "pair"))
            penalties.append(
                ArchivePenalty(
                    turno=turno,
                    pair=pair,
                    vp=json_int(
                        obj.get("vp", 0), at(path, "vp"), minimum=-SMALL_MAX, maximum=SMALL_MAX
                    ),
                    mp=json_int(obj.get("mp", 0), at(path, "mp")),
                    reason=json_text(obj["reason"], at(path, "reason"), max_length=REASON_MAX),
                )
            )
        return tuple(penalties)


__all__ = ["Archive", "ArchiveError", "read_archive"]
