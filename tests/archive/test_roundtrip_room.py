"""The archive keeps the room: a tournament brought through the services to every state a
director reaches — a draft turno and published ones, the lines' phone entries (being entered,
waiting for the other line, the lines differ, confirmed, accepted), anomalies dismissed with
their note, a turno closed to the phones, forfeits, riposi, penalties, a late and a withdrawn
pair, KO rounds, an individual tournament — exports, imports and exports again as the same
file (but the import's log entry), and the copy's director pages (room board, each table's
entries, anomalies, turno page) read word for word as the original's.

To cover new state: add a step to ``PAIRS_STEPS`` (or the KO/individual builders) that brings
the tournament there through the services, and, if a new page shows it, a line to ``pages``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html.parser import HTMLParser

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from burraco_tourney.archive.export import tournament_export
from burraco_tourney.archive.services import tournament_import
from burraco_tourney.tournaments.draw_manager import DrawRequest
from burraco_tourney.tournaments.models import Movement, Submission, Table, Tournament
from burraco_tourney.tournaments.selectors.player_entries import TableState, room_board
from burraco_tourney.tournaments.services import player_entries as phones
from burraco_tourney.tournaments.services.anomalies import anomaly_dismiss
from burraco_tourney.tournaments.services.entrants import entrant_create, entrant_set_withdrawn
from burraco_tourney.tournaments.services.late_pairs import MissedChoice
from burraco_tourney.tournaments.services.penalties import penalty_add
from burraco_tourney.tournaments.services.scores import (
    table_record_forfeit,
    table_record_smazzate,
)
from burraco_tourney.tournaments.services.turni import turno_draw, turno_publish
from tests.factories import make_director, make_pairs, make_tournament
from tests.tournaments.ko_support import deal, ko_tournament, start, win
from tests.tournaments.player_support import players_turno, smazzata, three_smazzate

from .compare import assert_same_but_the_import_entry

pytestmark = pytest.mark.django_db

Step = Callable[[Tournament, object], None]


def table(tournament: Tournament, turno: int, number: int) -> Table:
    return Table.objects.get(turno__tournament=tournament, turno__number=turno, number=number)


def enter(tournament: Tournament, turno: int, number: int, line: str, smazzate) -> None:
    """``line`` saves ``smazzate`` from its phone, as the phone page does."""
    current = table(tournament, turno, number)
    access = phones.turno_links_ensure(turno=current.turno)[current.pk]
    entry = Submission.objects.filter(table=current, source=line).first()
    phones.player_entry_save(
        access=access,
        line=line,
        session=f"{line}{number}",
        smazzate=smazzate,
        version=entry.version if entry else 0,
        ended_early=len(smazzate) < 3,
    )


def choose(tournament: Tournament, turno: int, number: int, line: str) -> None:
    """A phone says which line it is, and enters nothing yet."""
    current = table(tournament, turno, number)
    access = phones.turno_links_ensure(turno=current.turno)[current.pk]
    phones.player_line_choose(access=access, line=line, session=f"{line}{number}")


# -- a pairs tournament, step by step --------------------------------------------------------


def draw_and_publish(tournament, director):
    """13 pairs: six tables and a riposo in turno 1, published."""
    turno = turno_draw(tournament=tournament, user=director, request=DrawRequest("mitchell"))
    turno_publish(turno=turno, user=director)


def director_scores_with_an_anomaly_dismissed(tournament, director):
    """Table 1: two smazzate of three, entered by the director; the anomaly let stand."""
    current = table(tournament, 1, 1)
    table_record_smazzate(
        table=current, user=director, smazzate=three_smazzate()[:2], version=current.version
    )
    anomaly_dismiss(
        table=table(tournament, 1, 1), user=director, code="smazzate_count", note="Tempo scaduto"
    )


def phones_confirm_and_the_director_accepts(tournament, director):
    """Table 2: both lines enter the same; the director accepts (no automatic acceptance)."""
    for line in ("ns", "eo"):
        enter(tournament, 1, 2, line, three_smazzate())
    current = table(tournament, 1, 2)
    phones.player_table_accept(table=current, user=director, line="eo", version=current.version)


def phones_confirm(tournament, director):
    """Table 3: both lines agree, waiting for the director."""
    for line in ("ns", "eo"):
        enter(tournament, 1, 3, line, three_smazzate())


def phones_disagree(tournament, director):
    """Table 4: the lines differ (and one ended the turno early)."""
    enter(tournament, 1, 4, "ns", three_smazzate(185))
    enter(tournament, 1, 4, "eo", three_smazzate(155)[:2])


def one_line_waits(tournament, director):
    """Table 5: one line entered, the other chose its side only."""
    enter(tournament, 1, 5, "eo", [smazzata(90, 30)])
    choose(tournament, 1, 5, "ns")


def forfeit_and_penalty(tournament, director):
    """Table 6: a forfeit; a penalty to pair 2."""
    current = table(tournament, 1, 6)
    table_record_forfeit(table=current, user=director, absent="eo", version=current.version)
    penalty_add(
        tournament=tournament,
        user=director,
        entrant=tournament.entrants.get(number=2),
        turno=tournament.turni.get(number=1),
        vp=-1,
        mp=-100,
        reason="Ritardo oltre 5 minuti",
    )


def close_to_the_phones(tournament, director):
    phones.turno_players_close(turno=tournament.turni.get(number=1), user=director)


def a_late_pair_a_withdrawn_pair_and_a_draft(tournament, director):
    """Pair 14 joins after turno 1 (turno 1 as a riposo), pair 5 withdraws, turno 2 a draft."""
    entrant_create(
        tournament=tournament,
        user=director,
        player1="Neri",
        player2="Ugo",
        missed=MissedChoice("bye"),
    )
    entrant_set_withdrawn(
        entrant=tournament.entrants.get(number=5), user=director, withdrawn=True, reason="Malore"
    )
    turno_draw(tournament=tournament, user=director, request=DrawRequest("mitchell"))


PAIRS_STEPS: tuple[Step, ...] = (
    draw_and_publish,
    director_scores_with_an_anomaly_dismissed,
    phones_confirm_and_the_director_accepts,
    phones_confirm,
    phones_disagree,
    one_line_waits,
    forfeit_and_penalty,
    close_to_the_phones,
    a_late_pair_a_withdrawn_pair_and_a_draft,
)


def pairs_tournament(director) -> Tournament:
    tournament = make_tournament(
        owner=director, players_enter=True, players_auto_accept=False, smazzate_per_turno=3
    )
    tournament.directors.add(director)
    make_pairs(tournament, 13)
    for step in PAIRS_STEPS:
        step(tournament, director)
    return tournament


def ko_with_phones(director) -> Tournament:
    """Round 1: three matches won, the fourth accepted from the phones; round 2 drawn, one
    match entered by one line; round 1 closed to the phones."""
    tournament = ko_tournament(director, pairs=8, players_enter=True)
    start(tournament, director)
    for number in (1, 2, 3):
        win(tournament, director, 1, number)
    for line in ("ns", "eo"):
        enter(tournament, 1, 4, line, [deal(300, 50), deal(100, 50)])
    from burraco_tourney.tournaments.services.ko import ko_advance

    ko_advance(tournament=tournament, user=director)
    enter(tournament, 2, 1, "ns", [deal(200, 50)])
    close_to_the_phones(tournament, director)
    return tournament


def individual_with_phones(director) -> Tournament:
    """Nine players: turno 1 played (an anomaly dismissed, a table disputed by the phones) and
    closed; turno 2 a draft."""
    tournament = make_tournament(
        kind="individual", tiebreaks=["scarto", "mp"], players_enter=True, owner=director
    )
    tournament.directors.add(director)
    for number in range(1, 10):
        entrant_create(tournament=tournament, user=director, name=f"Giocatore {number}")
    request = DrawRequest(Movement.ROTATION)
    turno = turno_draw(tournament=tournament, user=director, request=request)
    turno_publish(turno=turno, user=director)
    current = table(tournament, 1, 1)
    table_record_smazzate(table=current, user=director, smazzate=three_smazzate()[:2], version=0)
    anomaly_dismiss(
        table=table(tournament, 1, 1), user=director, code="smazzate_count", note="Tempo scaduto"
    )
    enter(tournament, 1, 2, "ns", three_smazzate(185))
    enter(tournament, 1, 2, "eo", three_smazzate(155))
    close_to_the_phones(tournament, director)
    turno_draw(tournament=tournament, user=director, request=request)
    return tournament


# -- the director's pages, as text ------------------------------------------------------------


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.words: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        self.hidden += tag in ("script", "style")

    def handle_endtag(self, tag):
        self.hidden -= tag in ("script", "style")

    def handle_data(self, data):
        if not self.hidden:
            self.words.extend(data.split())


def text_of(html: str, tournament: Tournament) -> str:
    # Which phone holds a line belongs to the site's phone sessions: a copy's lines are free.
    html = re.sub(r'<ul class="line-holders">.*?</ul>', "", html, flags=re.S)
    parser = _Text()
    parser.feed(html)
    text = " ".join(parser.words).replace(tournament.slug, "SLUG")
    # A table's secret link is the site's own, made anew for the copy.
    return re.sub(r"/tavolo/[\w-]{20,}/", "/tavolo/TOKEN/", text)


def pages(client, tournament: Tournament) -> dict[str, str]:
    """Each page that shows the room's state, by its address without the tournament's."""
    urls = []
    for turno in tournament.turni.order_by("number"):
        args = [tournament.slug, turno.number]
        urls += [reverse("manage:turno_preview", args=args)]
        if turno.published:
            names = ("manage:room_board", "manage:turno_results")
            urls += [reverse(name, args=args) for name in names]
            urls += [
                reverse("manage:room_table", args=[*args, t.number]) for t in turno.tables.all()
            ]
    shown = {}
    for url in urls:
        response = client.get(url, follow=True)  # an individual turno's page has its own address
        assert response.status_code == 200, url
        shown[url.replace(tournament.slug, "SLUG")] = text_of(response.content.decode(), tournament)
    return shown


def round_trip(client, director, original: Tournament) -> tuple[dict, Tournament]:
    """Export, import on another director's account, export again; the pages compared."""
    first = tournament_export(original)
    copy = tournament_import(data=first, owner=make_director("laptop"))
    copy.directors.add(director)  # to read both with one login
    assert_same_but_the_import_entry(first, tournament_export(copy))
    before, after = pages(client, original), pages(client, copy)
    assert after.keys() == before.keys()
    for url, text in before.items():
        assert after[url] == text, url
    return first, copy


