"""The public pages that update themselves, served from a cache for a full room of phones.

A room of a thousand phones asks for the standings, its turno, its seating and its pair's page
every ten seconds; between two saves every answer is the same. So each public page is built once
per change of its tournament and kept in the "public" cache under the tournament's change counter
(raised in the transaction of every write, ``services.audit.tournament_touch``): a page built
before a save is never served after it, because after the save nobody asks for the old key.

Each page has two forms:

- the whole page (``tournaments/live_page.html``): the site's frame (menu, language buttons with
  their CSRF token, drawn for each request without reading the database) around the cached part;
- its live part alone (``?live=1``), which htmx fetches every few seconds into the page without a
  reload (``static/js/live.js``), with an ETag (the part's digest): an unchanged part answers
  ``304 Not Modified`` without reading the database (``live_not_modified``: the counter and the
  part's ETag kept in the shared cache).

A burst of saves (every table's phones at the end of a turno, one every two seconds) is
coalesced: the players' pages follow the counter as it was when they last caught up with it, and
catch up again at most every ``PUBLIC_PAGES_COALESCE_SECONDS`` (settings), so each page and each
value shared by the pages (the ranks) is built at most once per such interval whatever the number
of saves in it; a save after a quiet spell shows at once. The counter shown is kept in the shared
cache, so every process and server shows the same version (``live_cache``: the cache, its locks).

A page that can say cheaply what it shows (a pair's page: its rows of the values read once for
every pair) is kept under the digest of that instead (``live_digest``): after a save only the
pages that changed are built, not the two hundred pairs' pages of the tournament.

Directors (logged in) see links the players do not: their pages are built every time, never
cached (from the same kept pieces, ``fragments``, where a page has them). Without JavaScript the
whole page still works; it just does not update by itself.

Reads only: the parts are built by the views' ``build`` functions from the selectors.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.dummy import DummyCache
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.safestring import SafeString, mark_safe

from .access import can_direct
from .live_cache import (
    _cache_build,
    _cache_get,
    _shown,
    cached,
    counter_remember,
    counter_store,
    known_counter,
    served_stale,
    shown_counter,
    shown_for,
)
from .live_digest import content_digest
from .models import Tournament

LIVE_PARAMETER = "live"
# How often the page asks for its live part (htmx ``every``), in seconds.
POLL_SECONDS = 10


@dataclass(frozen=True)
class LiveParts:
    """What a page is made of besides the site's frame: its title, the tournament's menu (also
    as an out-of-band swap, so that a new turno appears in it), and the part that updates."""

    title: str
    subnav: str
    subnav_oob: str
    body: str
    # The live part's ETag: its content's digest, so that a save that leaves a page as it was
    # (a seating list, the standings after a complete turno) still answers 304.
    etag: str
    # The digest of what the page was built from (``render_parts``'s ``shows``), if it says.
    shows: str = ""


@dataclass(frozen=True)
class LivePage:
    """One public page: its name and the query values that change it (already checked)."""

    name: str
    params: Mapping[str, str]
    stylesheets: tuple[str, ...] = ()
    scripts: tuple[str, ...] = ()


def _page_name(tournament: Tournament, page: LivePage) -> str:
    """The page whatever the tournament's counter: its last version is kept under it."""
    params = "&".join(f"{k}={v}" for k, v in sorted(page.params.items()))
    digest = hashlib.blake2b(f"{page.name}?{params}".encode(), digest_size=8).hexdigest()
    return f"{tournament.pk}-{translation.get_language()}-{digest}"


def _variant(tournament: Tournament, page: LivePage, counter: int) -> str:
    params = "&".join(f"{k}={v}" for k, v in sorted(page.params.items()))
    digest = hashlib.blake2b(f"{page.name}?{params}".encode(), digest_size=8).hexdigest()
    return f"{tournament.pk}-{counter}-{translation.get_language()}-{digest}"


def render_parts(
    request: HttpRequest,
    *,
    tournament: Tournament,
    title: str,
    body_template: str,
    context: dict,
    section: str,
    turno=None,
    shows: object = None,
) -> LiveParts:
    """Render a page's parts: ``body_template`` is the live part; the menu marks ``section``.
    ``shows``: what the page is built from, for a page kept under its digest (``live_response``'s
    ``digest``), taken before the template reads it."""
    digest = content_digest(shows) if shows is not None else ""
    context = {**context, "tournament": tournament}
    body = render_to_string(body_template, context, request)
    subnav = page_menu(request, tournament=tournament, section=section, turno=turno)
    subnav_oob = subnav.replace(SUBNAV_OPENING, f'{SUBNAV_OPENING} hx-swap-oob="true"', 1)
    etag = hashlib.blake2b(f"{body}{subnav_oob}".encode(), digest_size=12).hexdigest()
    return LiveParts(
        title=title,
        subnav=subnav,
        subnav_oob=subnav_oob,
        body=body,
        etag=f'"{etag}"',
        shows=digest,
    )


