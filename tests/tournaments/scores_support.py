"""Helpers of the score entry tests: a published turno, the scorecard as POST data, the URLs."""

from __future__ import annotations

from django.urls import reverse

from burraco_tourney.tournaments.models import Table, Tournament, Turno
from tests.factories import make_pairs, make_tournament, make_turno


def scored_tournament(director, pairs: int = 6, seats=None, **fields) -> tuple[Tournament, Turno]:
    """A tournament of ``director`` with a published turno 1 (tables 1 v 2, 3 v 4, ...)."""
    tournament = make_tournament(owner=director, **fields)
    make_pairs(tournament, pairs)
    seats = seats or [(i, i + 1) for i in range(1, pairs, 2)]
    return tournament, make_turno(tournament, 1, seats)


def table_of(turno: Turno, number: int = 1) -> Table:
    return turno.tables.select_related("ns", "eo").get(number=number)


def entry_url(turno: Turno, table: int = 1, mode: str | None = None) -> str:
    url = reverse("manage:score_entry", args=[turno.tournament.slug, turno.number, table])
    return f"{url}?modo={mode}" if mode else url


def results_url(turno: Turno) -> str:
    return reverse("manage:turno_results", args=[turno.tournament.slug, turno.number])


def clear_url(turno: Turno, table: int = 1) -> str:
    return reverse("manage:score_clear", args=[turno.tournament.slug, turno.number, table])


def line(prefix: str, cards=None, *, chiusura=False, pozzetto=True, **counts) -> dict:
    """The boxes of one line of one smazzata as the browser sends them (unticked = absent)."""
    data = {f"{prefix}_cards": "" if cards is None else str(cards)}
    data.update({f"{prefix}_{kind}": str(n) for kind, n in counts.items()})
    if chiusura:
        data[f"{prefix}_chiusura"] = "on"
    if pozzetto:
        data[f"{prefix}_pozzetto"] = "on"
    return data


def smazzata(n: int, ns: dict, eo: dict, end: str = "", last_move: str = "") -> dict:
    """Smazzata ``n``: ``ns``/``eo`` are keyword dicts for ``line``."""
    data = {**line(f"s{n}_ns", **ns), **line(f"s{n}_eo", **eo)}
    data.update({f"s{n}_end": end, f"s{n}_last_move": last_move})
    return data


def blank(n: int) -> dict:
    """An empty smazzata as the form sends it: the pozzetto boxes ticked by default."""
    return smazzata(n, {}, {})


def scorecard(
    table: Table,
    *smazzate: dict,
    rows: int = 3,
    reason: str = "",
    version=None,
    ended_early: bool = False,
):
    """POST data of the per-smazzata form; missing trailing smazzate are sent empty.

    ``ended_early`` ticks "the turno ended early", which a table with fewer smazzate than the
    turno's needs in a pairs tournament."""
    data = {"mode": "smazzate", "version": table.version if version is None else version}
    if ended_early:
        data["ended_early"] = "on"
    for s in smazzate:
        data.update(s)
    for n in range(len(smazzate) + 1, rows + 1):
        data.update(blank(n))
    if reason:
        data["reason"] = reason
    return data


# A scorecard checked by hand (classic rules, fibur-3):
#   s1  NS 245 + 1 pulito 200 + chiusura 100            = 545
#       EO 120 + 1 sporco 100                           = 220
#   s2  NS  80 + 1 sporco 100                           = 180
#       EO 300 + 1 pulito 200 + 1 semipulito 150 + 100  = 750
#   s3  NS -40, no pozzetto -100                        = -140
#       EO  95 + 1 pulito 200 + chiusura 100            = 395
#   turno NS 585, EO 1365: difference 780, band <= 800 gives 16-4 to EO.
FULL = (
    smazzata(1, {"cards": 245, "pulito": 1, "chiusura": True}, {"cards": 120, "sporco": 1}),
    smazzata(
        2,
        {"cards": 80, "sporco": 1},
        {"cards": 300, "pulito": 1, "semipulito": 1, "chiusura": True},
    ),
    smazzata(3, {"cards": -40, "pozzetto": False}, {"cards": 95, "pulito": 1, "chiusura": True}),
)
FULL_TOTALS = [(545, 220), (180, 750), (-140, 395)]
FULL_RESULT = (585, 1365, 4, 16)


def result(table: Table) -> tuple:
    table.refresh_from_db()
    return (table.ns_mp, table.eo_mp, table.match.ns_vp, table.match.eo_vp)
