"""The site's URL patterns filled in for one small world, shared by the permanent security tests
(access matrix, CSRF, fuzz of the write forms).

The world: a pairs tournament (8 pairs, turno 1 published with results, a penalty) and a KO
tournament (round 1 published), both owned by ``owner`` and co-directed by ``codirector``;
``outsider`` is a director of neither. Every URL pattern of the resolver is listed by
``site_urls`` with its arguments filled from the world; an argument name it does not know makes
the tests fail, so a new page cannot slip past them.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from django.apps import apps
from django.contrib.auth import get_user_model
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from burraco_tourney.exports.registry import EXPORTERS
from burraco_tourney.people.models import Club
from burraco_tourney.tournaments.draw_manager import DrawRequest
from burraco_tourney.tournaments.models import Member, Movement
from burraco_tourney.tournaments.pair_import import parse_text
from burraco_tourney.tournaments.services.pairs import entrants_import, entrants_import_check
from burraco_tourney.tournaments.services.penalties import penalty_add
from burraco_tourney.tournaments.services.table_links import turno_links_ensure
from burraco_tourney.tournaments.services.turni import turno_draw, turno_publish
from tests.factories import add_penalty, make_director, make_pairs, make_tournament, make_turno
from tests.tournaments.ko_support import ko_tournament, start

# Pages whose writes only the tournament's owner may make (a co-director gets 403).
OWNER_ONLY = {"manage:director_add", "manage:director_remove"}
# Pages for any logged-in account (they belong to no tournament).
LOGGED_IN = {"password_change", "manage:home", "manage:tournament_create", "archive:import"}
# A registry person's pages, seen from the tournaments (the registry is the site's directors').
LOGGED_IN |= {"manage:person", "manage:person_download", "manage:person_anonymise"}
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
    return World(
        owner, codirector, outsider, pairs, ko, individual, penalty.pk, player_penalty.pk, token
    )


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
    individual tournament's, every other page the pairs tournament's."""
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


def site_urls(world: World) -> list[SiteUrl]:
    """Every URL pattern of the site but the admin's, filled in; a download once per key."""
    urls = []
    for name, route in _walk(get_resolver().url_patterns):
        if name.startswith("admin:"):
            continue
        tournament = _tournament_for(world, route)
        people = list(
            Member.objects.filter(entrant__tournament=world.individual)
            .order_by("person_id")
            .values_list("person_id", flat=True)[:2]
        )
        values = {
            "slug": tournament.slug,
            "number": 1,
            "turno": 1,
            "table": 1,
            "user_id": world.codirector.pk,
            "pk": world.player_penalty_pk if tournament is world.individual else world.penalty_pk,
            "token": world.table_token,
            "line": "ns",
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
        if "<slug:key>" in route:
            for key, exporter in sorted(EXPORTERS.items()):
                target = next(
                    t for t in (world.pairs, world.ko, world.individual) if t.kind in exporter.kinds
                )
                url = _fill(route, {**values, "slug": target.slug, "key": key})
                if exporter.scope == "turno":
                    url += "?turno=1"
                urls.append(SiteUrl(name, route, url))
            continue
        urls.append(SiteUrl(name, route, _fill(route, values)))
    return urls


def fingerprint() -> str:
    """A digest of every row the directors' work lives in: equal digests, nothing written."""
    digest = hashlib.sha256()
    users = get_user_model().objects.order_by("pk")
    # Not last_login: logging in is no change to anyone's work.
    digest.update(
        repr(list(users.values_list("pk", "username", "password", "is_superuser"))).encode()
    )
    for model in apps.get_app_config("tournaments").get_models():
        for row in model.objects.order_by("pk").values_list():
            digest.update(repr(row).encode())
        for field in model._meta.many_to_many:
            through = getattr(model, field.name).through
            digest.update(repr(list(through.objects.order_by("pk").values_list())).encode())
    return digest.hexdigest()


def login_url() -> str:
    return reverse("login")
