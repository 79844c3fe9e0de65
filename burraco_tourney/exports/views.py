"""The downloads of a tournament: one page listing every file, and the file itself.

Public exporters (standings, seating lists, table cards) are open to anyone who can see the
public pages; the others (scorecards, the workbook) only to the tournament's directors: a
visitor who is not logged in is sent to the login page, another director gets a 404, as on
every director page. A draft turno's files, like its seating
page, are for its directors only. Thin views: parse the request, call the exporter, send it.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.views.decorators.cache import never_cache

from burraco_tourney.core.rule_messages import rule_error_message
from burraco_tourney.rules.errors import RuleError
from burraco_tourney.tournaments.access import can_direct
from burraco_tourney.tournaments.models import Tournament, Turno
from burraco_tourney.tournaments.qr_codes import table_link
from burraco_tourney.tournaments.selectors.standings import standings_choice
from burraco_tourney.tournaments.selectors.tournaments import tournament_get
from burraco_tourney.tournaments.services.table_links import turno_links_ensure

from .registry import EXPORTERS, Exporter, exporters_for
from .selectors import export_turno, published_turni


@dataclass(frozen=True)
class Download:
    """One file offered on the downloads page (plain values: templates call classes)."""

    key: str
    label: str
    description: str
    public: bool
    url: str
    after_turno_choice: bool = False


@dataclass(frozen=True)
class TurnoDownloads:
    turno: Turno
    downloads: list[Download]


def _visible(exporter: type[Exporter], director: bool) -> bool:
    return exporter.public or director


def _download(exporter: type[Exporter], tournament: Tournament, query: str = "") -> Download:
    url = reverse("exports:download", kwargs={"slug": tournament.slug, "key": exporter.key})
    return Download(
        key=exporter.key,
        label=str(exporter.label),
        description=str(exporter.description),
        public=exporter.public,
        url=url + query,
        after_turno_choice=getattr(exporter, "after_turno_choice", False),
    )


def downloads(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_get(slug=slug)
    director = can_direct(request.user, tournament)
    kind = tournament.kind
    whole = [
        _download(e, tournament)
        for e in exporters_for(scope="tournament", kind=kind)
        if _visible(e, director)
    ]
    per_turno = [e for e in exporters_for(scope="turno", kind=kind) if _visible(e, director)]
    turni = tournament.turni.order_by("number")
    if not director:
        turni = turni.filter(published=True)
    return render(
        request,
        "exports/downloads.html",
        {
            "tournament": tournament,
            "director": director,
            "whole": whole,
            "turni": [
                TurnoDownloads(
                    t, [_download(e, tournament, f"?turno={t.number}") for e in per_turno]
                )
                for t in turni
            ],
            "after_turno": _after_turno_options(tournament),
            "section": "downloads",
        },
    )


@dataclass(frozen=True)
class AfterTurno:
    """One choice of "after turno N" for the standings files: ``provisional`` while it includes
    the turno being played, ``default`` for the one chosen unless the reader picks another."""

    number: int
    provisional: bool
    default: bool


def _after_turno_options(tournament: Tournament) -> list[AfterTurno]:
    """The published turni, the default being the standings page's: the last complete one."""
    choice = standings_choice(tournament=tournament)
    default = choice.shown_turno(choice.default)
    return [
        AfterTurno(number=n, provisional=choice.provisional(n), default=n == default)
        for n in published_turni(tournament=tournament)
    ]


def _number(value: str | None) -> int | None:
    """A whole number from the query string; None when absent; 404 when not a number."""
    if value is None or value == "":
        return None
    try:
        return int(value)
    except ValueError:
        raise Http404 from None


def _table_links(request: HttpRequest, tournament, turno) -> dict[int, str]:
    """The players' address of each table of ``turno``, for a director's printout, when the
    players enter their tables (never on a public download: the links are secret)."""
    if turno is None or not turno.published or not tournament.players_enter:
        return {}
    live = turno_links_ensure(turno=turno)
    return {table: table_link(request, access.token) for table, access in live.items()}


@never_cache
def download(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    tournament = tournament_get(slug=slug)
    exporter = EXPORTERS.get(key)
    if exporter is None:
        raise Http404
    if exporter not in exporters_for(scope=exporter.scope, kind=tournament.kind):
        raise Http404
    director = can_direct(request.user, tournament)
    if not _visible(exporter, director):
        if not request.user.is_authenticated:
            # A director whose session ended clicked a saved link: log in, then the file.
            return redirect_to_login(request.get_full_path())
        raise Http404
    turno = None
    after_turno = None
    if exporter.scope == "turno":
        number = _number(request.GET.get("turno"))
        if number is None:
            raise Http404
        turno = export_turno(tournament=tournament, number=number, include_drafts=director)
    else:
        after_turno = _number(request.GET.get("dopo"))
        if after_turno is not None and after_turno not in published_turni(tournament=tournament):
            raise Http404
    try:
        links = _table_links(request, tournament, turno) if director else {}
        file = exporter(table_links=links).render(
            tournament=tournament, turno=turno, after_turno=after_turno
        )
    except RuleError as error:
        # E.g. standings that cannot be computed until the director sets the riposo value.
        messages.error(request, rule_error_message(error))
        return redirect("exports:downloads", slug=tournament.slug)
    response = HttpResponse(file.content, content_type=file.content_type)
    response["Content-Disposition"] = content_disposition_header(
        as_attachment=True, filename=file.filename
    )
    return response
