"""The site's URL patterns filled in for one small world, shared by the permanent security tests
(access matrix, CSRF, fuzz of the write forms).

The world: a pairs tournament (8 pairs, turno 1 published with results, a penalty, a prize list,
the federation report's signatories), a KO tournament (round 1 published), an individual one and
a team tournament (4 teams, turno 1 published with its line-ups), all owned by ``owner`` and
co-directed by ``codirector``, and a circuit of the pairs tournament, owned by ``owner`` and
granted to ``codirector``; ``outsider`` is a director of none. Every URL pattern of the
resolver is listed by ``site_urls`` with its arguments filled from the world; an argument name
it does not know makes the tests fail, so a new page cannot slip past them.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from burraco_tourney.exports import pdf
from burraco_tourney.exports.printouts import ScorecardsPdf
from burraco_tourney.exports.registry import EXPORTERS, ExportFile
from burraco_tourney.people.models import Club
from burraco_tourney.seasons.exports import CIRCUIT_EXPORTERS
from burraco_tourney.seasons.services import circuit_create
from burraco_tourney.tournaments.draw_manager import DrawRequest
from burraco_tourney.tournaments.forms.prizes import PrizeListForm
from burraco_tourney.tournaments.models import Match, Member, Movement
from burraco_tourney.tournaments.pair_import import parse_text
from burraco_tourney.tournaments.services.federation import federation_signatories_set
from burraco_tourney.tournaments.services.pairs import entrants_import, entrants_import_check
from burraco_tourney.tournaments.services.penalties import penalty_add
from burraco_tourney.tournaments.services.prizes import prize_list_save
from burraco_tourney.tournaments.services.table_links import turno_links_ensure
from burraco_tourney.tournaments.services.turni import turno_draw, turno_publish
from burraco_tourney.tournaments.views.manage.federation import FILES as FEDERATION_FILES
from burraco_tourney.tournaments.views.team_lineup import captain_token
from tests.factories import add_penalty, make_director, make_pairs, make_tournament, make_turno
from tests.tournaments.ko_support import ko_tournament, start
from tests.tournaments.teams_support import draw_team_turno, set_lineups, team_tournament

# Pages whose writes only the tournament's owner may make (a co-director gets 403).
OWNER_ONLY = {"manage:director_add", "manage:director_remove"}
# Pages for any logged-in account (they belong to no tournament).
LOGGED_IN = {"password_change", "manage:home", "manage:tournament_create", "archive:import"}
# A registry person's pages, seen from the tournaments (the registry is the site's directors').
LOGGED_IN |= {"manage:person", "manage:person_download", "manage:person_anonymise"}
# The circuits a director directs, and a new one: any director's.
LOGGED_IN |= {"seasons:manage_list", "seasons:create"}
LOGGED_IN_PATHS = {"gestione/verifica-gioco/"}
# The registry's own pages (people, clubs, the member list, duplicates): any director's.
LOGGED_IN_PREFIXES = ("anagrafica/",)


# Site-wide pages of the administrator alone (no director of any tournament may open them).
SUPERUSER_ONLY = {"archive:site_backup"}


@dataclass(frozen=True)
class World:
    owner: object
    codirector: object
    outsider: object
    pairs: object
    ko: object
    individual: object
    penalty_pk: int
    # A penalty given to a player of the individual tournament.
    player_penalty_pk: int
    # The players' link of table 1 of the pairs tournament's turno 1.
    table_token: str
    teams: object
    # The captain's link of the home team of match 1 of the team tournament's turno 1.
    captain_token: str
    circuit: object


@dataclass(frozen=True)
class SiteUrl:
    name: str
    route: str
    url: str

    @property
    def policy(self) -> str:
        """ "superuser", "owner", "director", "login" or "public": who may use the page."""
        if self.name in SUPERUSER_ONLY:
            return "superuser"
        if self.name in OWNER_ONLY:
            return "owner"
        if (
            self.name in LOGGED_IN
            or self.route in LOGGED_IN_PATHS
            or self.route.startswith(LOGGED_IN_PREFIXES)
        ):
            return "login"
        if "gestione/" in self.route or self.name == "archive:export":
            return "director"
        if self.name == "exports:download":
            key = self.route_key
            return "public" if EXPORTERS[key].public else "director"
        return "public"

    @property
    def route_key(self) -> str:
        return self.url.split("?")[0].rstrip("/").rsplit("/", 1)[-1]


def make_world() -> World:
    owner = make_director("titolare")
    codirector = make_director("aiutante")
    outsider = make_director("estraneo")
    pairs = make_tournament(name="Torneo a coppie", owner=owner)
    pairs.directors.add(owner, codirector)
    make_pairs(pairs, 8)
    turno = make_turno(pairs, 1, [(1, 2), (3, 4), (5, 6), (7, 8)], totals=[(900, 500)] * 4)
    turno.published = True
    turno.save()
    pairs.players_enter = True
    pairs.save()
    # Made now, so that a director's visit to the room board or a download writes nothing.
    links = turno_links_ensure(turno=turno)
    token = links[turno.tables.get(number=1).pk].token
    penalty = add_penalty(turno, 1, vp=1)
    ko = ko_tournament(owner, pairs=4, name="Torneo KO")
    ko.directors.add(codirector)
    start(ko, owner)
    individual = _individual_tournament(owner, codirector)
    player_penalty = penalty_add(
        tournament=individual,
        user=owner,
        entrant=individual.entrants.get(number=1),
        turno=individual.turni.get(number=1),
        vp=-1,
        reason="Ritardo",
    )
    Club.objects.get_or_create(name="Circolo Aurora")  # the registry's club pages have one
    _prizes_and_report(pairs, owner)
    teams = _team_tournament(owner, codirector)
    home = Match.objects.get(turno__tournament=teams, turno__number=1, number=1).home
    circuit = circuit_create(user=owner, values={"name": "Circuito d'inverno"}, tournaments=[pairs])
    circuit.directors.add(codirector)
    return World(
        owner,
        codirector,
        outsider,
        pairs,
        ko,
        individual,
        penalty.pk,
        player_penalty.pk,
        token,
        teams,
        captain_token(home),
        circuit,
    )


def _prizes_and_report(pairs, owner) -> None:
    """A prize list (its public page shows only once there is one) and the report's names."""
    form = PrizeListForm(
        {"round": "euro", "categories": "Assoluta | | 100.00; 50.00\nUltima | last | Coppa"},
        fmt=pairs.fmt,
    )
    assert form.is_valid(), form.errors
    prize_list_save(tournament=pairs, prizes=form.cleaned_data["prizes"], user=owner)
    federation_signatories_set(
        tournament=pairs, user=owner, arbitro="Neri Dora", direttore="Blu Ezio", sala_conti=""
    )


