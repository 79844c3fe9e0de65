"""The standings page's fast table: the same table django-tables2 renders, sorted the same way.

The page writes the table body itself (``FastTable.body_html``) and sorts through
``FastListData``; each test here renders the same standings through django-tables2's own
template and list sorting and checks a player sees the same table: cells, order, classes, links.
"""

from __future__ import annotations

from html.parser import HTMLParser

import django_tables2 as tables
import pytest
from django.db import connection
from django.template import Context, Template
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation
from django_tables2 import RequestConfig
from django_tables2.data import TableListData

from burraco_tourney.tournaments.models import Entrant
from burraco_tourney.tournaments.selectors.standings import standings
from burraco_tourney.tournaments.tables import PublicStandingsTable, StandingsTable
from tests.factories import add_penalty, make_pairs, make_tournament, make_turno

pytestmark = pytest.mark.django_db

STOCK = Template('{% load django_tables2 %}{% render_table table "components/table.html" %}')


class _Tokens(HTMLParser):
    """The tags (with their attributes) and texts of the first ``table.standings``, with the
    whitespace between tags left out: what a browser shows, not how the source is indented."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tokens: list[tuple] = []
        self.depth = 0

    def handle_starttag(self, tag, attrs):
        if self.depth or (tag == "table" and ("class", "standings") in attrs):
            self.depth += tag == "table"
            self.tokens.append(("<", tag, tuple(sorted(attrs))))

    def handle_endtag(self, tag):
        if self.depth:
            self.tokens.append((">", tag))
            self.depth -= tag == "table"

    def handle_data(self, data):
        if self.depth and data.strip():
            self.tokens.append(("text", " ".join(data.split())))


def _table(html: str) -> list[tuple]:
    parser = _Tokens()
    parser.feed(html)
    assert parser.tokens, "no table.standings on the page"
    return parser.tokens


def _page(client, tournament, query: str = "") -> str:
    response = client.get(reverse("tournaments:standings", args=[tournament.slug]) + query)
    assert response.status_code == 200
    return response.content.decode()


def _stock(tournament, query: str = "", table_class=None) -> str:
    """The table as django-tables2 alone renders it: its list data, its sorting, its template."""
    request = RequestFactory().get("/" + query)
    after = int(request.GET["dopo"]) if "dopo" in request.GET else None
    turni = [
        n for n in tournament.turni.values_list("number", flat=True) if not after or n <= after
    ]
    rows = standings(tournament=tournament, after_turno=after)
    if table_class is None:  # the page's own table: the players link to the pair's page
        table = PublicStandingsTable(
            TableListData(list(rows)), turni=sorted(turni), slug=tournament.slug
        )
    else:
        table = table_class(TableListData(list(rows)), turni=sorted(turni))
    RequestConfig(request, paginate=False).configure(table)
    with translation.override("it"):
        return STOCK.render(Context({"table": table, "request": request}))


def _cells(tokens: list[tuple]) -> list[list[str]]:
    """The text of each body row's cells."""
    rows, row, in_body, in_cell = [], None, False, False
    for token in tokens:
        if token[:2] == ("<", "tbody"):
            in_body = True
        elif in_body and token[:2] == ("<", "tr"):
            row = []
        elif in_body and token[:2] == ("<", "td"):
            in_cell = True
            row.append("")
        elif token == (">", "td"):
            in_cell = False
        elif token == (">", "tr") and row is not None:
            rows.append(row)
            row = None
        elif token[0] == "text" and in_cell:
            row[-1] += token[1]
    return rows


