"""An individual tournament run through the services: players registered, turni drawn by the
engine, results through the same score services as pairs, penalties per player, standings."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from burraco_tourney.rules.errors import RuleError
from burraco_tourney.tournaments.draw_manager import DrawRequest
from burraco_tourney.tournaments.models import AuditEntry, Movement, TableSeat
from burraco_tourney.tournaments.pair_import import parse_text
from burraco_tourney.tournaments.selectors.standings import standings as individual_standings
from burraco_tourney.tournaments.services.entrants import entrant_create, entrant_numbers_draw
from burraco_tourney.tournaments.services.pairs import entrants_import, entrants_import_check
from burraco_tourney.tournaments.services.penalties import penalty_add
from burraco_tourney.tournaments.services.scores import (
    table_record_forfeit,
    table_record_totals,
)
from burraco_tourney.tournaments.services.turni import (
    turno_delete_draft,
    turno_draw,
    turno_publish,
    turno_redraw,
)
from tests.factories import make_director, make_pairs, make_tournament, make_turno

NAMES = [
    "Anna Rossi",
    "Bruno Bianchi",
    "Carla Verdi",
    "Dario Russo",
    "Elena Ferrari",
    "Fabio Esposito",
    "Giulia Romano",
    "Luca Colombo",
    "Marta Ricci",
    "Nino Greco",
    "Olga Bruno",
    "Paolo Gallo",
]


@pytest.fixture
def tournament(db):
    return make_tournament(kind="individual", tiebreaks=["scarto", "mp"])


@pytest.fixture
def user(db):
    return make_director()


def register(tournament, user, names):
    text = "\n".join(f"{name}; Circolo Aurora" for name in names)
    rows = entrants_import_check(tournament=tournament, rows=parse_text(text, size=1))
    return entrants_import(tournament=tournament, user=user, rows=rows, source="")


def test_pasted_players_get_numbers_in_order_with_their_club(tournament, user):
    players = register(tournament, user, NAMES[:3])
    assert [(p.number, p.name, p.club) for p in players] == [
        (1, "Anna Rossi", "Circolo Aurora"),
        (2, "Bruno Bianchi", "Circolo Aurora"),
        (3, "Carla Verdi", "Circolo Aurora"),
    ]


def test_a_player_listed_again_is_refused_with_the_line(tournament, user):
    register(tournament, user, NAMES[:2])
    rows = entrants_import_check(
        tournament=tournament, rows=parse_text("Zeno Neri\nanna rossi; Altro", size=1)
    )
    assert not rows[0].errors
    assert "Anna Rossi" in rows[1].errors[0] or "anna rossi" in rows[1].errors[0]


def test_the_number_draw_is_repeatable_from_its_seed(tournament, user):
    register(tournament, user, NAMES[:6])
    drawn = entrant_numbers_draw(tournament=tournament, user=user, seed="sera")
    again = make_tournament(kind="individual")
    register(again, user, NAMES[:6])
    assert [d.players for d in drawn] == [
        d.players for d in entrant_numbers_draw(tournament=again, user=user, seed="sera")
    ]
    tournament.refresh_from_db()
    assert tournament.number_draw_seed == "sera"


def seating(turno):
    tables = {}
    for table, line, player in TableSeat.objects.filter(table__turno=turno).values_list(
        "table__number", "line", "entrant__number"
    ):
        tables.setdefault(table, {"ns": [], "eo": []})[line].append(player)
    return tables


def test_eight_players_follow_the_published_schedule(tournament, user):
    register(tournament, user, NAMES[:8])
    turno = turno_draw(tournament=tournament, user=user, request=DrawRequest(Movement.ROTATION))
    assert seating(turno) == {1: {"ns": [1, 2], "eo": [3, 4]}, 2: {"ns": [5, 6], "eo": [7, 8]}}
    assert turno.draw_notes[0]["code"] == "individual_schedule"
    assert not turno.published


def test_an_evening_of_twelve_players_three_turni(tournament, user):
    register(tournament, user, NAMES)
    partners: set[frozenset[int]] = set()
    for number in (1, 2, 3):
        movement = Movement.DANESE if number == 3 else Movement.ROTATION
        turno = turno_draw(tournament=tournament, user=user, request=DrawRequest(movement))
        seats = seating(turno)
        assert len(seats) == 3
        for lines in seats.values():
            for line in lines.values():
                assert frozenset(line) not in partners  # nobody partners twice
                partners.add(frozenset(line))
        turno_publish(turno=turno, user=user)
        for i, table in enumerate(turno.tables.order_by("number")):
            table_record_totals(
                table=table, user=user, ns_mp=1000 + 100 * i, eo_mp=800, version=table.version
            )
    rows = individual_standings(tournament=tournament)
    assert len(rows) == 12
    assert rows[0].vp >= rows[-1].vp
    assert all(row.played == 3 for row in rows)
    # Turno 3 is a Danese individuale from the standings after turno 2.
    assert tournament.turni.get(number=3).draw_notes[0]["code"] == "individual_ranking"


def test_a_table_result_credits_both_players_of_a_line(tournament, user):
    register(tournament, user, NAMES[:9])
    turno = turno_draw(tournament=tournament, user=user, request=DrawRequest(Movement.ROTATION))
    turno_publish(turno=turno, user=user)
    first, second = turno.tables.order_by("number")
    table_record_totals(table=first, user=user, ns_mp=1250, eo_mp=830, version=first.version)
    table_record_forfeit(table=second, user=user, absent="eo", version=second.version)
    by_player = {row.player.number: row for row in individual_standings(tournament=tournament)}
    ns = seating(turno)[1]["ns"]
    eo = seating(turno)[1]["eo"]
    assert {by_player[p].vp for p in ns} == {14} and {by_player[p].scarto for p in ns} == {420}
    assert {by_player[p].vp for p in eo} == {6} and {by_player[p].scarto for p in eo} == {-420}
    resting = turno.byes.get().entrant.number
    assert by_player[resting].vp == 14 and by_player[resting].byes == 1
    logged = AuditEntry.objects.filter(table=first).first()
    assert logged.subject_params["ns"] == f"{ns[0]}-{ns[1]}"


def test_a_penalty_counts_for_the_player_alone(tournament, user):
    register(tournament, user, NAMES[:8])
    turno = turno_draw(tournament=tournament, user=user, request=DrawRequest(Movement.ROTATION))
    turno = turno_publish(turno=turno, user=user)
    for table in turno.tables.all():
        table_record_totals(table=table, user=user, ns_mp=900, eo_mp=900, version=table.version)
    player = tournament.entrants.get(number=1)
    penalty_add(
        tournament=tournament, user=user, entrant=player, turno=turno, vp=-1, mp=-100, reason="R"
    )
    by_player = {row.player.number: row for row in individual_standings(tournament=tournament)}
    assert (by_player[1].vp, by_player[1].scarto) == (9, -100)
    assert (by_player[2].vp, by_player[2].scarto) == (10, 0)  # his partner keeps his VP
    assert [row.player.number for row in individual_standings(tournament=tournament)][-1] == 1


def test_a_draft_can_be_drawn_again_and_deleted(tournament, user):
    register(tournament, user, NAMES[:8])
    turno = turno_draw(tournament=tournament, user=user, request=DrawRequest(Movement.ROTATION))
    seats = (((1, 5), (2, 6)), ((3, 7), (4, 8)))
    turno = turno_redraw(turno=turno, user=user, request=DrawRequest(Movement.MANUAL, seats=seats))
    assert seating(turno)[1] == {"ns": [1, 5], "eo": [2, 6]}
    turno_delete_draft(turno=turno, user=user)
    assert not tournament.turni.exists() and not TableSeat.objects.exists()


def test_a_manual_seating_missing_a_player_is_refused(tournament, user):
    register(tournament, user, NAMES[:8])
    with pytest.raises(RuleError):
        turno_draw(
            tournament=tournament,
            user=user,
            request=DrawRequest(Movement.MANUAL, seats=(((1, 5), (2, 6)),)),
        )


def test_a_player_who_played_cannot_be_deleted(tournament, user):
    from burraco_tourney.tournaments.services.entrants import entrant_delete

    register(tournament, user, NAMES[:8])
    turno_draw(tournament=tournament, user=user, request=DrawRequest(Movement.ROTATION))
    with pytest.raises(ValidationError):
        entrant_delete(entrant=tournament.entrants.get(number=1), user=user)
    late = entrant_create(tournament=tournament, user=user, name="Zeno Neri")
    assert late.number == 9


def test_the_change_log_keeps_an_individual_turnos_riposi_where_it_always_did(tournament, user):
    # The log's entries travel in the archive as they are stored: an individual turno's draw
    # names its resting players under ``player_byes``, and its pairs' ``byes`` empty, whatever
    # model the riposi are kept in.
    register(tournament, user, NAMES[:9])
    turno = turno_draw(tournament=tournament, user=user, request=DrawRequest(Movement.ROTATION))
    resting = turno.byes.get().entrant.number
    after = AuditEntry.objects.get(action="turno_draw").after
    assert after["byes"] == [] and after["player_byes"] == [resting]
    assert len(after["seats"]) == 4  # two tables, two lines each


def test_a_tables_line_names_the_entrants_credited_with_its_result(tournament, user):
    register(tournament, user, NAMES[:8])
    turno = turno_draw(tournament=tournament, user=user, request=DrawRequest(Movement.ROTATION))
    table = turno.tables.order_by("number").first()
    for line in ("ns", "eo"):
        seats = TableSeat.objects.filter(table=table, line=line).order_by("seat")
        assert table.line_entrants(line) == [seat.entrant for seat in seats]
        assert len(table.line_entrants(line)) == 2
    pairs = make_tournament()
    make_pairs(pairs, 2)
    played = make_turno(pairs, 1, [(2, 1)])
    pair_table = played.tables.get()
    assert [e.number for e in pair_table.line_entrants("ns")] == [2]
    assert [e.number for e in pair_table.line_entrants("eo")] == [1]
