"""The settings form fits the kind of tournament: a knock-out has no VP table, riposo value,
tie-breaks, planned turni or smazzate per turno; a pairs tournament has no KO match settings.
The boxes of the other kind are neither required nor read, and the summaries of a knock-out
do not talk about them."""

import re

import pytest
from django.urls import reverse

from burraco_tourney.tournaments.forms.setup import initial_for
from burraco_tourney.tournaments.models import Tournament
from tests.factories import make_tournament

pytestmark = pytest.mark.django_db

CREATE = reverse("manage:tournament_create")

KO_POST = {
    "name": "Coppa d'Inverno",
    "date": "2026-12-13",
    "kind": "ko",
    "ruleset_name": "classic",
    "ko_mode": "smazzate",
    "ko_smazzate": "4",
}
PAIRS_POST = {
    "name": "Torneo del Martedì",
    "date": "2026-12-15",
    "kind": "pairs",
    "ruleset_name": "classic",
    "smazzate_per_turno": "3",
    "vp_preset": "fibur-3",
    "tiebreak_1": "scarto",
}
# What a director may leave in the VP, riposo and standings boxes before choosing KO.
GARBAGE_IN_PAIRS_BOXES = {
    "planned_turni": "-3",
    "smazzate_per_turno": "9",
    "vp_preset": "custom",
    "vp_bands": "cinquanta dieci dieci",
    "bye_vp": "many",
    "bye_mp": "",
    "forfeit_vp": "99",
    "forfeit_mp": "400",
    "tiebreak_1": "coin-toss",
    "tiebreak_2": "scarto",
    "tiebreak_3": "scarto",
}
GARBAGE_IN_KO_BOXES = {"ko_mode": "punti", "ko_smazzate": "tre", "ko_target": "x"}


def _pairs_only_settings(tournament: Tournament) -> tuple:
    return (
        tournament.smazzate_per_turno,
        tournament.vp_table,
        tournament.bye_vp,
        tournament.bye_mp,
        tournament.forfeit_vp,
        tournament.forfeit_mp,
        tournament.tiebreaks,
        tournament.planned_turni,
    )


MODEL_DEFAULTS = (3, "fibur-3", None, None, None, None, [], None)


def test_a_ko_tournament_is_created_without_any_vp_box(english):
    response = english.post(CREATE, KO_POST)
    tournament = Tournament.objects.get()
    assert response.status_code == 302
    assert (tournament.kind, tournament.ko_mode, tournament.ko_smazzate) == ("ko", "smazzate", 4)
    assert _pairs_only_settings(tournament) == MODEL_DEFAULTS


def test_garbage_in_the_hidden_vp_boxes_of_a_ko_post_is_ignored(english):
    response = english.post(CREATE, {**KO_POST, **GARBAGE_IN_PAIRS_BOXES})
    assert response.status_code == 302, response.context["form"].errors
    tournament = Tournament.objects.get()
    assert _pairs_only_settings(tournament) == MODEL_DEFAULTS


def test_a_ko_refusal_points_only_at_a_box_the_page_shows(english):
    response = english.post(CREATE, {**KO_POST, **GARBAGE_IN_PAIRS_BOXES, "ko_smazzate": ""})
    assert response.status_code == 200
    assert not Tournament.objects.exists()
    assert set(response.context["form"].errors) == {"ko_smazzate"}
    html = response.content.decode()
    pairs_sections = html.split('id="pairs-settings"', 1)[1].split('id="ko-settings"', 1)[0]
    assert "errorlist" not in pairs_sections
    # The page keeps what was typed, for a director who goes back to a pairs tournament.
    assert "cinquanta dieci dieci" in pairs_sections


def test_a_pairs_tournament_still_needs_its_vp_table_tie_break_and_smazzate(english):
    bare = {k: v for k, v in PAIRS_POST.items() if k not in ("vp_preset", "tiebreak_1")}
    bare.pop("smazzate_per_turno")
    response = english.post(CREATE, bare)
    assert not Tournament.objects.exists()
    errors = response.context["form"].errors
    assert {"vp_preset", "tiebreak_1", "smazzate_per_turno"} <= set(errors)


