"""Hand-written factories with sensible defaults for the Django-side tests."""

from __future__ import annotations

import datetime
import itertools

from django.utils import timezone

from burraco_tourney.rules.rulesets import get_ruleset
from burraco_tourney.tournaments.models import (
    Bye,
    Entrant,
    EntryMode,
    Penalty,
    Smazzata,
    Table,
    Tournament,
    Turno,
)
from burraco_tourney.tournaments.services.matches import tables_create
from burraco_tourney.tournaments.services.results import tournament_recompute_results

_counter = itertools.count(1)

FIRST = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Giulia", "Luca", "Marta", "Nino"]
LAST = ["Rossi", "Bianchi", "Verdi", "Russo", "Ferrari", "Esposito", "Romano", "Colombo"]


def make_tournament(**fields) -> Tournament:
    n = next(_counter)
    ruleset = fields.pop("ruleset", "classic")
    defaults = {
        "slug": f"torneo-{n}",
        "name": f"Torneo {n}",
        "date": datetime.date(2026, 11, 20),
        "venue": "Circolo Aurora",
        "ruleset_name": ruleset,
        "rules": get_ruleset(ruleset).to_dict(),
        "smazzate_per_turno": 3,
        "vp_table": "fibur-3",
        "tiebreaks": ["scarto", "head_to_head", "mp"],
    }
    defaults.update(fields)
    return Tournament.objects.create(**defaults)


def make_pairs(tournament: Tournament, count: int) -> list[Entrant]:
    return Entrant.objects.bulk_create(
        Entrant(
            tournament=tournament,
            number=i,
            player1=f"{LAST[i % len(LAST)]} {FIRST[i % len(FIRST)]}",
            player2=f"{LAST[(i + 3) % len(LAST)]} {FIRST[(i + 5) % len(FIRST)]}",
            club=["Circolo Aurora", "Burraco Club Roma", ""][i % 3],
        )
        for i in range(1, count + 1)
    )


def make_turno(
    tournament: Tournament,
    number: int,
    seats,
    *,
    byes=(),
    totals=None,
    closed=None,
    recompute: bool = True,
) -> Turno:
    """A turno whose tables are (ns, eo) pair numbers, each with turno totals when given.

    A turno given its totals is a turno played and closed by the director (its standings are
    not provisional), unless ``closed=False``; one without is open. ``recompute=False`` leaves
    the results of the tables to a later recompute, which scores every table of the tournament:
    a fixture making many turni recomputes once, after the last one.
    """
    if closed is None:
        closed = totals is not None
    turno = Turno.objects.create(
        tournament=tournament,
        number=number,
        movement="manual",
        closed_at=timezone.now() if closed else None,
    )
    pairs = {p.number: p for p in tournament.entrants.all()}
    tables = []
    for i, (ns, eo) in enumerate(seats, start=1):
        table = Table(turno=turno, number=i, ns=pairs[ns], eo=pairs[eo])
        if totals is not None:
            table.entry_mode = EntryMode.TOTALS
            table.ns_mp, table.eo_mp = totals[i - 1]
        tables.append(table)
    tables_create(tables)
    for number in byes:
        Bye.objects.create(turno=turno, entrant=pairs[number])
    if recompute:
        tournament_recompute_results(tournament=tournament)
    return turno


def add_smazzata(table: Table, number: int, ns: dict, eo: dict, end: str = "chiusura") -> Smazzata:
    fields = {"table": table, "number": number, "end": end, "ns_total": 0, "eo_total": 0}
    fields.update({f"ns_{k}": v for k, v in ns.items()})
    fields.update({f"eo_{k}": v for k, v in eo.items()})
    smazzata = Smazzata.objects.create(**fields)
    table.entry_mode = EntryMode.SMAZZATE
    table.save(update_fields=["entry_mode"])
    return smazzata


def add_penalty(turno: Turno, pair_number: int, *, vp=0, mp=0, reason="Ritardo") -> Penalty:
    pair = turno.tournament.entrants.get(number=pair_number)
    return Penalty.objects.create(turno=turno, entrant=pair, vp=vp, mp=mp, reason=reason)


def make_director(username: str = "arbitro", password: str = "Segreto-2026"):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(username=username, password=password)