def states(tournament: Tournament, turno: int) -> list[str]:
    return [tile.state for tile in room_board(turno=tournament.turni.get(number=turno))]


def test_a_pairs_tournament_keeps_its_room(english, director):
    original = pairs_tournament(director)
    first, copy = round_trip(english, director, original)
    expected = [
        TableState.ACCEPTED,
        TableState.ACCEPTED,
        TableState.CONFIRMED,
        TableState.DISPUTED,
        TableState.WAITING,
        TableState.ACCEPTED,
    ]
    assert states(original, 1) == states(copy, 1) == expected
    settings = first["tournament"]["settings"]
    assert settings["turni"][0]["players_closed"] is True
    assert "published_at" in settings["turni"][0] and settings["turni"][0]["draw_notes"]
    assert settings["turni"][1]["number"] == 2 and "published_at" not in settings["turni"][1]
    assert [d["code"] for d in settings["anomaly_dismissals"]] == ["smazzate_count"]
    assert settings["anomaly_dismissals"][0]["by"] == director.username
    entries = {(e["table"], e["line"]): e for e in settings["player_entries"]}
    assert entries[(4, "eo")]["ended_early"] is True and entries[(5, "ns")]["smazzate"] == []
    assert copy.turni.get(number=1).players_closed
    # The copy's anomaly page names who dismissed it, though the importer is someone else.
    page = english.get(reverse("manage:turno_results", args=[copy.slug, 1])).content.decode()
    assert f"Dismissed by {director.username} on" in page and "Tempo scaduto" in page


