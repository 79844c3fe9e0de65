"""What a change-log entry is about, read in the language of whoever reads the log.

The services record the subject of a change as a ``Subject``: a stable code and its values
(numbers and names, never a sentence). ``subject_text`` makes the sentence when the log is read,
with the language active then, so a log written in Italian reads in English too, and the
reverse. Entries recorded before the codes existed have no code: they show their stored words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext, pgettext

if TYPE_CHECKING:
    from .models import AuditEntry, Entrant, Penalty, Table, Tournament, Turno


@dataclass(frozen=True)
class Subject:
    """What a change is about: a code of ``SENTENCES`` and the values its sentence needs."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)


def tournament_subject(tournament: Tournament) -> Subject:
    return Subject("tournament", {"name": tournament.name})


def director_subject(username: str) -> Subject:
    return Subject("director", {"username": username})


def pair_subject(pair: Entrant) -> Subject:
    return Subject("pair", {"number": pair.number, "players": pair.players})


def import_subject(entrant_key: str, count: int, source: str) -> Subject:
    """A list of entrants imported ("pairs_import", "players_import" by the kind's
    ``entrant_key``); ``source`` is the file name, empty for a pasted list."""
    return Subject(f"{entrant_key}s_import", {"count": count, "source": source})


def number_draw_subject(seed: str) -> Subject:
    return Subject("number_draw", {"seed": seed})


def turno_subject(turno: Turno) -> Subject:
    return Subject("turno", {"number": turno.number})


def table_subject(table: Table) -> Subject:
    """A table of a turno with its two pairs (the turno's number, the table's, the pairs')."""
    return Subject(
        "table",
        {
            "turno": table.turno.number,
            "table": table.number,
            "ns": _line_label(table, "ns"),
            "eo": _line_label(table, "eo"),
        },
    )


def _line_label(table: Table, line: str) -> int | str:
    """A line of a table for the log: the pair's number, or an individual table's two player
    numbers ("1-5")."""
    pair = getattr(table, line)
    if pair is not None:
        return pair.number
    seats = table.seats.filter(line=line).order_by("seat").values_list("entrant__number", flat=True)
    return "-".join(str(n) for n in seats)


def player_subject(player) -> Subject:
    return Subject("player", {"number": player.number, "name": player.name})


def team_subject(team) -> Subject:
    return Subject("team", {"number": team.number, "name": team.name})


def lineup_subject(*, turno: int, match: int, team: int) -> Subject:
    """A team's line-up for one match: the turno, the match and the team, by number."""
    return Subject("lineup", {"turno": turno, "match": match, "team": team})


def entrant_subject(entrant) -> Subject:
    """An entrant as its kind's change log names it (``fmt.entrants.subject``)."""
    return entrant.tournament.fmt.entrants.subject(entrant)


def penalty_subject(penalty: Penalty, entrants) -> Subject:
    """A penalty: its entrant (a pair, a player, a team) and its turno, by number, under the
    code the kind's ``entrants`` give it (``penalty_code``)."""
    params = {entrants.key: penalty.entrant.number, "turno": penalty.turno.number}
    return Subject(entrants.penalty_code, params)


def ko_match_subject(*, round: int, table: int, ns: int, eo: int) -> Subject:
    """A knock-out match: its round, its table and the numbers of its two pairs."""
    return Subject("ko_match", {"round": round, "table": table, "ns": ns, "eo": eo})


def _players_import(p: Mapping[str, Any]) -> str:
    source = p["source"] or _("pasted list")
    return ngettext(
        "%(count)s player from %(source)s", "%(count)s players from %(source)s", p["count"]
    ) % {"count": p["count"], "source": source}


def _pairs_import(p: Mapping[str, Any]) -> str:
    source = p["source"] or _("pasted list")
    return ngettext(
        "%(count)s pair from %(source)s", "%(count)s pairs from %(source)s", p["count"]
    ) % {"count": p["count"], "source": source}


def _teams_import(p: Mapping[str, Any]) -> str:
    source = p["source"] or _("pasted list")
    return ngettext(
        "%(count)s team from %(source)s", "%(count)s teams from %(source)s", p["count"]
    ) % {"count": p["count"], "source": source}


# One sentence per code, made in the active language. A code is never renamed: stored entries
# keep it for good.
SENTENCES: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "tournament": lambda p: p["name"],
    "director": lambda p: p["username"],
    "pair": lambda p: f"{p['number']}. {p['players']}",
    "pairs_import": _pairs_import,
    "number_draw": lambda p: p["seed"],
    "turno": lambda p: pgettext("turno label", "Turno %(number)s") % {"number": p["number"]},
    "table": lambda p: _("Turno %(turno)s, table %(table)s (NS %(ns)s – EO %(eo)s)") % p,
    "penalty": lambda p: _("Pair %(pair)s, turno %(turno)s") % p,
    "player": lambda p: f"{p['number']}. {p['name']}",
    "players_import": _players_import,
    "player_penalty": lambda p: _("Player %(player)s, turno %(turno)s") % p,
    "team": lambda p: f"{p['number']}. {p['name']}",
    "teams_import": _teams_import,
    "team_penalty": lambda p: _("Team %(team)s, turno %(turno)s") % p,
    "lineup": lambda p: _("Turno %(turno)s, match %(match)s, team %(team)s") % p,
    "ko_match": lambda p: _("Round %(round)s, table %(table)s: pair %(ns)s v pair %(eo)s") % p,
}


def subject_text(subject: Subject) -> str:
    """The sentence of a subject in the active language."""
    return str(SENTENCES[subject.code](subject.params))


def entry_subject(entry: AuditEntry) -> str:
    """What an entry is about, in the active language; the stored words for an entry without a
    code (recorded before the codes existed) or with a code this version does not know."""
    if entry.subject_code in SENTENCES:
        try:
            return subject_text(Subject(entry.subject_code, entry.subject_params or {}))
        except (KeyError, TypeError, ValueError):
            pass
    return entry.subject


# Reasons the site writes itself (a director's reason is stored as typed). They are stored in
# English and translated when shown, so the log reads in the reader's language.
RECOMPUTED_REASON = gettext_noop("Every result recomputed with the new rules.")
KO_FEEDER_CHANGED_REASON = gettext_noop("A result it depended on changed.")
IMPORT_REASON = gettext_noop(
    "The change log is not included in the archive: this tournament's log starts with this import."
)
IMPORT_LOG_REASON = gettext_noop(
    "Imported from an archive file: the entries before this one come from the file."
)
SITE_REASONS = frozenset(
    {RECOMPUTED_REASON, KO_FEEDER_CHANGED_REASON, IMPORT_REASON, IMPORT_LOG_REASON}
)


def entry_reason(entry: AuditEntry) -> str:
    """Why the change was made, in the active language when the site wrote the reason."""
    return _(entry.reason) if entry.reason in SITE_REASONS else entry.reason
