"""Creating a tournament through the settings form: what is stored, and every refusal."""

import datetime
from html import unescape

import pytest
from django.urls import reverse

from burraco_tourney.rules.rulesets import get_ruleset
from burraco_tourney.tournaments.models import AuditEntry, Tournament

pytestmark = pytest.mark.django_db

CREATE = reverse("manage:tournament_create")


def form_data(**overrides) -> dict:
    """What the form posts for a plain classic evening, with the director's changes."""
    data = {
        "name": "Torneo d'Autunno",
        "date": "2026-10-18",
        "venue": "Circolo Aurora",
        "kind": "pairs",
        "ruleset_name": "classic",
        "smazzate_per_turno": "3",
        "vp_preset": "fibur-3",
        "vp_bands": "",
        "tiebreak_1": "scarto",
        "tiebreak_2": "head_to_head",
        "tiebreak_3": "mp",
    }
    data.update(overrides)
    return data


@pytest.fixture
def creator(english):
    """A director on the new-tournament form, the pages in English."""
    return english


def test_create_stores_rules_slug_owner_and_defaults(creator, director):
    response = creator.post(CREATE, form_data())
    tournament = Tournament.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("manage:dashboard", args=[tournament.slug])
    assert tournament.slug == "torneo-d-autunno-2026-10-18"
    assert tournament.date == datetime.date(2026, 10, 18)
    assert tournament.owner == director
    assert list(tournament.directors.all()) == [director]
    assert tournament.rules == get_ruleset("classic").to_dict()
    assert tournament.smazzate_per_turno == 3
    assert tournament.vp_table == "fibur-3"
    assert tournament.tiebreaks == ["scarto", "head_to_head", "mp"]
    assert (tournament.bye_vp, tournament.bye_mp, tournament.forfeit_vp) == (None, None, None)
    assert (tournament.ko_mode, tournament.ko_smazzate, tournament.ko_target) == ("", None, None)
    entry = AuditEntry.objects.get(tournament=tournament)
    assert (entry.action, entry.user) == ("tournament_create", director)
    assert entry.after["rules"]["semipulito"] is True


def test_new_form_offers_the_sensible_defaults(creator):
    form = creator.get(CREATE).context["form"]
    assert form["ruleset_name"].value() == "classic"
    assert form["smazzate_per_turno"].value() == 3
    assert form["vp_preset"].value() == "fibur-3"
    assert form["vp_bands"].value().splitlines()[0] == "50 10 10"
    assert form["vp_bands"].value().splitlines()[-1] == "- 20 0"


def test_same_name_and_date_gets_a_numbered_slug(creator):
    creator.post(CREATE, form_data())
    # Another tournament of the same name and day (the same form again would be a double click).
    creator.post(CREATE, form_data(venue="Sala Verdi"))
    assert sorted(Tournament.objects.values_list("slug", flat=True)) == [
        "torneo-d-autunno-2026-10-18",
        "torneo-d-autunno-2026-10-18-2",
    ]


def test_switches_and_bonuses_override_the_preset(creator):
    creator.post(
        CREATE,
        form_data(
            ruleset_name="internazionale",
            semipulito="no",
            pozzetto_penalty_always="no",
            bonus_pulito="250",
            chiusura_bonus="150",
        ),
    )
    rules = Tournament.objects.get().rules
    expected = get_ruleset(
        "internazionale",
        semipulito=False,
        pozzetto_penalty_always=False,
        bonuses={"pulito": 250},
        chiusura_bonus=150,
    ).to_dict()
    assert rules == expected
    assert rules["closing_needs_pulito"] is True  # left "as the ruleset"


def test_reale_preset_copies_its_own_bonuses(creator):
    creator.post(CREATE, form_data(ruleset_name="reale"))
    tournament = Tournament.objects.get()
    assert tournament.ruleset_name == "reale"
    assert tournament.rules["bonuses"] == {
        "pulito": 200,
        "sporco": 100,
        "nobile": 500,
        "reale": 1000,
    }
    assert tournament.rules["semipulito"] is False


def test_custom_bands_are_stored_as_a_band_list(creator):
    bands = "100 10 10\n300 12 8\n- 20 0"
    creator.post(CREATE, form_data(vp_preset="custom", vp_bands=bands, bye_vp="12", bye_mp="300"))
    tournament = Tournament.objects.get()
    assert tournament.vp_table == [
        {"max": 100, "vp": [10, 10]},
        {"max": 300, "vp": [12, 8]},
        {"max": None, "vp": [20, 0]},
    ]
    assert (tournament.bye_vp, tournament.bye_mp) == (12, 300)


