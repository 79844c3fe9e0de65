"""Who sits where in an individual tournament's turno: the tables with their four players, the
resting players, and each player's own place ("tavolo 3, NS con Bruno Bianchi").

The turni page, the public seating and "dove mi siedo", and the seating printouts read these.
Two queries per turno whatever its size. It never writes.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch
from django.utils.translation import gettext as _

from ...models import Entrant, Line, Table, TableSeat, Tournament, Turno
from ...selectors.seating import name_matches, surname_key
from ...selectors.tournaments import turno_byes


@dataclass(frozen=True)
class IndividualTable:
    table: Table
    ns: tuple[Entrant, ...]
    eo: tuple[Entrant, ...]

    @property
    def number(self) -> int:
        return self.table.number

    @property
    def label(self) -> str:
        return self.table.label

    @property
    def names(self) -> dict[str, str]:
        """Each line's two names: ``names["ns"]``, ``names["eo"]``."""
        return {line: " – ".join(p.name for p in players) for line, players in self.lines()}

    def lines(self) -> tuple[tuple[str, tuple[Entrant, ...]], ...]:
        return (("ns", self.ns), ("eo", self.eo))


@dataclass(frozen=True)
class PlayerPlace:
    """One player's place in a turno; ``table`` None when he rests."""

    player: Entrant
    table: int | None = None
    line: str = ""
    partner: Entrant | None = None
    opponents: tuple[Entrant, ...] = ()

    @property
    def sentence(self) -> str:
        if self.table is None:
            return _("rests")
        return _("table %(table)s, %(line)s with %(partner)s") % {
            "table": self.table,
            "line": Line(self.line).label if self.line else "",
            "partner": self.partner.name if self.partner else "",
        }

    @property
    def short(self) -> str:
        """ "tavolo 3, NS con Bruno Bianchi" with the line's short name."""
        if self.table is None:
            return _("rests")
        return _("table %(table)s, %(line)s with %(partner)s") % {
            "table": self.table,
            "line": self.line.upper(),
            "partner": self.partner.name if self.partner else "",
        }


@dataclass(frozen=True)
class IndividualSeating:
    turno: Turno
    tables: list[IndividualTable]
    byes: list[Entrant]

    def places(self) -> list[PlayerPlace]:
        """Every player of the turno, alphabetical by surname (``seating.surname_key``)."""
        places = [PlayerPlace(player=p) for p in self.byes]
        for table in self.tables:
            for line, players, others in (("ns", table.ns, table.eo), ("eo", table.eo, table.ns)):
                for player in players:
                    partner = next((p for p in players if p.pk != player.pk), None)
                    places.append(PlayerPlace(player, table.number, line, partner, others))
        return sorted(
            places, key=lambda place: (surname_key(place.player.name), place.player.number)
        )


def individual_seating(*, turno: Turno) -> IndividualSeating:
    seats = TableSeat.objects.select_related("entrant").order_by("line", "seat")
    tables = (
        turno.tables.order_by("number")
        .select_related("match")
        .prefetch_related(Prefetch("seats", queryset=seats))
    )
    result = [
        IndividualTable(table, tuple(table.line_entrants("ns")), tuple(table.line_entrants("eo")))
        for table in tables
    ]
    return IndividualSeating(turno=turno, tables=result, byes=turno_byes(turno=turno))


def find_player_places(*, tournament: Tournament, query: str) -> list[tuple[Turno, PlayerPlace]]:
    """ "Dove mi siedo": the places in the last published turno of the players whose name holds
    ``query`` as the pairs' search matches them (``seating.name_matches``)."""
    query = " ".join(query.split())
    turno = tournament.turni.filter(published=True).order_by("-number").first()
    if turno is None or len(query) < 2:
        return []
    return [
        (turno, place)
        for place in individual_seating(turno=turno).places()
        if name_matches(place.player.name, query)
    ]
