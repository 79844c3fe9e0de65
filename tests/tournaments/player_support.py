"""Shared pieces of the players' entry tests: a published turno whose players may enter, and
smazzate in the engine's terms."""

from __future__ import annotations

from burraco_tourney.rules.scoring import LineEntry
from burraco_tourney.rules.scoring import Smazzata as SmazzataEntry
from tests.factories import make_pairs, make_tournament, make_turno


def players_turno(*, auto_accept: bool = True, tables: int = 2, **fields):
    tournament = make_tournament(players_enter=True, players_auto_accept=auto_accept, **fields)
    make_pairs(tournament, tables * 2)
    seats = [(2 * i + 1, 2 * i + 2) for i in range(tables)]
    turno = make_turno(tournament, 1, seats)
    turno.published = True
    turno.save()
    return tournament, turno


def smazzata(ns_cards: int, eo_cards: int, *, ns_closes: bool = True) -> SmazzataEntry:
    """A smazzata closed by one line with one burraco pulito."""
    closer = LineEntry(cards=ns_cards if ns_closes else eo_cards, pulito=1, chiusura=True)
    other = LineEntry(cards=eo_cards if ns_closes else ns_cards)
    ns, eo = (closer, other) if ns_closes else (other, closer)
    return SmazzataEntry(ns=ns, eo=eo, end="chiusura")


def three_smazzate(eo_cards_2: int = 185) -> list[SmazzataEntry]:
    return [smazzata(120, 45), smazzata(60, eo_cards_2, ns_closes=False), smazzata(95, 30)]


def first_save(access, line: str, eo_cards_2: int = 185, **extra):
    """``line``'s first save of ``three_smazzate`` from its phone ("ns-phone", "eo-phone")."""
    from burraco_tourney.tournaments.services.player_entries import player_entry_save

    return player_entry_save(
        access=access,
        line=line,
        session=f"{line}-phone",
        smazzate=three_smazzate(eo_cards_2),
        version=0,
        **extra,
    )


def drafts_to_accept(director):
    """A tournament of ``director`` (no automatic acceptance) whose table 1 holds the two
    lines' differing drafts (NS 185, EO 155 in smazzata 2); the turno, the table, the room
    board's address to accept it and what the board showed for NS (the line, the versions)."""
    from django.urls import reverse

    from burraco_tourney.tournaments.models import Submission, Table
    from burraco_tourney.tournaments.services.player_entries import turno_links_ensure

    tournament, turno = players_turno(auto_accept=False)
    tournament.directors.add(director)
    access = turno_links_ensure(turno=turno)[turno.tables.get(number=1).pk]
    first_save(access, "ns", 185)
    first_save(access, "eo", 155)
    table = Table.objects.get(pk=access.table_id)
    ns = Submission.objects.get(table=table, source="ns")
    url = reverse("manage:room_accept", args=[tournament.slug, 1, 1])
    seen = {"line": "ns", "version": table.version, "entry_version": ns.version}
    return turno, table, url, seen
