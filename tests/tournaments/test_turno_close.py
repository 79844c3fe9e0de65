"""Closing a turno (issue 20, "Final, provisional, corrected"): the director's close makes a
turno's standings no longer provisional and closes it to the phones; reopening needs a reason;
a result corrected after the close is marked with its time; once the last planned turno is
closed the standings are final. One selector decides, and every page reads it."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from burraco_tourney.tournaments.models import AuditEntry, Table
from burraco_tourney.tournaments.selectors.dashboard import dashboard
from burraco_tourney.tournaments.selectors.standings import standings_choice
from burraco_tourney.tournaments.services import closing
from burraco_tourney.tournaments.services import player_entries as phone_services
from burraco_tourney.tournaments.services.scores import table_clear_result, table_record_totals
from burraco_tourney.tournaments.services.tournaments import (
    tournament_settings_of,
    tournament_update,
)
from tests.factories import make_director, make_pairs, make_tournament, make_turno
from tests.tournaments.individual_support import drawn_turno as individual_drawn_turno
from tests.tournaments.individual_support import enter_totals as individual_enter_totals
from tests.tournaments.individual_support import individual_tournament
from tests.tournaments.ko_support import ko_tournament
from tests.tournaments.ko_support import start as ko_start
from tests.tournaments.ko_support import win as ko_win
from tests.tournaments.turni_support import (
    director_tournament,
    draw_and_publish,
    draw_ok,
    enter_totals,
    publish,
)

pytestmark = pytest.mark.django_db

# Table 2's margin is beyond the usual for three smazzate: an anomaly the close lists.
TOTALS = [(1250, 830), (3500, 0)]


def _played(planned=2, **fields):
    """Four pairs, turno 1 with every result in (one anomaly open), not closed yet."""
    tournament = make_tournament(name="Torneo della Vigilia", planned_turni=planned, **fields)
    make_pairs(tournament, 4)
    turno = make_turno(tournament, 1, [(1, 2), (3, 4)], totals=TOTALS, closed=False)
    return tournament, turno


def _table(turno, number):
    return Table.objects.get(turno=turno, number=number)


def test_a_turno_with_every_result_in_stays_provisional_until_the_director_closes_it():
    tournament, turno = _played()
    choice = standings_choice(tournament=tournament)
    assert choice.provisional(None) and not choice.final(None)
    assert dashboard(tournament=tournament).next_step == "close_turno"

    closing.turno_close(turno=turno, user=make_director())
    turno.refresh_from_db()
    assert turno.closed_at is not None and turno.players_closed
    choice = standings_choice(tournament=tournament)
    assert not choice.provisional(None) and not choice.final(None)  # turno 2 is still to play
    assert dashboard(tournament=tournament).next_step == "draw_next"
    entry = AuditEntry.objects.get(action="turno_close")
    # The anomaly the director let stand is recorded with the close.
    assert entry.after == {"open_anomalies": [{"table": 2, "code": "margin_beyond_usual"}]}


def test_a_turno_missing_a_result_cannot_be_closed():
    tournament, turno = _played()
    Table.objects.filter(turno=turno, number=2).update(entry_mode="", ns_mp=None, eo_mp=None)
    with pytest.raises(ValidationError) as refused:
        closing.turno_close(turno=turno, user=make_director())
    assert "tavolo 2 non ha un risultato" in refused.value.messages[0]
    turno.refresh_from_db()
    assert turno.closed_at is None and not turno.players_closed


def test_closing_closes_the_turno_to_the_phones():
    tournament, turno = _played(players_enter=True)
    turno.published = True
    turno.save()
    access = phone_services.turno_links_ensure(turno=turno)[_table(turno, 1).pk]
    director = make_director()
    closing.turno_close(turno=turno, user=director)
    access.refresh_from_db()
    refusal = phone_services.access_refusal(access)
    assert refusal is not None and refusal.code == "turno_closed"
    # Reopened by the director, it stays closed to the phones: they are told so, not that the
    # turno is closed (the trial's phone said "Il turno 2 è chiuso" under a reopened turno).
    closing.turno_reopen(turno=turno, user=director, reason="Tavolo 1 da rivedere")
    access.refresh_from_db()
    refusal = phone_services.access_refusal(access)
    assert refusal.messages == [
        "Il turno 1 è chiuso ai telefoni dei giocatori: per ogni modifica chiedi all'arbitro."
    ]


def test_reopening_needs_a_reason_is_recorded_and_makes_the_standings_provisional_again():
    tournament, turno = _played()
    director = make_director()
    closing.turno_close(turno=turno, user=director)
    with pytest.raises(ValidationError) as refused:
        closing.turno_reopen(turno=turno, user=director, reason="  ")
    assert refused.value.code == "reason_required"
    closing.turno_reopen(turno=turno, user=director, reason="Tavolo 2 da ricontrollare")
    turno.refresh_from_db()
    assert turno.closed_at is None
    assert standings_choice(tournament=tournament).provisional(None)
    entry = AuditEntry.objects.get(action="turno_reopen")
    assert entry.reason == "Tavolo 2 da ricontrollare"


def test_a_turno_is_not_reopened_under_a_later_closed_one():
    tournament, turno = _played()
    director = make_director()
    closing.turno_close(turno=turno, user=director)
    make_turno(tournament, 2, [(1, 3), (2, 4)], totals=[(900, 900), (700, 750)])
    with pytest.raises(ValidationError) as refused:
        closing.turno_reopen(turno=turno, user=director, reason="Errore")
    assert refused.value.code == "later_closed"


def test_the_standings_are_final_once_the_last_planned_turno_is_closed():
    tournament, turno = _played()
    director = make_director()
    closing.turno_close(turno=turno, user=director)
    two = make_turno(tournament, 2, [(1, 3), (2, 4)], totals=[(900, 880), (700, 750)], closed=False)
    choice = standings_choice(tournament=tournament)
    assert choice.provisional(None) and choice.default == 1 and not choice.final(None)
    closing.turno_close(turno=two, user=director)
    choice = standings_choice(tournament=tournament)
    assert choice.final(None) and choice.final(2)
    assert not choice.final(1)  # the standings after turno 1 are not the tournament's final ones
    assert dashboard(tournament=tournament).next_step == "complete"


def test_a_result_corrected_after_the_close_is_marked_with_its_time_and_logged():
    tournament, turno = _played()
    director = make_director()
    table = _table(turno, 1)
    # Corrected before the close: an ordinary correction, no mark.
    table_record_totals(
        table=table, user=director, ns_mp=1200, eo_mp=880, version=table.version, reason="Errore"
    )
    assert _table(turno, 1).corrected_at is None
    closing.turno_close(turno=turno, user=director)
    table = _table(turno, 1)
    before = timezone.now()
    table_record_totals(
        table=table, user=director, ns_mp=1250, eo_mp=830, version=table.version, reason="Firma"
    )
    table = _table(turno, 1)
    assert table.corrected_at is not None and table.corrected_at >= before
    assert AuditEntry.objects.filter(action="result_correct_closed", table=table).count() == 1
    choice = standings_choice(tournament=tournament)
    assert [(c.turno, c.table) for c in choice.corrected(None)] == [(1, 1)]
    # A closed turno keeps a result at every table: clearing one waits for a reopen.
    with pytest.raises(ValidationError) as refused:
        table_clear_result(table=table, user=director, version=table.version, reason="No")
    assert refused.value.code == "turno_closed"
    assert _table(turno, 1).entry_mode == "totals"


def test_the_results_page_offers_the_close_listing_the_open_anomaly_first(client):
    tournament, turno = _played()
    turno.published = True
    turno.save()
    director = make_director()
    tournament.directors.add(director)
    client.force_login(director)
    url = reverse("manage:turno_results", args=[tournament.slug, 1])
    html = client.get(url).content.decode()
    card = html[html.index('id="chiusura"') :]
    assert "1 anomalia è ancora aperta" in card
    assert card.index("Tavolo 2") < card.index(
        '<button type="submit" class="btn">Chiudi il turno 1'
    )
    response = client.post(reverse("manage:turno_close", args=[tournament.slug, 1]), follow=True)
    assert "Il turno 1 è chiuso" in response.content.decode()
    response = client.post(
        reverse("manage:turno_reopen", args=[tournament.slug, 1]), {"reason": ""}, follow=True
    )
    assert "Scrivi perché riapri il turno 1" in response.content.decode()
    turno.refresh_from_db()
    assert turno.closed_at is not None


def test_the_results_page_offers_no_reopen_under_a_later_closed_turno(client):
    """The trial typed a reason to reopen turno 1 and was refused only then: the card says at
    once that turno 2 must be reopened first, and offers the box once it is."""
    tournament, turno = _played()
    director = make_director()
    tournament.directors.add(director)
    closing.turno_close(turno=turno, user=director)
    two = make_turno(tournament, 2, [(1, 3), (2, 4)], totals=[(900, 900), (700, 750)])
    client.force_login(director)
    url = reverse("manage:turno_results", args=[tournament.slug, 1])
    card = client.get(url).content.decode().split('id="chiusura"')[1]
    assert "Per riaprirlo, riapri prima il turno 2." in card
    assert 'name="reason"' not in card.split("</section>")[0]
    closing.turno_reopen(turno=two, user=director, reason="Tavolo 1 da rivedere")
    card = client.get(url).content.decode().split('id="chiusura"')[1].split("</section>")[0]
    assert 'name="reason"' in card and "riapri prima" not in card


def test_the_public_pages_say_provisional_final_and_corrected(client):
    tournament, turno = _played(planned=1)
    turno.published = True
    turno.save()
    url = reverse("tournaments:standings", args=[tournament.slug])
    html = client.get(url).content.decode()
    assert "PROVVISORIA" in html and "Classifica finale" not in html
    assert "il direttore non ha ancora chiuso il turno" in html

    director = make_director()
    closing.turno_close(turno=turno, user=director)
    html = client.get(url).content.decode()
    assert "PROVVISORIA" not in html
    assert "<h1>Classifica finale</h1>" in html

    table = _table(turno, 2)
    table_record_totals(
        table=table, user=director, ns_mp=1500, eo_mp=0, version=table.version, reason="Firma"
    )
    when = timezone.localtime(_table(turno, 2).corrected_at).strftime("%H:%M")
    html = client.get(url).content.decode()
    assert f"turno 1, tavolo 2: rettificato alle {when}" in html
    page = client.get(reverse("tournaments:turno", args=[tournament.slug, 1])).content.decode()
    section = page[page.index('id="tavolo-2"') :]
    assert f"rettificato alle {when}" in section[: section.index("</section>")]
    first = page[page.index('id="tavolo-1"') :]
    assert "rettificato" not in first[: first.index("</section>")]


def test_drawing_the_next_turno_offers_to_close_the_previous_one_first(director_client, director):
    tournament = director_tournament(director, pairs=4)
    tournament.directors.add(director)
    first = draw_and_publish(director_client, tournament, movement="mitchell", step="1")
    page = director_client.get(reverse("manage:turni", args=[tournament.slug])).content.decode()
    # Results still missing: a draft may be prepared, the close waits.
    assert "chiudi_precedente" not in page and "puoi sorteggiare ora una bozza" in page
    enter_totals(first)
    page = director_client.get(reverse("manage:turni", args=[tournament.slug])).content.decode()
    assert 'name="chiudi_precedente" value="1" checked' in page
    second = draw_ok(
        director_client,
        tournament,
        movement="danese",
        mode="modificato",
        last_turno="no",
        chiudi_precedente="1",
    )
    first.refresh_from_db()
    assert second.number == 2 and first.closed_at is not None and first.players_closed
    # Left unticked, the turno stays open and its standings provisional.
    enter_totals(second)
    publish(director_client, second)
    third = draw_ok(
        director_client, tournament, movement="danese", mode="modificato", last_turno="no"
    )
    second.refresh_from_db()
    assert third.number == 3 and second.closed_at is None
    assert standings_choice(tournament=tournament).provisional(None)


def test_the_projector_and_a_pairs_page_read_the_same_decision(client):
    tournament, turno = _played(planned=1)
    turno.published = True
    turno.save()
    panels = reverse("tournaments:projector_panels", args=[tournament.slug])
    pair = reverse("tournaments:pair", args=[tournament.slug, 1])
    html = client.get(panels).content.decode()
    assert "PROVVISORIA" in html and "Classifica finale" not in html
    assert 'badge warn">in corso' in client.get(pair).content.decode()
    closing.turno_close(turno=turno, user=make_director())
    html = client.get(panels).content.decode()
    assert "Classifica finale" in html and "PROVVISORIA" not in html
    assert "in corso" not in client.get(pair).content.decode()


def test_the_individual_and_knockout_public_pages_say_provisional_then_final(client):
    tournament, director = individual_tournament(planned_turni=1)
    turno = individual_drawn_turno(tournament, director)
    individual_enter_totals(turno, director, [(1250, 830), (900, 880)])
    url = reverse("tournaments:standings", args=[tournament.slug])
    html = client.get(url).content.decode()
    assert "PROVVISORIA" in html and "Classifica finale" not in html
    closing.turno_close(turno=turno, user=director)
    html = client.get(url).content.decode()
    assert "<h1>Classifica finale</h1>" in html and "PROVVISORIA" not in html

    knockout = ko_tournament(director, pairs=2)
    final = ko_start(knockout, director)
    ko_win(knockout, director, 1, 1)
    url = reverse("manage:bracket", args=[knockout.slug])
    html = client.get(url).content.decode()
    assert "Piazzamenti finora" in html and "PROVVISORIA" in html
    closing.turno_close(turno=final, user=director)
    html = client.get(url).content.decode()
    assert "Classifica finale" in html and "PROVVISORIA" not in html


def test_the_individual_draw_closes_the_turno_before_when_asked(client):
    tournament, director = individual_tournament()
    client.force_login(director)
    first = individual_drawn_turno(tournament, director)
    individual_enter_totals(first, director, [(1250, 830), (900, 880)])
    url = reverse("manage:turni", args=[tournament.slug])
    assert 'name="chiudi_precedente" value="1" checked' in client.get(url).content.decode()
    response = client.post(url, {"movement": "rotation", "chiudi_precedente": "1"})
    assert response.status_code == 302
    first.refresh_from_db()
    assert first.closed_at is not None and tournament.turni.count() == 2


def test_the_change_log_says_closed_with_what_was_left_open_and_corrected_after(client):
    tournament, turno = _played()
    director = make_director()
    tournament.directors.add(director)
    client.force_login(director)
    closing.turno_close(turno=turno, user=director)
    table = _table(turno, 1)
    table_record_totals(
        table=table, user=director, ns_mp=1200, eo_mp=880, version=table.version, reason="Firma"
    )
    page = client.get(reverse("manage:audit", args=[tournament.slug])).content.decode()
    text = " ".join(re.sub(r"<[^>]+>", " ", page).split())
    assert "Turno chiuso Turno 1 Anomalia lasciata aperta · 1 · tavolo: 2" in text
    assert "Risultato rettificato dopo la chiusura del turno" in text


def test_the_scorecard_of_a_closed_turno_warns_and_offers_no_clear(client):
    tournament, turno = _played()
    turno.published = True
    turno.save()
    director = make_director()
    tournament.directors.add(director)
    client.force_login(director)
    url = reverse("manage:score_entry", args=[tournament.slug, 1, 1])
    assert "Cancella questo risultato" in client.get(url).content.decode()
    closing.turno_close(turno=turno, user=director)
    page = client.get(url).content.decode()
    assert "Il turno 1 è chiuso: una modifica di questo risultato viene segnata" in page
    assert "Cancella questo risultato" not in page


def test_a_rule_change_after_the_close_marks_the_tables_whose_result_moved(client):
    tournament, turno = _played(planned=1)
    turno.published = True
    turno.save()
    director = make_director()
    closing.turno_close(turno=turno, user=director)
    # A VP table giving every margin the same VP: both tables' VP move.
    assert not Table.objects.filter(corrected_at__isnull=False).exists()
    flat = [{"max": None, "vp": [10, 10]}]
    new = replace(tournament_settings_of(tournament), vp_table=flat)
    tournament_update(tournament=tournament, user=director, settings=new, confirm_recompute=True)

    marked = Table.objects.filter(turno=turno, corrected_at__isnull=False).count()
    assert marked == 2
    html = client.get(reverse("tournaments:standings", args=[tournament.slug])).content.decode()
    assert "turno 1, tavolo 1: rettificato alle" in html

    # Changing only a tie-break moves no table's result: nothing more is marked.
    Table.objects.update(corrected_at=None)
    tournament.refresh_from_db()
    new = replace(tournament_settings_of(tournament), tiebreaks=["mp"])
    tournament_update(tournament=tournament, user=director, settings=new, confirm_recompute=True)
    assert not Table.objects.filter(corrected_at__isnull=False).exists()
