"""A turno's life: draft, preview, re-draw, delete, publish, back to draft, locked; who may act."""

import pytest
from django.test import Client
from django.urls import reverse

from burraco_tourney.tournaments.draw_manager import DrawRequest
from burraco_tourney.tournaments.models import AuditEntry, Turno
from burraco_tourney.tournaments.services import turni as services
from tests.factories import make_director
from tests.tournaments.turni_support import (
    director_tournament,
    draw,
    draw_and_publish,
    draw_ok,
    enter_totals,
    form_errors,
    publish,
    seats,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english_by_default")]


def url(name, turno):
    return reverse(f"manage:{name}", args=[turno.tournament.slug, turno.number])


def actions(tournament):
    return list(
        AuditEntry.objects.filter(tournament=tournament)
        .order_by("id")
        .values_list("action", flat=True)
    )


def test_turni_page_lists_turni_with_their_state(director_client, director):
    tournament = director_tournament(director, 8)
    first = draw_and_publish(director_client, tournament, movement="mitchell", step="1")
    enter_totals(first)
    draw_ok(director_client, tournament, movement="danese", mode="modificato")
    response = director_client.get(reverse("manage:turni", args=[tournament.slug]))
    html = response.content.decode()
    assert "published" in html and "draft" in html and "complete" in html
    assert reverse("tournaments:seating", args=[tournament.slug, 1]) in html
    # The next turno cannot be drawn while turno 2 is a draft: no form, a way to the draft.
    assert "Turno 2 is still a draft" in html
    assert url("turno_preview", tournament.turni.get(number=2)) in html


def test_draw_makes_a_draft_with_a_preview_and_an_audit_entry(director_client, director):
    tournament = director_tournament(director, 5)
    response = draw(director_client, tournament, movement="mitchell", step="1")
    turno = Turno.objects.get(tournament=tournament, number=1)
    assert response.url == url("turno_preview", turno)
    assert not turno.published and turno.published_at is None
    page = director_client.get(response.url)
    html = page.content.decode()
    assert "This turno is a draft" in html
    assert "Riposo" in html and "rests (riposo)" in html
    assert url("turno_publish", turno) in html and url("turno_redraw", turno) in html
    entry = AuditEntry.objects.get(tournament=tournament)
    assert (entry.action, entry.user) == ("turno_draw", director)
    assert entry.after["tables"] == [[1, 1, 4], [2, 2, 5]]
    assert entry.after["byes"] == [3]


def test_drawing_while_the_previous_turno_is_a_draft_is_refused(director_client, director):
    tournament = director_tournament(director, 8)
    draw_ok(director_client, tournament, movement="mitchell", step="1")
    response = draw(director_client, tournament, movement="mitchell", step="1")
    assert response.status_code == 200
    assert "Turno 1 is still a draft" in response.content.decode()
    assert tournament.turni.count() == 1
    # The service refuses too, whatever the page shows.
    with pytest.raises(services.ValidationError):
        services.turno_draw(
            tournament=tournament, user=director, request=DrawRequest(movement="mitchell")
        )


def test_redraw_replaces_the_draft_with_other_options(director_client, director):
    tournament = director_tournament(director, 8)
    turno = draw_ok(director_client, tournament, movement="mitchell", step="1")
    response = director_client.post(
        url("turno_redraw", turno), {"movement": "manual", "seating": "1 2\n3 4\n5 6\n7 8"}
    )
    assert response.status_code == 302
    turno.refresh_from_db()
    assert turno.movement == "manual" and not turno.published
    assert seats(turno) == [(1, 1, 2), (2, 3, 4), (3, 5, 6), (4, 7, 8)]
    entry = AuditEntry.objects.get(tournament=tournament, action="turno_redraw")
    assert entry.before["tables"][0] == [1, 1, 5]
    assert entry.after["tables"][0] == [1, 1, 2]


def test_redraw_with_bad_input_keeps_the_draft_and_shows_the_error(director_client, director):
    tournament = director_tournament(director, 8)
    turno = draw_ok(director_client, tournament, movement="mitchell", step="1")
    response = director_client.post(url("turno_redraw", turno), {"movement": "manual"})
    assert response.status_code == 200
    assert "seating" in form_errors(response)
    assert seats(turno)[0] == (1, 1, 5)
    assert actions(tournament) == ["turno_draw"]


def test_delete_draft(director_client, director):
    tournament = director_tournament(director, 8)
    turno = draw_ok(director_client, tournament, movement="mitchell", step="1")
    response = director_client.post(url("turno_delete", turno))
    assert response.url == reverse("manage:turni", args=[tournament.slug])
    assert not tournament.turni.exists()
    entry = AuditEntry.objects.get(tournament=tournament, action="turno_delete")
    assert entry.before["tables"][0] == [1, 1, 5]


def test_publish_locks_the_seating(director_client, director):
    tournament = director_tournament(director, 8)
    turno = draw_ok(director_client, tournament, movement="mitchell", step="1")
    publish(director_client, turno)
    assert turno.published and turno.published_at is not None
    before = seats(turno)
    response = director_client.post(
        url("turno_redraw", turno), {"movement": "mitchell", "step": "2"}, follow=True
    )
    assert "is published: its seating is locked" in response.content.decode()
    assert seats(turno) == before
    response = director_client.post(url("turno_delete", turno), follow=True)
    assert "is published: its seating is locked" in response.content.decode()
    assert tournament.turni.count() == 1
    html = director_client.get(url("turno_preview", turno)).content.decode()
    assert url("turno_redraw", turno) not in html
    assert actions(tournament) == ["turno_draw", "turno_publish"]


def test_publishing_twice_is_refused(director_client, director):
    tournament = director_tournament(director, 4)
    turno = draw_and_publish(director_client, tournament, movement="mitchell", step="1")
    response = director_client.post(url("turno_publish", turno), follow=True)
    assert "already published" in response.content.decode()


def test_unpublish_needs_a_confirmation_and_is_recorded(director_client, director):
    tournament = director_tournament(director, 8)
    turno = draw_and_publish(director_client, tournament, movement="mitchell", step="1")
    response = director_client.post(url("turno_unpublish", turno), {"reason": "errore"})
    assert response.status_code == 200
    assert "confirm" in response.context["unpublish_form"].errors
    turno.refresh_from_db()
    assert turno.published
    response = director_client.post(
        url("turno_unpublish", turno), {"confirm": "on", "reason": "coppia sbagliata"}
    )
    assert response.status_code == 302
    turno.refresh_from_db()
    assert not turno.published and turno.published_at is None
    entry = AuditEntry.objects.get(tournament=tournament, action="turno_unpublish")
    assert entry.reason == "coppia sbagliata"
    # A draft again: it may be drawn again.
    director_client.post(url("turno_redraw", turno), {"movement": "mitchell", "step": "2"})
    assert turno.draw_options["step"] == 1
    turno.refresh_from_db()
    assert turno.draw_options["step"] == 2


def test_a_turno_with_a_result_is_never_drawn_again_but_its_seating_can_be_corrected(
    director_client, director
):
    tournament = director_tournament(director, 4)
    turno = draw_and_publish(director_client, tournament, movement="mitchell", step="1")
    enter_totals(turno, [(1200, 1000), (900, 900)])
    html = director_client.get(url("turno_preview", turno)).content.decode()
    assert "cannot be drawn again" in html
    assert url("turno_unpublish", turno) not in html
    assert url("turno_seating_fix", turno) in html
    director_client.post(url("turno_unpublish", turno), {"confirm": "on"})
    turno.refresh_from_db()
    assert turno.published


def test_only_the_last_turno_goes_back_to_draft(director_client, director):
    tournament = director_tournament(director, 4)
    first = draw_and_publish(director_client, tournament, movement="mitchell", step="1")
    draw_and_publish(director_client, tournament, movement="mitchell", step="1")
    response = director_client.post(url("turno_unpublish", first), {"confirm": "on"}, follow=True)
    assert "is not the last turno" in response.content.decode()
    first.refresh_from_db()
    assert first.published


def test_a_draft_with_a_result_cannot_be_drawn_again_or_deleted(director_client, director):
    tournament = director_tournament(director, 4)
    turno = draw_ok(director_client, tournament, movement="mitchell", step="1")
    enter_totals(turno)
    with pytest.raises(services.ValidationError):
        services.turno_delete_draft(turno=turno, user=director)
    with pytest.raises(services.ValidationError):
        services.turno_redraw(turno=turno, user=director, request=DrawRequest(movement="mitchell"))
    assert tournament.turni.count() == 1


def test_drafts_are_hidden_from_the_public(director_client, director):
    client = Client()
    tournament = director_tournament(director, 8)
    first = draw_and_publish(director_client, tournament, movement="mitchell", step="1")
    draft = draw_ok(director_client, tournament, movement="mitchell", step="1")
    public_turno = reverse("tournaments:turno", args=[tournament.slug, draft.number])
    assert client.get(public_turno).status_code == 404
    assert client.get(reverse("tournaments:seating", args=[tournament.slug, 2])).status_code == 404
    detail = client.get(reverse("tournaments:detail", args=[tournament.slug]))
    assert [s.turno.number for s in detail.context["turni"]] == [1]
    html = client.get(reverse("tournaments:turno", args=[tournament.slug, 1])).content.decode()
    assert reverse("tournaments:turno", args=[tournament.slug, 1]) in html
    assert public_turno not in html  # not in the subnav
    # The director sees the draft's seating list, marked as a draft.
    response = director_client.get(reverse("tournaments:seating", args=[tournament.slug, 2]))
    assert response.status_code == 200
    assert "DRAFT" in response.content.decode()
    assert first.published


def test_anonymous_is_sent_to_the_login(client, director):
    tournament = director_tournament(director, 4)
    response = client.get(reverse("manage:turni", args=[tournament.slug]))
    assert response.status_code == 302 and "accesso" in response.url
    response = client.post(
        reverse("manage:turni", args=[tournament.slug]), {"movement": "mitchell", "step": "1"}
    )
    assert response.status_code == 302 and "accesso" in response.url
    assert not tournament.turni.exists()


def test_another_director_gets_404_and_changes_nothing(director_client, director):
    tournament = director_tournament(director, 4)
    turno = draw_ok(director_client, tournament, movement="mitchell", step="1")
    client = Client()
    client.force_login(make_director("altro"))
    assert client.get(reverse("manage:turni", args=[tournament.slug])).status_code == 404
    assert client.get(url("turno_preview", turno)).status_code == 404
    for name in ("turno_publish", "turno_delete", "turno_redraw", "turno_unpublish"):
        assert (
            client.post(url(name, turno), {"movement": "manual", "confirm": "on"}).status_code
            == 404
        )
    response = client.post(
        reverse("manage:turni", args=[tournament.slug]), {"movement": "mitchell", "step": "1"}
    )
    assert response.status_code == 404
    turno.refresh_from_db()
    assert not turno.published
    assert actions(tournament) == ["turno_draw"]
    # Nor may anyone else see the draft's seating list.
    assert client.get(reverse("tournaments:seating", args=[tournament.slug, 1])).status_code == 404


def test_a_granted_director_may_draw(client, director):
    tournament = director_tournament(director, 4)
    other = make_director("vice")
    tournament.directors.add(other)
    client.force_login(other)
    turno = draw_ok(client, tournament, movement="mitchell", step="1")
    assert AuditEntry.objects.get(tournament=tournament).user == other
    assert turno.number == 1


def test_actions_need_post(director_client, director):
    tournament = director_tournament(director, 4)
    turno = draw_ok(director_client, tournament, movement="mitchell", step="1")
    assert director_client.get(url("turno_publish", turno)).status_code == 405
    turno.refresh_from_db()
    assert not turno.published
