"""The digest of what a page shows (``live_digest``): the same rows give the same digest however
the digest is taken, and a changed column gives another. A pair's page is looked up under the
digest one request takes of every pair's rows and kept under the one its build takes of its
own: if the two differed, every poll would build the page again; if a change left the digest as
it was, the phones would keep an old page."""

from __future__ import annotations

from dataclasses import dataclass

from burraco_tourney.tournaments.live_digest import RowDigests, content_digest
from burraco_tourney.tournaments.models import Entrant, Smazzata, Table


@dataclass(frozen=True)
class Shown:
    table: Table
    opponent: Entrant
    rank: int


def _table(*, eo_name: str = "Bianchi", ns_cards: int = 120) -> tuple[Table, Entrant]:
    """A table read with its pairs and its smazzate, as the pairs' pages read it (each
    smazzata points back at its table, as a prefetch leaves it)."""
    ns = Entrant(pk=1, number=1, player1="Rossi", player2="Verdi")
    eo = Entrant(pk=2, number=2, player1=eo_name, player2="Neri")
    table = Table(pk=7, number=3, ns_mp=800, eo_mp=600)
    table._state.fields_cache.update(ns=ns, eo=eo)
    smazzata = Smazzata(pk=11, number=1, ns_cards=ns_cards, eo_cards=45)
    smazzata._state.fields_cache["table"] = table
    table._prefetched_objects_cache = {"smazzate": [smazzata]}
    return table, eo


def test_a_rows_digest_is_the_same_whoever_met_it_first():
    table, eo = _table()
    ns_side, eo_side = Shown(table, eo, 1), Shown(table, table.ns, 2)
    shared = RowDigests()
    # The digests request walks both pairs' turni with the rows' digests kept across them...
    first = [content_digest(ns_side, shared), content_digest(eo_side, shared)]
    # ...the build of one page, in another process, walks only its own.
    assert content_digest(eo_side, RowDigests()) == first[1]
    assert content_digest(ns_side, RowDigests()) == first[0]


def test_a_change_in_a_row_met_only_inside_another_changes_the_digest():
    table, eo = _table()
    before = content_digest(Shown(table, table.ns, 1), RowDigests())
    renamed, _ = _table(eo_name="Zanardelli")  # read again after the save
    assert content_digest(Shown(renamed, renamed.ns, 1), RowDigests()) != before
    recounted, _ = _table(ns_cards=125)
    assert content_digest(Shown(recounted, recounted.ns, 1), RowDigests()) != before
    same, _ = _table()
    assert content_digest(Shown(same, same.ns, 1), RowDigests()) == before