def test_a_ko_keeps_its_room(english, director):
    original = ko_with_phones(director)
    first, copy = round_trip(english, director, original)
    assert states(copy, 1) == [TableState.ACCEPTED] * 4
    assert states(copy, 2) == states(original, 2)
    assert states(copy, 2)[0] == TableState.WAITING
    entries = first["tournament"]["settings"]["player_entries"]
    assert {(e["turno"], e["table"]) for e in entries} == {(1, 4), (2, 1)}


def test_an_individual_tournament_keeps_its_room(english, director):
    original = individual_with_phones(director)
    first, copy = round_trip(english, director, original)
    assert states(copy, 1) == [TableState.ACCEPTED, TableState.DISPUTED]
    assert first["tournament"]["settings"]["anomaly_dismissals"][0]["code"] == "smazzate_count"


def test_a_copys_lines_are_free_for_its_own_phones(director):
    """The phone holding a line belongs to the original site's sessions: in the copy a line a
    phone held is free for the first phone that opens the copy's new link (the trial's copy
    had every line held by phones that could never reach it)."""
    original, turno = players_turno(auto_accept=False, tables=1)
    access = phones.turno_links_ensure(turno=turno)[turno.tables.get().pk]
    phones.player_line_choose(access=access, line="ns", session="ns-phone")
    with pytest.raises(ValidationError):
        phones.player_line_choose(access=access, line="ns", session="other-phone")
    copy = tournament_import(data=tournament_export(original), owner=make_director("laptop"))
    copy_turno = copy.turni.get(number=1)
    copy_access = phones.turno_links_ensure(turno=copy_turno)[copy_turno.tables.get().pk]
    entry = phones.player_line_choose(access=copy_access, line="ns", session="other-phone")
    assert entry.holder == "other-phone"