def page_menu(request: HttpRequest, *, tournament: Tournament, section: str, turno=None) -> str:
    """The tournament's menu marking ``section``: the same for every pair's page (and every page
    of one turno), rendered once per change."""
    turno_number = getattr(turno, "number", None)
    return cached(
        tournament,
        f"subnav:{section}:{turno_number}",
        lambda: render_to_string(
            "tournaments/_subnav.html",
            {"tournament": tournament, "section": section, "turno": turno},
            request,
        ),
    )


# The start of the menu's <nav> (templates/tournaments/_subnav.html): the live part's copy of
# the menu replaces the page's one (htmx's out-of-band swap).
SUBNAV_OPENING = '<nav class="subnav" id="subnav"'


def live_response(
    request: HttpRequest,
    *,
    tournament: Tournament,
    page: LivePage,
    build: Callable[[bool], LiveParts],
    digest: Callable[[], str] | None = None,
) -> HttpResponse:
    """Answer a public page, or its live part when ``?live=1``: from the cache for the players,
    built afresh for a director (``build(director)``).

    ``digest``: the digest of what the page shows (``live_digest``), from a value shared by many
    pages (``cached``): the players' page is then kept under it rather than under the change
    counter, and built again only when it changes (a save at one table leaves most pairs' pages
    as they were). Its build reads the page's rows again and says their digest
    (``render_parts``'s ``shows``): a page built from rows changed since is kept under theirs."""
    live = request.GET.get(LIVE_PARAMETER) == "1"
    # The parts are the same whichever form asked: links in them (sorting) must not say "live".
    request.GET = request.GET.copy()
    request.GET.pop(LIVE_PARAMETER, None)
    director = request.user.is_authenticated and can_direct(request.user, tournament)
    if director:
        parts, etag = build(True), ""
    else:
        counter_remember(tournament)
        counter = shown_counter(tournament)
        shown = _shown.set(counter)
        stale = served_stale.set(False)
        try:
            name = _page_name(tournament, page)
            key, key_of = f"p:{_variant(tournament, page, counter)}", None
            if digest is not None and not isinstance(caches["public"], DummyCache):
                # (With the cache off, reading every page's digest would only cost more.)
                key = f"p:{name}-{digest()}"
                key_of = lambda parts: f"p:{name}-{parts.shows}"  # noqa: E731
            parts = _cache_build(key, lambda: build(False), previous=f"l:{name}", key_of=key_of)
            if not served_stale.get():  # this version's: a 304 may say so without the database
                _etag_remember(request, tournament.pk, counter, parts.etag)
        finally:
            _shown.reset(shown)
            served_stale.reset(stale)
        etag = parts.etag
        if live and etag in _etags(request.headers.get("If-None-Match", "")):
            return _live_headers(HttpResponseNotModified(), etag)
    if live:
        response = HttpResponse(mark_safe(parts.body + parts.subnav_oob))
        return _live_headers(response, etag)
    query = request.GET.copy()
    query[LIVE_PARAMETER] = "1"
    context = {
        "page": page,
        "title": parts.title,
        "subnav": SafeString(parts.subnav),
        "body": SafeString(parts.body),
        "live_url": f"{request.path}?{query.urlencode()}",
        "etag": etag,
        "poll_seconds": POLL_SECONDS,
    }
    if director or not _plain_visitor(request):
        return render(request, "tournaments/live_page.html", context)
    # A player's whole page: the same for every player but for the CSRF token of the language
    # buttons, so it is kept with a stand-in for the token, put in for each request.
    path = hashlib.blake2b(request.get_full_path().encode(), digest_size=8).hexdigest()
    key = f"w:{etag}:{translation.get_language()}:{path}"
    html = _cache_build(
        key,
        lambda: render_to_string(
            "tournaments/live_page.html", {**context, "csrf_token": TOKEN_STAND_IN}, request
        ),
    )
    return HttpResponse(html.replace(TOKEN_STAND_IN, get_token(request)))


TOKEN_STAND_IN = "csrf-token-stand-in"


