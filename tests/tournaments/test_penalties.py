"""Penalties: the director gives one through the page, sees it listed and in the standings,
deletes it with a reason; bad input is refused next to its field and nothing is stored."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from burraco_tourney.tournaments.models import AuditEntry, Penalty, Turno
from burraco_tourney.tournaments.services.penalties import penalty_add, penalty_delete
from tests.factories import add_penalty, make_director, make_pairs, make_tournament, make_turno

pytestmark = pytest.mark.django_db


class RowParser(HTMLParser):
    """The text of every body row of the first table with ``css_class``."""

    def __init__(self, css_class: str):
        super().__init__()
        self.css_class, self.rows, self.inside, self.depth = css_class, [], False, 0
        self.cell: list[str] | None = None
        self.in_body = False

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        if tag == "table" and self.css_class in classes and not self.rows:
            self.inside = True
        elif self.inside and tag == "tbody":
            self.in_body = True
        elif self.inside and self.in_body and tag == "tr":
            self.rows.append([])
        elif self.inside and self.in_body and tag == "td":
            self.cell = []
        elif self.cell is not None and tag in ("li", "br"):
            self.cell.append(" ")

    def handle_endtag(self, tag):
        if tag == "td" and self.cell is not None:
            self.rows[-1].append(" ".join("".join(self.cell).split()))
            self.cell = None
        elif tag == "table" and self.inside:
            self.inside = self.in_body = False

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def table_rows(response, css_class: str) -> list[list[str]]:
    parser = RowParser(css_class)
    parser.feed(response.content.decode())
    return parser.rows


@pytest.fixture
def tournament(director):
    """Four pairs, two turni with turno totals: 1 beats 2 by 500 (14-6), 3 and 4 draw."""
    tournament = make_tournament(owner=director)
    make_pairs(tournament, 4)
    make_turno(tournament, 1, [(1, 2), (3, 4)], totals=[(1000, 500), (800, 800)])
    make_turno(tournament, 2, [(1, 3), (2, 4)], totals=[(900, 900), (900, 900)])
    return tournament


def url(tournament, name="penalties", *args):
    return reverse(f"manage:{name}", args=[tournament.slug, *args])


def give(client, tournament, **fields):
    turno = fields.pop("turno", 1)
    pair = fields.pop("pair", 1)
    data = {
        "pair": tournament.entrants.get(number=pair).pk,
        "turno": tournament.turni.get(number=turno).pk,
        "vp": "",
        "mp": "",
        "reason": "Ritardo oltre 5 minuti",
    }
    data.update({k: str(v) for k, v in fields.items()})
    return client.post(url(tournament), data)


def test_a_penalty_given_on_the_page_is_listed_audited_and_in_the_standings(
    english, director, tournament
):
    response = give(english, tournament, pair=1, turno=1, vp=-1, mp=-100, reason="Due ammonizioni")
    assert response.status_code == 302
    penalty = Penalty.objects.get()
    assert (penalty.entrant.number, penalty.turno.number, penalty.vp, penalty.mp) == (
        1,
        1,
        -1,
        -100,
    )
    assert penalty.created_by == director

    page = english.get(url(tournament))
    assert "Penalty given to pair 1 in turno 1." in page.content.decode()
    [row] = table_rows(page, "penalties")
    players = penalty.entrant.players
    assert row[:5] == ["1", f"1 {players}", "−1", "−100", "Due ammonizioni"]
    assert row[6] == director.username

    entry = AuditEntry.objects.get(action="penalty_add")
    assert entry.reason == "Due ammonizioni"
    assert entry.after == {"turno": 1, "pair": 1, "vp": -1, "mp": -100, "reason": "Due ammonizioni"}

    # The standings: pair 1 had 14 + 10 VP, scarto +500, MP 1900; the penalty takes 1 VP and
    # 100 MP from the VP, the scarto and the MP, and shows in its own column.
    standings = english.get(reverse("tournaments:standings", args=[tournament.slug]))
    rows = {row[1]: row for row in table_rows(standings, "standings")}
    rank, number, _players, _club, vp, scarto, mp, penalties = rows["1"][:8]
    assert (vp, scarto, mp) == ("23", "400", "1800")
    assert penalties == "-1 VP, -100 MP"
    assert rows["2"][7] == "—"
    # Pair 2 is not helped: 6 + 10 VP, as without the penalty.
    assert rows["2"][4] == "16"


def test_a_penalty_counts_from_its_turno_on(english, tournament):
    give(english, tournament, pair=3, turno=2, mp=-100)
    standings_url = reverse("tournaments:standings", args=[tournament.slug])
    after_first = {r[1]: r for r in table_rows(english.get(standings_url + "?dopo=1"), "standings")}
    assert after_first["3"][7] == "—" and after_first["3"][5] == "0"
    now = {r[1]: r for r in table_rows(english.get(standings_url), "standings")}
    assert now["3"][7] == "-100 MP" and now["3"][5] == "-100"


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"vp": 0, "mp": 0}, "vp", "both are zero"),
        ({}, "vp", "both are zero"),
        ({"mp": -33}, "mp", "multiple of 5"),
        ({"vp": -21}, "vp", "at most 20 VP"),
        ({"vp": "uno"}, "vp", "Enter a whole number"),
        ({"mp": -100, "reason": ""}, "reason", "This field is required"),
        ({"vp": 1}, "confirm_positive", "tick this box"),
        ({"mp": 50, "vp": -1}, "confirm_positive", "tick this box"),
    ],
)
def test_bad_penalties_are_refused_next_to_their_field(english, tournament, fields, field, message):
    response = give(english, tournament, **fields)
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert message in " ".join(errors[field])
    assert message in response.content.decode()
    assert not Penalty.objects.exists()
    assert not AuditEntry.objects.filter(action="penalty_add").exists()


@pytest.mark.parametrize("mp", ["", "0"])
@pytest.mark.parametrize("reason", ["Due ammonizioni", " two  WARNINGS "])
def test_two_warnings_without_their_mp_take_the_vp_tables_equivalent(
    english, tournament, mp, reason
):
    """RULES.md section 5: two warnings cost 1 VP and the equivalent MP: with fibur-3, 1 VP is
    the 100 MP of the band from 51 to 150. Typed without MP, with or without the page's script,
    the penalty takes those MP instead of being refused (as three trials found it)."""
    response = give(english, tournament, vp=-1, mp=mp, reason=reason)
    assert response.status_code == 302
    assert (Penalty.objects.get().vp, Penalty.objects.get().mp) == (-1, -100)


@pytest.mark.parametrize("mp", ["", "0"])
def test_two_warnings_without_mp_are_refused_when_the_table_says_nothing(english, tournament, mp):
    """A custom VP table whose bands give no MP for one VP: the director types them."""
    tournament.vp_table = [{"max": 100, "vp": [12, 8]}, {"max": None, "vp": [20, 0]}]
    tournament.save()
    response = give(english, tournament, vp=-1, mp=mp, reason="Due ammonizioni")
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert list(errors) == ["mp"]
    assert "the MP are missing" in errors["mp"][0]
    assert not Penalty.objects.exists()

    response = give(english, tournament, vp=-1, mp=-50, reason="Due ammonizioni")
    assert response.status_code == 302
    assert (Penalty.objects.get().vp, Penalty.objects.get().mp) == (-1, -50)


def test_a_positive_penalty_is_stored_once_confirmed(english, tournament):
    response = give(english, tournament, vp=1, confirm_positive="on", reason="Errore arbitrale")
    assert response.status_code == 302
    assert Penalty.objects.get().vp == 1


def test_only_published_turni_and_own_pairs_are_offered(english, director, tournament):
    draft = Turno.objects.create(tournament=tournament, number=3, published=False)
    other = make_tournament(owner=director)
    make_pairs(other, 2)
    form = english.get(url(tournament)).context["form"]
    assert [t.number for t in form.fields["turno"].queryset] == [1, 2]
    assert form.initial["turno"] == tournament.turni.get(number=2).pk  # the latest turno
    labels = [label for _value, label in form.fields["pair"].choices][1:]
    assert labels[0] == f"1 – {tournament.entrants.get(number=1).players}" and len(labels) == 4

    data = {"vp": -1, "reason": "x"}
    refused = english.post(url(tournament), {**data, "pair": 1, "turno": draft.pk})
    assert "turno" in refused.context["form"].errors
    foreign = other.entrants.get(number=1).pk
    turno = tournament.turni.get(number=1).pk
    refused = english.post(url(tournament), {**data, "pair": foreign, "turno": turno})
    assert "pair" in refused.context["form"].errors
    assert not Penalty.objects.exists()


def test_delete_asks_a_reason_and_records_it(english, director, tournament):
    penalty = add_penalty(tournament.turni.get(number=1), 2, vp=-1, reason="Due ammonizioni")
    delete_url = url(tournament, "penalty_delete", penalty.pk)
    assert delete_url in english.get(url(tournament)).content.decode()

    page = english.get(delete_url)
    assert "Due ammonizioni" in page.content.decode()
    refused = english.post(delete_url, {"reason": ""})
    assert "reason" in refused.context["form"].errors
    assert Penalty.objects.filter(pk=penalty.pk).exists()

    response = english.post(delete_url, {"reason": "Assegnata alla coppia sbagliata"})
    assert response.status_code == 302
    assert not Penalty.objects.exists()
    entry = AuditEntry.objects.get(action="penalty_delete")
    assert entry.reason == "Assegnata alla coppia sbagliata"
    assert entry.before["pair"] == 2 and entry.before["vp"] == -1 and entry.after is None
    assert entry.user == director


def test_services_refuse_a_draft_turno_and_an_empty_penalty(director, tournament):
    pair = tournament.entrants.get(number=1)
    draft = Turno.objects.create(tournament=tournament, number=3, published=False)
    with pytest.raises(ValidationError):
        penalty_add(
            tournament=tournament, user=director, entrant=pair, turno=draft, vp=-1, reason="x"
        )
    turno = tournament.turni.get(number=1)
    with pytest.raises(ValidationError):
        penalty_add(tournament=tournament, user=director, entrant=pair, turno=turno, reason="x")
    assert not Penalty.objects.exists() and not AuditEntry.objects.exists()

    penalty = penalty_add(
        tournament=tournament, user=director, entrant=pair, turno=turno, mp=-100, reason="Ritardo"
    )
    penalty_delete(penalty=penalty, user=director, reason="Errore")
    assert list(AuditEntry.objects.order_by("id").values_list("action", flat=True)) == [
        "penalty_add",
        "penalty_delete",
    ]


def test_other_directors_get_404_and_visitors_the_login(client, tournament):
    penalty = add_penalty(tournament.turni.get(number=1), 1, mp=-100)
    pages = [url(tournament), url(tournament, "penalty_delete", penalty.pk)]
    for page in pages:
        assert client.get(page).status_code == 302  # to the login page
    client.force_login(make_director("altro"))
    for page in pages:
        assert client.get(page).status_code == 404
        assert client.post(page, {"reason": "x", "vp": -1}).status_code == 404
    assert Penalty.objects.count() == 1


def test_a_penalty_of_another_tournament_is_not_found(english, director, tournament):
    other = make_tournament(owner=director)
    make_pairs(other, 2)
    turno = make_turno(other, 1, [(1, 2)])
    penalty = add_penalty(turno, 1, vp=-1)
    response = english.post(url(tournament, "penalty_delete", penalty.pk), {"reason": "x"})
    assert response.status_code == 404
    assert Penalty.objects.filter(pk=penalty.pk).exists()