def test_a_pairs_tournament_still_refuses_bad_vp_boxes(english):
    response = english.post(CREATE, {**PAIRS_POST, **GARBAGE_IN_PAIRS_BOXES})
    assert not Tournament.objects.exists()
    errors = response.context["form"].errors
    assert {"vp_bands", "bye_vp", "tiebreak_1", "smazzate_per_turno"} <= set(errors)


def test_garbage_in_the_hidden_ko_boxes_of_a_pairs_post_is_ignored(english):
    response = english.post(CREATE, {**PAIRS_POST, **GARBAGE_IN_KO_BOXES})
    assert response.status_code == 302, response.context["form"].errors
    tournament = Tournament.objects.get()
    assert (tournament.kind, tournament.ko_mode, tournament.ko_smazzate) == ("pairs", "", None)
    assert tournament.tiebreaks == ["scarto"]


def test_editing_a_ko_tournament_keeps_its_stored_pairs_settings(english, director):
    tournament = make_tournament(
        owner=director, kind="ko", ko_mode="punti", ko_target=2005, vp_table="fibur-4"
    )
    tournament.directors.add(director)
    before = _pairs_only_settings(tournament)
    data = {k: "" if v is None else v for k, v in initial_for(tournament).items()}
    data.update(GARBAGE_IN_PAIRS_BOXES, date="2026-11-20", name="Coppa di Natale")
    response = english.post(reverse("manage:tournament_edit", args=[tournament.slug]), data)
    assert response.status_code == 302, response.context["form"].errors
    tournament.refresh_from_db()
    assert tournament.name == "Coppa di Natale"
    assert _pairs_only_settings(tournament) == before


def test_ko_summaries_speak_of_matches_not_turni_or_vp(english, director):
    tournament = make_tournament(
        owner=director, kind="ko", ko_mode="smazzate", ko_smazzate=4, planned_turni=5
    )
    tournament.directors.add(director)
    pages = [
        english.get(reverse("manage:dashboard", args=[tournament.slug])),
        english.get(reverse("tournaments:detail", args=[tournament.slug])),
    ]
    for response in pages:
        # The form's random CSRF token may hold the letters "VP": it is not the page's text.
        html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", response.content.decode())
        assert "Matches of 4 smazzate" in html
        assert "per turno" not in html
        assert "VP" not in html
        assert "/ 5" not in html  # no planned turni
    public = pages[1].content.decode()
    assert reverse("manage:bracket", args=[tournament.slug]) in public
    assert reverse("tournaments:standings", args=[tournament.slug]) not in public


def test_pairs_summaries_still_show_smazzate_and_planned_turni(english, director):
    tournament = make_tournament(owner=director, planned_turni=5)
    tournament.directors.add(director)
    for name in ("manage:dashboard", "tournaments:detail"):
        html = english.get(reverse(name, args=[tournament.slug])).content.decode()
        assert "3 smazzate per turno" in html
        assert "0 / 5" in html


INDIVIDUAL_POST = {
    **PAIRS_POST,
    "name": "Individuale del Giovedì",
    "kind": "individual",
    # The form's default, as the page shows it: scarto, head-to-head, MP.
    "tiebreak_2": "head_to_head",
    "tiebreak_3": "mp",
}


def test_an_individual_left_on_the_default_tie_breaks_gets_its_own(english):
    response = english.post(CREATE, INDIVIDUAL_POST, follow=True)
    tournament = Tournament.objects.get()
    # No head-to-head between players who change partner: scarto, then MP.
    assert (tournament.kind, tournament.tiebreaks) == ("individual", ["scarto", "mp"])
    # The message names the players, and the dashboard's first step leads to their page.
    html = response.content.decode()
    assert "Tournament created. Next: register the players." in html
    assert "register the pairs" not in html.lower()
    assert f'href="{reverse("manage:players", args=[tournament.slug])}"' in html