@pytest.fixture
def tournament():
    """Seven pairs, two turni: a riposo, ties on VP broken by scarto and by MP, two pairs
    sharing a rank after turno 1, penalties, a pair absent from turno 2 (no VP there), an empty
    club and names to escape."""
    tournament = make_tournament(name="Torneo di Carnevale")
    make_pairs(tournament, 7)
    Entrant.objects.filter(tournament=tournament, number=2).update(
        player1="O'Brien <Anna>", club='Bar & Caffè "Centrale"'
    )
    make_turno(
        tournament,
        1,
        [(1, 2), (3, 4), (5, 6)],
        byes=[7],
        totals=[(1250, 830), (900, 900), (700, 700)],
    )
    make_turno(
        tournament, 2, [(7, 1), (2, 3), (4, 5)], totals=[(600, 600), (1500, 300), (800, 800)]
    )
    turno = tournament.turni.get(number=1)
    add_penalty(turno, 1, vp=-1, mp=-100)
    add_penalty(turno, 4, mp=-50)
    return tournament


def _column_names(tournament) -> list[str]:
    turni = list(tournament.turni.values_list("number", flat=True))
    return [c.name for c in StandingsTable([], turni=turni).columns]


def test_the_page_shows_the_table_django_tables2_renders(client, tournament):
    html = _page(client, tournament)
    page = _table(html)
    assert page == _table(_stock(tournament))
    rows = _cells(page)
    assert len(rows) == 7  # every pair, no pagination
    by_pair = {row[1]: row for row in rows}
    # Escaped, not interpreted.
    assert by_pair["2"][2] == "O'Brien <Anna> – Esposito Luca"
    assert by_pair["2"][3] == 'Bar & Caffè "Centrale"'
    assert "O&#x27;Brien &lt;Anna&gt;" in html and "<Anna>" not in html
    assert by_pair["5"][3] == "—"  # no club
    assert by_pair["6"][-2:] == ["10", "—"]  # absent from turno 2: a dash, not 0 VP
    assert by_pair["1"][4:8] == ["23", "320", "1750", "-1 PV, -100 MP"]
    assert by_pair["4"][7] == "-50 MP"
    assert by_pair["7"][7] == "—"


@pytest.mark.parametrize("direction", ["", "-"])
def test_every_column_sorts_both_ways_as_django_tables2_does(client, tournament, direction):
    for name in _column_names(tournament):
        for after in ("", "&dopo=1"):
            query = f"?sort={direction}{name}{after}"
            page = _table(_page(client, tournament, query))
            assert page == _table(_stock(tournament, query)), query


@pytest.mark.parametrize(
    "query", ["?sort=club&sort=-vp", "?sort=-vp_turno_2&dopo=2", "?sort=nonsense", "?sort=players"]
)
def test_several_keys_and_unknown_columns_sort_as_django_tables2_does(client, tournament, query):
    assert _table(_page(client, tournament, query)) == _table(_stock(tournament, query))


def _rank_and_pair(client, tournament, query: str) -> list[tuple[str, str]]:
    return [(row[0], row[1]) for row in _cells(_table(_page(client, tournament, query)))]


def test_shared_ranks_and_tie_breaks_stay_whatever_the_sort(client, tournament):
    # After turno 1: 3, 5 and 6 have 10 VP and no scarto; 3 is ahead on MP; 5 and 6 played
    # each other to a draw and stay equal on everything, so they share 4th place.
    engine = [("1", "7"), ("2", "1"), ("3", "3"), ("4", "5"), ("4", "6"), ("6", "4"), ("7", "2")]
    assert _rank_and_pair(client, tournament, "?dopo=1") == engine
    assert _rank_and_pair(client, tournament, "?dopo=1&sort=-vp") == engine
    # Ascending VP: equal VP keep the engine's order (3, 5, 6, 4), never pair number order.
    assert _rank_and_pair(client, tournament, "?dopo=1&sort=vp") == [
        ("7", "2"),
        ("3", "3"),
        ("4", "5"),
        ("4", "6"),
        ("6", "4"),
        ("2", "1"),
        ("1", "7"),
    ]
    assert _rank_and_pair(client, tournament, "?dopo=1&sort=-rank") == [
        ("7", "2"),
        ("6", "4"),
        ("4", "5"),
        ("4", "6"),
        ("3", "3"),
        ("2", "1"),
        ("1", "7"),
    ]
    # A missing value (pair 6 did not play turno 2) comes last when sorting down.
    assert _rank_and_pair(client, tournament, "?sort=-vp_turno_2")[-1] == ("7", "6")


