"""Director pages of a turno being played: its results page (which tables are in, the
anomalies to look at before publishing the standings, the turno clock), starting and resetting
the clock, setting how long a turno (or every turno) lasts, dismissing an anomaly with a note.

Thin views: parse the request, call one service or selector, render or redirect.
"""

from __future__ import annotations

import re

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ...access import director_view
from ...forms.clock import ClockSettingsForm, DismissForm, TurnoClockForm
from ...models import Table, Tournament
from ...selectors import scores as selectors
from ...selectors.anomalies import anomalies_by_match, turno_anomaly_list
from ...selectors.clock import turno_clock
from ...selectors.player_entries import room_board
from ...selectors.tournaments import turno_byes
from ...services import anomalies as anomaly_services
from ...services import clock as clock_services
from .refusals import run_for_button
from .scores import turno_or_refusal


def _results_page(request, tournament, turno_obj, *, dismiss_forms=None) -> HttpResponse:
    progress = selectors.turno_progress(turno=turno_obj)
    anomalies = turno_anomaly_list(turno=turno_obj)
    # What the room board shows of each table (a call for the referee, the lines' entries),
    # when the players enter their results.
    tiles = {t.table.pk: t for t in room_board(turno=turno_obj)} if tournament.players_enter else {}
    forms = dismiss_forms or {}
    return render(
        request,
        "manage/results_turno.html",
        {
            "tournament": tournament,
            "section": "turni",
            "turno": turno_obj,
            "progress": progress,
            "rows": [(p, tiles.get(p.table.pk)) for p in progress.tables],
            "next_missing": progress.missing[0] if progress.missing else None,
            "byes": turno_byes(turno=turno_obj),
            # Grouped by match where a match has two tables (a team match's two rooms).
            "anomalies": anomalies_by_match(
                [
                    (
                        a,
                        forms.get((a.table.number, a.code))
                        or DismissForm(
                            initial={"code": a.code}, auto_id=_auto_id(a.table.number, a.code)
                        ),
                    )
                    for a in anomalies
                ],
                anomaly=lambda row: row[0],
            ),
            # The badge counts what needs a look: a table still playing is counted by the
            # tables entered beside it, not as an anomaly (the close card still lists it).
            "open_anomalies": sum(
                1 for a in anomalies if a.dismissal is None and a.code != "table_without_result"
            ),
            # The close card lists the anomalies still open before its button.
            "close_anomalies": [a for a in anomalies if a.dismissal is None],
            # A turno is reopened only once the turni closed after it are reopened.
            "later_closed": selectors.later_closed_turno(turno=turno_obj),
            "clock": turno_clock(turno=turno_obj, tournament=tournament),
            "clock_form": _turno_clock_form(tournament, turno_obj),
        },
    )


def _turno_clock_form(tournament: Tournament, turno_obj, data=None) -> TurnoClockForm:
    """This turno's minutes; the box's placeholder shows the tournament's usual ones."""
    form = TurnoClockForm(data, initial={"minutes": turno_obj.clock_minutes})
    form.fields["minutes"].widget.attrs["placeholder"] = tournament.turno_minutes or ""
    return form


def _dismiss_form(anomaly) -> DismissForm:
    auto_id = _auto_id(anomaly.table.number, anomaly.code)
    return DismissForm(initial={"code": anomaly.code}, auto_id=auto_id)


def _auto_id(table: int, code: str) -> str:
    """Each anomaly's form has boxes of its own ids on the page (only the code's letters: the
    code comes from the post, and a ``%`` would break the id's pattern)."""
    return f"anomaly-{table}-{re.sub(r'[^A-Za-z0-9_]', '', code)}-%s"


@director_view
def turno_results(request: HttpRequest, tournament: Tournament, turno: int) -> HttpResponse:
    """Which tables of a turno have a result, which are missing, which were corrected; what
    looks wrong in them; the turno's time."""
    turno_obj, refusal = turno_or_refusal(request, tournament, turno)
    if refusal:
        return refusal
    return _results_page(request, tournament, turno_obj)