def test_bands_with_lower_bounds_and_dashes_are_read(creator):
    bands = "0-50 10-10\n55-150 11-9\n155 – 250 12/8\n255+ 20 0"
    creator.post(CREATE, form_data(vp_preset="custom", vp_bands=bands, bye_vp="12", bye_mp="300"))
    assert Tournament.objects.get().vp_table == [
        {"max": 50, "vp": [10, 10]},
        {"max": 150, "vp": [11, 9]},
        {"max": 250, "vp": [12, 8]},
        {"max": None, "vp": [20, 0]},
    ]


def test_four_smazzate_with_the_three_smazzate_table_warns(creator):
    response = creator.post(CREATE, form_data(smazzate_per_turno="4"), follow=True)
    assert Tournament.objects.get().vp_table == "fibur-3"  # the director's choice stands
    page = unescape(response.content.decode())
    # The table by the name the settings and scorecards give it, never its code.
    assert "the usual table is “FIBUR, 4 smazzate”" in page
    assert "fibur-4" not in page.split("<main")[1].split('id="setup-data"')[0]


def test_two_smazzate_with_a_fibur_table_is_refused_until_confirmed(client, director):
    """No official table is known for 2 smazzate (RULES.md section 5): the page says so and
    saves a FIBUR table only when the director ticks "use it anyway"."""
    client.force_login(director)
    response = client.post(CREATE, form_data(smazzate_per_turno="2"), HTTP_ACCEPT_LANGUAGE="it")
    assert response.status_code == 200 and not Tournament.objects.exists()
    page = unescape(response.content.decode())
    assert (
        "Per 2 smazzate a turno non si conosce una tabella PV ufficiale: “FIBUR, 3 smazzate” è "
        "fatta per 3." in page
    )
    assert 'name="vp_confirm_preset"' in page and "Usa comunque questa tabella" in page
    confirmed = form_data(smazzate_per_turno="2", vp_confirm_preset="on")
    response = client.post(CREATE, confirmed, HTTP_ACCEPT_LANGUAGE="it", follow=True)
    tournament = Tournament.objects.get()
    assert (tournament.smazzate_per_turno, tournament.vp_table) == (2, "fibur-3")
    # Saved knowingly: said once more, as a warning.
    assert "usa “FIBUR, 3 smazzate”, fatta per 3, come hai scelto" in unescape(
        response.content.decode()
    )


def test_two_smazzate_with_custom_bands_needs_no_confirmation(creator):
    bands = "100 10 10\n300 12 8\n- 20 0"
    data = form_data(smazzate_per_turno="2", vp_preset="custom", vp_bands=bands, bye_vp="12")
    response = creator.post(CREATE, {**data, "bye_mp": "200"})
    assert response.status_code == 302
    assert Tournament.objects.get().smazzate_per_turno == 2


def test_an_old_two_smazzate_tournament_is_warned_not_refused(english, director):
    from tests.factories import make_tournament
    from tests.tournaments.test_setup_edit import posted

    tournament = make_tournament(owner=director, smazzate_per_turno=2, vp_table="fibur-3")
    tournament.directors.add(director)
    edit = reverse("manage:tournament_edit", args=[tournament.slug])
    response = english.post(edit, posted(tournament, venue="Sala Verde"), follow=True)
    page = unescape(response.content.decode())
    assert "Settings saved." in page
    assert "No official VP table is known for 2 smazzate per turno: this tournament uses" in page


def test_ko_tournament_stores_its_match_mode(creator):
    creator.post(CREATE, form_data(kind="ko", ko_mode="punti", ko_target="2005", ko_smazzate="3"))
    tournament = Tournament.objects.get()
    assert (tournament.kind, tournament.ko_mode, tournament.ko_target) == ("ko", "punti", 2005)
    assert tournament.ko_smazzate is None  # belongs to the other mode


def _refused(client, field: str, **overrides) -> str:
    response = client.post(CREATE, form_data(**overrides))
    assert response.status_code == 200
    assert not Tournament.objects.exists()
    errors = response.context["form"].errors
    assert field in errors, errors
    html = response.content.decode()
    # The message is printed inside the box of the field it concerns.
    box = html.split(f'id="field-{field}"', 1)[1].split('<div class="field', 1)[0]
    assert 'class="errorlist' in box
    return " ".join(errors[field])