def test_the_header_links_sort_and_mark_the_sorted_column(client, tournament):
    html = _page(client, tournament, "?dopo=1&sort=-vp")
    headers = [token for token in _table(html) if token[:2] == ("<", "th")]
    assert headers[4][2] == (("class", "desc num orderable"),)
    assert 'href="?dopo=1&amp;sort=vp"' in html  # the next click sorts up, same turno
    assert ">T1<" in html and ">T2<" not in html  # after turno 1: one turno column
    assert 'href="?dopo=1" class="active"' in html  # the selector shows the turno chosen


def test_after_turno_shows_the_standings_of_that_turno(client, tournament):
    page = _table(_page(client, tournament, "?dopo=1"))
    assert page == _table(_stock(tournament, "?dopo=1"))
    # Pair 7 leads with its riposo; pair 1 won its table 14-6 (its T1) but lost a VP to its
    # penalty (its total).
    assert _cells(page)[:2] == [
        ["1", "7", "Colombo Luca – Verdi Carla", "Burraco Club Roma", "14", "355", "0", "—", "14"],
        [
            "2",
            "1",
            "Bianchi Bruno – Ferrari Giulia",
            "Burraco Club Roma",
            "13",
            "320",
            "1150",
            "-1 PV, -100 MP",
            "14",
        ],
    ]


def test_no_pairs_shows_the_empty_text_in_one_row(client):
    empty = make_tournament()
    page = _table(_page(client, empty))
    assert page == _table(_stock(empty))
    assert _cells(page) == [["Ancora nessun risultato."]]


def test_a_column_the_fast_path_cannot_read_goes_through_django_tables2(client, tournament):
    """A cell computed from the bound row, with attributes computed per cell: the table still
    writes what django-tables2 would."""

    class Custom(StandingsTable):
        vp = tables.Column(
            attrs={"td": {"class": lambda value: "num top" if value > 20 else "num"}}
        )

        class Meta(StandingsTable.Meta):
            row_attrs = {"data-pair": lambda record: record.pair.number}

        def render_club(self, value, bound_row):
            return f"{value} #{bound_row.record.pair.number}"

    request = RequestFactory().get("/?sort=-scarto")
    table = Custom(standings(tournament=tournament), turni=[1, 2])
    RequestConfig(request, paginate=False).configure(table)
    template = Template(
        '{% load django_tables2 %}{% render_table table "components/standings_table.html" %}'
    )
    with translation.override("it"):
        fast = template.render(Context({"table": table, "request": request}))
    assert _table(fast) == _table(_stock(tournament, "?sort=-scarto", table_class=Custom))
    assert '<td class="num top">24</td>' in fast and 'data-pair="7"' in fast
    assert "Burraco Club Roma #7" in fast


def _queries(client, url) -> int:
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx.captured_queries)


def _sized(pairs: int, turni: int):
    tournament = make_tournament()
    make_pairs(tournament, pairs)
    half = pairs // 2
    for n in range(1, turni + 1):
        seats = [(i, half + 1 + (i + n) % half) for i in range(1, half + 1)]
        make_turno(tournament, n, seats, totals=[(500 + 5 * i, 300) for i in range(half)])
    add_penalty(tournament.turni.get(number=1), 1, vp=-1)
    return tournament


@pytest.mark.parametrize("query", ["", "?sort=-vp", "?sort=club&dopo=1"])
def test_queries_do_not_grow_with_pairs_or_turni_sorted_or_not(client, query):
    small, big = _sized(4, 1), _sized(24, 4)
    url = "tournaments:standings"
    assert _queries(client, reverse(url, args=[small.slug]) + query) == _queries(
        client, reverse(url, args=[big.slug]) + query
    )