def live_not_modified(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A public page's view (``view(request, slug, ...)``) whose live part, unchanged, answers
    ``304`` without reading the database: the tournament's counter (``live_cache.known_counter``,
    kept by the writers) and the ETag of the part at that counter, remembered when it was served
    (``live_response``) or, for a page kept under its digest, when every such page's digest was
    read (``kept_etags_remember``), both from the shared cache. Anything else goes to the view."""

    @functools.wraps(view)
    def answer(request: HttpRequest, slug: str, *args, **kwargs) -> HttpResponse:
        header = request.headers.get("If-None-Match", "")
        if header and request.GET.get(LIVE_PARAMETER) == "1" and _plain_visitor(request):
            known = known_counter(slug)
            if known is not None:
                pk, counter = known
                etag = counter_store().get(_etag_key(request, pk, shown_for(pk, counter)))
                if etag is not None and etag in _etags(header):
                    return _live_headers(HttpResponseNotModified(), etag)
        return view(request, slug, *args, **kwargs)

    return answer


def _etag_key(request: HttpRequest, pk: int, counter: int) -> str:
    """The live part's ETag at the counter: by its address, whatever asks for the live part."""
    query = sorted((k, v) for k, v in request.GET.lists() if k != LIVE_PARAMETER)
    return _address_etag_key(f"{request.path}?{query}", pk, counter)


def _address_etag_key(address: str, pk: int, counter: int) -> str:
    digest = hashlib.blake2b(address.encode(), digest_size=10).hexdigest()
    return f"e:{pk}-{counter}-{translation.get_language()}-{digest}"


def kept_etags_remember(tournament: Tournament, pages: Iterable[tuple[str, LivePage, str]]) -> None:
    """Once the digests of what pages show are known for the counter the players' pages show
    (``pages``: each page's path, with no query, its ``LivePage`` and its digest, as
    ``live_response``'s ``digest`` gives it): the ETag of each page already built for its digest,
    remembered for that counter. After a save most pages are as they were, and the phones'
    polls of those then answer 304 without the database (``live_not_modified``), instead of each
    page's first poll going through its view (a pair's page: about 4 ms of CPU, for each of two
    hundred pairs at every catch-up)."""
    store, counter = counter_store(), _shown.get()
    if store is None or counter is None:
        return
    etags = {}
    for path, page, digest in pages:
        parts = _cache_get(f"p:{_page_name(tournament, page)}-{digest}")
        if parts is not None:
            # The address as ``_etag_key`` writes it for a live part asked with no query.
            etags[_address_etag_key(f"{path}?[]", tournament.pk, counter)] = parts.etag
    store.set_many(etags)


def _etag_remember(request: HttpRequest, pk: int, counter: int, etag: str) -> None:
    """Tell the shared cache the part's ETag at the counter, when it does not know it yet:
    every page served from the cache passes here, and writing the same value again cost a
    file's write (about 3 ms, most of a cached page's time) where reading it costs a tenth."""
    store = counter_store()
    if store is None:
        return
    key = _etag_key(request, pk, counter)
    if store.get(key) != etag:
        store.set(key, etag)


def _plain_visitor(request: HttpRequest) -> bool:
    """No session and no message waiting: the page is the one every player gets."""
    return not ({settings.SESSION_COOKIE_NAME, "messages"} & request.COOKIES.keys())


def _etags(header: str) -> set[str]:
    return {tag.strip().removeprefix("W/") for tag in header.split(",") if tag.strip()}


def counter_etag(tournament: Tournament, counter: int | None = None) -> str:
    """An ETag that changes with every write to the tournament (and with the language);
    ``counter``: the one shown (``shown_version``) rather than the tournament's own."""
    counter = tournament.change_counter if counter is None else counter
    return f'"{tournament.pk}-{counter}-{translation.get_language()}"'


@contextmanager
def shown_version(tournament: Tournament) -> Iterator[int]:
    """For a public page answered outside ``live_response`` (the room's projector): the
    counter the players' pages show (``shown_counter``), under which the values they share
    (``cached``) are read, so that such a page reuses what they built for it."""
    counter = shown_counter(tournament)
    token = _shown.set(counter)
    try:
        yield counter
    finally:
        _shown.reset(token)


def standings_rows(tournament: Tournament, after_turno: int | None) -> tuple[list, object]:
    """The standings after ``after_turno`` as the kind works them out (the rows, or the rule
    error that keeps them missing), once per change for every page showing them: the public
    standings page and the room's projector (``cached``)."""
    return cached(
        tournament,
        f"standings_rows:{after_turno}",
        lambda: tournament.fmt.standings.rows_or_missing(
            tournament=tournament, after_turno=after_turno
        ),
    )


def etag_response(
    request: HttpRequest, etag: str, render_part: Callable[[], HttpResponse]
) -> HttpResponse:
    """A part the browser keeps while ``etag`` holds: 304 when it has it (nothing rendered),
    else ``render_part()`` with the ETag. The projector's panels are answered so."""
    if etag in _etags(request.headers.get("If-None-Match", "")):
        return _live_headers(HttpResponseNotModified(), etag)
    return _live_headers(render_part(), etag)


def _live_headers(response: HttpResponse, etag: str) -> HttpResponse:
    if etag:
        response["ETag"] = etag
        # The browser keeps the part and asks each time whether it changed (304 when not).
        response["Cache-Control"] = "no-cache"
    patch_vary_headers(response, ["Cookie", "Accept-Language"])
    return response