@pytest.mark.parametrize(
    ("bands", "expected"),
    [
        ("0-50 10 10\n60-150 11 9\n- 20 0", "Line 2: gap in the table"),
        ("0-50 10 10\n40-150 11 9\n- 20 0", "Line 2: the band starts at 40, inside"),
        ("10-50 10 10\n- 20 0", "Line 1: the first band must start at 0"),
        ("50 10 10\n40 11 9\n- 20 0", "VP band 2: the upper bound 40 must be greater"),
        ("50 10 10\n150 12 9\n- 20 0", "VP band 2: its VP add up to 21, not 20"),
        ("50 10 10\n- 20 0\n150 11 9", "VP band 2: only the last band may have no upper bound"),
        ("50 10 10\n150 11 9", "VP band 2: the last band must have no upper bound"),
        ("50 10 10\n150 9 11\n- 20 0", "VP band 2: the line with more MP cannot get fewer"),
        ("50 10 10\n150 eleven 9\n- 20 0", "Line 2: “150 eleven 9” is not a band"),
        ("50 11 9\n- 20 0", "VP band 1: a tie falls in the first band"),
        ("", "Write the bands of the custom table"),
    ],
)
def test_bad_custom_bands_are_refused_next_to_the_box(creator, bands, expected):
    message = _refused(creator, "vp_bands", vp_preset="custom", vp_bands=bands)
    assert expected in message


def test_semipulito_cannot_be_switched_on_for_reale(creator):
    message = _refused(creator, "semipulito", ruleset_name="reale", semipulito="yes")
    assert "has no burraco semipulito" in message


@pytest.mark.parametrize(
    ("field", "value", "expected"),
    [
        ("bonus_pulito", "203", "multiple of 5"),
        ("bonus_nobile", "500", "no burraco nobile"),
        ("bonus_sporco", "-100", "greater than or equal to 0"),
    ],
)
def test_bad_bonus_is_refused_next_to_its_box(creator, field, value, expected):
    assert expected in _refused(creator, field, **{field: value})


def test_forfeit_vp_beyond_the_table_total_is_refused(creator):
    message = _refused(creator, "forfeit_vp", forfeit_vp="21", forfeit_mp="400")
    assert "At most 20" in message


def test_custom_table_total_bounds_the_riposo_vp(creator):
    bands = "50 15 15\n- 30 0"
    message = _refused(
        creator, "bye_vp", vp_preset="custom", vp_bands=bands, bye_vp="31", bye_mp="355"
    )
    assert "At most 30" in message


def test_riposo_needs_both_vp_and_mp(creator):
    assert "Give both the VP and the MP" in _refused(creator, "bye_mp", bye_vp="14")


def test_a_tie_break_cannot_be_chosen_twice(creator):
    assert "already chosen" in _refused(creator, "tiebreak_3", tiebreak_3="scarto")


def test_ko_needs_its_match_mode_and_target(creator):
    _refused(creator, "ko_mode", kind="ko")
    assert "Which score" in _refused(creator, "ko_target", kind="ko", ko_mode="punti")


@pytest.mark.parametrize(("field", "value"), [("smazzate_per_turno", "7"), ("name", "")])
def test_out_of_range_basics_are_refused(creator, field, value):
    _refused(creator, field, **{field: value})


def test_creating_needs_a_login(client):
    response = client.get(CREATE)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
    client.post(CREATE, form_data())
    assert not Tournament.objects.exists()


def test_the_semipulito_bonus_is_kept_while_semipulito_is_off(creator):
    """Issue 27: the bonus is kept for when the switch goes back on (it used to be dropped and
    its box disabled, so switching off and on again reset a custom bonus to the preset's)."""
    response = creator.post(CREATE, form_data(semipulito="no", bonus_semipulito="170"))
    assert response.status_code == 302
    tournament = Tournament.objects.get()
    assert tournament.rules["semipulito"] is False
    assert dict(tournament.rules["bonuses"])["semipulito"] == 170
    page = creator.get(reverse("manage:tournament_edit", args=[tournament.slug])).content
    box = page.decode().split('id="field-bonus_semipulito"')[1].split("</div>")[0]
    assert "disabled" not in box
    assert 'value="170"' in box
    assert "While semipulito is off it is kept, and counts again when the switch" in box


def test_the_ruleset_box_says_what_each_preset_plays_with(client, director):
    client.force_login(director)
    page = client.get(CREATE, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    box = page.split('id="field-ruleset_name"')[1].split("</div>")[0]
    assert "Burraco reale: 104 carte, senza jolly, pinella 10 punti, solo scale" in box
    assert "108 carte con 4 jolly (30 punti), pinella 20 punti" in box