@require_POST
@director_view
def anomaly_dismiss(
    request: HttpRequest, tournament: Tournament, turno: int, table: int
) -> HttpResponse:
    turno_obj, refusal = turno_or_refusal(request, tournament, turno)
    if refusal:
        return refusal
    table_obj = get_object_or_404(Table, turno=turno_obj, number=table)
    code = str(request.POST.get("code", ""))[:40]
    form = DismissForm(request.POST, auto_id=_auto_id(table, code))
    if form.is_valid():
        try:
            anomaly_services.anomaly_dismiss(
                table=table_obj, user=request.user, **form.cleaned_data
            )
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            messages.success(
                request, _("Anomaly of table %(table)s dismissed.") % {"table": table_obj.label}
            )
        return redirect("manage:turno_results", tournament.slug, turno)
    return _results_page(request, tournament, turno_obj, dismiss_forms={(table, code): form})


@require_POST
@director_view
def clock_start(request: HttpRequest, tournament: Tournament, turno: int) -> HttpResponse:
    turno_obj, refusal = turno_or_refusal(request, tournament, turno)
    if refusal:
        return refusal
    run_for_button(
        request,
        lambda: clock_services.turno_clock_start(turno=turno_obj, user=request.user),
        _("The time of turno %(turno)s is running.") % {"turno": turno},
    )
    return redirect("manage:turno_results", tournament.slug, turno)


@require_POST
@director_view
def clock_reset(request: HttpRequest, tournament: Tournament, turno: int) -> HttpResponse:
    turno_obj, refusal = turno_or_refusal(request, tournament, turno)
    if refusal:
        return refusal
    run_for_button(
        request,
        lambda: clock_services.turno_clock_reset(turno=turno_obj, user=request.user),
        _("The time of turno %(turno)s was stopped and reset.") % {"turno": turno},
    )
    return redirect("manage:turno_results", tournament.slug, turno)


@require_POST
@director_view
def clock_turno_minutes(request: HttpRequest, tournament: Tournament, turno: int) -> HttpResponse:
    """How long this one turno lasts (empty: the tournament's usual time)."""
    turno_obj, refusal = turno_or_refusal(request, tournament, turno)
    if refusal:
        return refusal
    form = _turno_clock_form(tournament, turno_obj, request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(e for errors in form.errors.values() for e in errors))
    else:
        minutes = form.cleaned_data["minutes"]
        lasts = minutes or tournament.turno_minutes
        said = _("Turno %(turno)s lasts %(minutes)s minutes.") % {"turno": turno, "minutes": lasts}
        run_for_button(
            request,
            lambda: clock_services.turno_clock_minutes_set(
                turno=turno_obj, user=request.user, minutes=minutes
            ),
            said if lasts else _("Turno %(turno)s has no time set.") % {"turno": turno},
        )
    return redirect("manage:turno_results", tournament.slug, turno)


@director_view
def clock_settings(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """How long a turno lasts and when the "last smazzata" warning comes."""
    initial = {
        "turno_minutes": tournament.turno_minutes,
        "last_smazzata_minutes": tournament.last_smazzata_minutes,
    }
    form = ClockSettingsForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            clock_services.tournament_clock_set(
                tournament=tournament, user=request.user, **form.cleaned_data
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("Turno time saved."))
            back = request.POST.get("turno", "")
            if back.isdecimal() and tournament.turni.filter(number=int(back)).exists():
                return redirect("manage:turno_results", tournament.slug, int(back))
            return redirect("manage:clock_settings", tournament.slug)
    return render(
        request,
        "manage/clock_settings.html",
        {"tournament": tournament, "section": "turni", "form": form},
    )


_TURNO = "t/<slug:slug>/gestione/turni/<int:turno>/"

urlpatterns = [
    path(_TURNO + "risultati/", turno_results, name="turno_results"),
    path(
        _TURNO + "tavoli/<int:table>/anomalie/",
        anomaly_dismiss,
        name="anomaly_dismiss",
    ),
    path(_TURNO + "tempo/avvia/", clock_start, name="clock_start"),
    path(_TURNO + "tempo/azzera/", clock_reset, name="clock_reset"),
    path(_TURNO + "tempo/durata/", clock_turno_minutes, name="clock_turno_minutes"),
    path("t/<slug:slug>/gestione/tempo/", clock_settings, name="clock_settings"),
]