def _team_tournament(owner, codirector):
    """Four teams and a published first turno, every match with both line-ups."""
    teams = team_tournament(owner, teams=4, name="Torneo a squadre")
    teams.directors.add(owner, codirector)
    set_lineups(draw_team_turno(teams, owner), owner)
    return teams


def _individual_tournament(owner, codirector):
    """Eight players and a published first turno, drawn by the individual rotation."""
    individual = make_tournament(
        name="Torneo individuale", kind="individual", tiebreaks=["scarto", "mp"], owner=owner
    )
    individual.directors.add(owner, codirector)
    text = "\n".join(f"Giocatore {n}; Circolo Aurora" for n in range(1, 9))
    rows = entrants_import_check(tournament=individual, rows=parse_text(text, size=1))
    entrants_import(tournament=individual, user=owner, rows=rows, source="")
    turno = turno_draw(tournament=individual, user=owner, request=DrawRequest(Movement.ROTATION))
    turno_publish(turno=turno, user=owner)
    return individual


def _tournament_for(world: World, route: str):
    """The tournament a page belongs to: the bracket is a KO's, the players' pages an
    individual tournament's, the teams' and line-ups' a team tournament's, a circuit's pages the
    circuit's, every other page the pairs tournament's."""
    if route.startswith(("circuiti/", "gestione/circuiti/")):
        return world.circuit
    if "squadr" in route or "/incontro/" in route:
        return world.teams
    if "tabellone" in route:
        return world.ko
    if "giocatori/" in route or "turni-individuali/" in route:
        return world.individual
    return world.pairs


def _walk(patterns, prefix="", namespaces=()):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            ns = namespaces + ((pattern.namespace,) if pattern.namespace else ())
            yield from _walk(pattern.url_patterns, prefix + str(pattern.pattern), ns)
        elif isinstance(pattern, URLPattern):
            yield ":".join(namespaces + (pattern.name or "",)), prefix + str(pattern.pattern)


def _fill(route: str, values: dict[str, object]) -> str:
    def value(match):
        name = match.group(2)
        assert name in values, f"the security tests do not know how to fill <{name}> in {route}"
        return str(values[name])

    return "/" + re.sub(r"<(?:(\w+):)?(\w+)>", value, route)


# Pages of a team tournament also walked there (the pairs tournament's by default): a team's own
# page, a turno with its line-up forms, the standings and the director's pages of a turno.
TEAM_PAGES = {
    "tournaments:detail",
    "tournaments:pair",
    "tournaments:turno",
    "tournaments:standings",
    "manage:dashboard",
    "manage:turni",
    "manage:turno_preview",
}