def test_head_to_head_chosen_on_purpose_for_an_individual_is_refused(english):
    chosen = {**INDIVIDUAL_POST, "tiebreak_2": "mp", "tiebreak_3": "head_to_head"}
    response = english.post(CREATE, chosen)
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert "Head-to-head does not apply to an individual tournament" in errors["tiebreak_3"][0]
    assert not Tournament.objects.exists()


def test_a_pairs_tournament_keeps_head_to_head_and_its_message(english):
    response = english.post(CREATE, {**INDIVIDUAL_POST, "kind": "pairs"}, follow=True)
    assert Tournament.objects.get().tiebreaks == ["scarto", "head_to_head", "mp"]
    assert "Tournament created. Next: register the pairs." in response.content.decode()


def test_an_individual_shows_its_own_tie_breaks_when_edited():
    tournament = make_tournament(kind="individual", tiebreaks=[])
    initial = initial_for(tournament)
    assert [initial[f"tiebreak_{n}"] for n in (1, 2, 3)] == ["scarto", "mp", ""]


def _riposo_box(client, tournament) -> tuple[str, str, str]:
    """The riposo VP box's help and the two boxes' placeholders on the settings page."""
    from html import unescape

    page = client.get(reverse("manage:tournament_edit", args=[tournament.slug]))
    html = unescape(page.content.decode())
    help_text = re.search(r'id="id_bye_vp_helptext">([^<]*)<', html).group(1)
    vp = re.search(r'<input[^>]*name="bye_vp"[^>]*>', html).group(0)
    mp = re.search(r'<input[^>]*name="bye_mp"[^>]*>', html).group(0)
    placeholder = re.compile(r'placeholder="([^"]*)"')
    return help_text, placeholder.search(vp).group(1), placeholder.search(mp).group(1)


def test_a_team_tournament_shows_a_whole_match_as_its_riposo(english, director):
    """A team's riposo left blank is a whole match (28 VP and +710 with FIBUR 3 smazzate, twice
    a pair's): the box says so, not the pairs' 14 / +355."""
    teams = make_tournament(owner=director, kind="teams")
    help_text, vp, mp = _riposo_box(english, teams)
    assert "28 / +710 (FIBUR, 3 smazzate), 24 / +610 (FIBUR, 4 smazzate)" in help_text
    assert "14 / +355" not in help_text
    assert "A team's riposo is a whole match's" in help_text
    assert (vp, mp) == ("28", "710")
    # A team's forfeit and head-to-head are a match's and a team's, not a table's and a pair's.
    page = english.get(reverse("manage:tournament_edit", args=[teams.slug])).content.decode()
    assert "The rest of the match&#x27;s VP (12 when the winner gets 28 of 40)" in page
    assert "Head-to-head (two tied teams that met)" in page
    boxes = page.split('id="setup-data"', 1)[0]  # the script's data names every kind's
    assert "two tied pairs" not in boxes and "of 20)" not in boxes
    # Scored by the MP difference, a team's riposo has no default: the boxes say none.
    by_mp = make_tournament(owner=director, kind="teams", team_scoring="mp_diff", name="MP")
    assert _riposo_box(english, by_mp)[1:] == ("", "")
    pairs = make_tournament(owner=director)
    help_text, vp, mp = _riposo_box(english, pairs)
    assert "14 / +355 (FIBUR, 3 smazzate)" in help_text
    assert "team" not in help_text
    assert (vp, mp) == ("14", "355")


def test_each_section_says_which_kinds_it_is_for(director_client):
    """Without the page's script every section shows: each says which kinds it serves, as the
    kinds answer (the VP, riposo and tie-break sections serve pairs, individual and teams)."""
    from html import unescape

    html = unescape(director_client.get(CREATE).content.decode())
    notes = re.findall(r'<p class="section-note kind-note">([^<]*)</p>', html)
    assert notes == [
        "Solo per: A squadre (due sale per incontro).",
        *["Non per: Eliminazione diretta (KO)."] * 3,
        "Solo per: A coppie (classifica a PV), Individuale (i giocatori cambiano compagno).",
        "Solo per: Eliminazione diretta (KO).",
    ]