def site_urls(world: World) -> list[SiteUrl]:
    """Every URL pattern of the site but the admin's, filled in; a download once per key."""
    urls = []
    people = list(
        Member.objects.filter(entrant__tournament=world.individual)
        .order_by("person_id")
        .values_list("person_id", flat=True)[:2]
    )
    lineup = Match.objects.get(turno__tournament=world.teams, turno__number=1, number=1)
    for name, route in _walk(get_resolver().url_patterns):
        if name.startswith("admin:"):
            continue
        tournament = _tournament_for(world, route)
        values = {
            "slug": tournament.slug,
            "number": 1,
            "turno": 1,
            "table": 1,
            "user_id": world.codirector.pk,
            "pk": world.player_penalty_pk if tournament is world.individual else world.penalty_pk,
            "token": world.captain_token if tournament is world.teams else world.table_token,
            "line": "ns",
            # A match of the team tournament's turno 1, and its home team (by number).
            "match": lineup.number,
            "team": lineup.home.number,
            # The registry's member list, downloaded as a workbook.
            "kind": "xlsx",
            # A player of the individual tournament, in the registry.
            "person_id": people[0],
            # Two people of the registry, the first kept and the second dropped by a merge.
            "keep": people[0],
            "drop": people[1],
        }
        if route.startswith("anagrafica/circoli/"):
            values["pk"] = Club.objects.order_by("pk").values_list("pk", flat=True).first()
        elif route.startswith("anagrafica/"):
            values["pk"] = people[0]
        if name == "seasons:download":
            for key in sorted(CIRCUIT_EXPORTERS):
                urls.append(SiteUrl(name, route, _fill(route, {**values, "key": key})))
            continue
        if name == "manage:federation_download":
            for kind in sorted(FEDERATION_FILES):
                urls.append(SiteUrl(name, route, _fill(route, {**values, "kind": kind})))
            continue
        if "<slug:key>" in route:
            for key, exporter in sorted(EXPORTERS.items()):
                target = next(
                    t
                    for t in (world.pairs, world.ko, world.individual, world.teams)
                    if t.kind in exporter.kinds
                )
                url = _fill(route, {**values, "slug": target.slug, "key": key})
                if exporter.scope == "turno":
                    url += "?turno=1"
                urls.append(SiteUrl(name, route, url))
            continue
        urls.append(SiteUrl(name, route, _fill(route, values)))
        if name in TEAM_PAGES:
            urls.append(SiteUrl(name, route, _fill(route, {**values, "slug": world.teams.slug})))
    return urls


def fingerprint() -> str:
    """A digest of every row the directors' work lives in: equal digests, nothing written."""
    digest = hashlib.sha256()
    with connection.cursor() as cursor:
        for sql, params in _fingerprint_queries():
            cursor.execute(sql, params)
            digest.update(repr(cursor.fetchall()).encode())
    return digest.hexdigest()


# The fingerprint's queries, made once per database: the security tests take a fingerprint
# around every request they make, and building the queries cost more than running them.
_QUERIES: dict[str, list[tuple[str, tuple]]] = {}


def _fingerprint_queries() -> list[tuple[str, tuple]]:
    if connection.vendor not in _QUERIES:
        # Not last_login: logging in is no change to anyone's work.
        querysets = [
            get_user_model()
            .objects.order_by("pk")
            .values_list("pk", "username", "password", "is_superuser")
        ]
        models = [
            *apps.get_app_config("tournaments").get_models(),
            *apps.get_app_config("seasons").get_models(),
        ]
        for model in models:
            querysets.append(model.objects.order_by("pk").values_list())
            for field in model._meta.many_to_many:
                through = getattr(model, field.name).through
                querysets.append(through.objects.order_by("pk").values_list())
        _QUERIES[connection.vendor] = [
            queryset.query.get_compiler(connection=connection).as_sql() for queryset in querysets
        ]
    return _QUERIES[connection.vendor]


def files_not_drawn(monkeypatch) -> None:
    """The files are not drawn: each download of the registry answers a one-byte file, and
    every other PDF (the prizes', the circuit's, the federation report's) is its page rendered
    but not laid out. Who may download is the question of the security tests, not what a file
    holds (tests/exports, tests/seasons, tests/federation and the prizes' tests read the real
    files back)."""
    for exporter in EXPORTERS.values():
        monkeypatch.setattr(exporter, "render", _stub_render)
    pdfs_not_laid_out(monkeypatch)


def pdfs_not_laid_out(monkeypatch) -> None:
    """Every PDF's page is rendered but not laid out (no WeasyPrint): a download keeps its name
    and its headers, for the tests of what is downloaded, not of what a file holds (the
    scorecards' layout step, with its shared frame, is left out whole)."""
    monkeypatch.setattr(pdf, "html_to_pdf", _stub_layout)
    monkeypatch.setattr(ScorecardsPdf, "pdf", _stub_cards)


def _stub_render(self, *, tournament, turno=None, after_turno=None):
    return ExportFile(filename="file.bin", content_type="application/octet-stream", content=b"x")


def _stub_layout(html, *args, **kwargs) -> bytes:
    return b"%PDF-" + html.encode()


def _stub_cards(self, context) -> bytes:
    return b"%PDF-" + self.key.encode()


def keep_logged_in(client: Client, user) -> None:
    """``client`` logged in as ``user``, logged in again only when its session cookie is no
    longer the one its last login gave (the logout page, a password change, a rolled-back
    write that made a new session): one login per client, not one per request."""
    cookie = client.cookies.get(settings.SESSION_COOKIE_NAME)
    if cookie is None or cookie.value != getattr(client, "login_session", None):
        client.force_login(user)
        client.login_session = client.cookies[settings.SESSION_COOKIE_NAME].value


def login_url() -> str:
    return reverse("login")
