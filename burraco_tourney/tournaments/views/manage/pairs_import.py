"""Director pages: a list of entrants pasted or uploaded, for every kind (pairs, players).

A list sent from its own page is shown as a preview first; nothing is stored until the director
confirms (an uploaded file's rows come back in a signed payload). A list sent from the entrants
page itself is saved at once when it has no error nor warning, and otherwise opens the same
preview. The kind hands out the names per entrant the list is read with
(``fmt.entrants.words``); one service saves it (``services.pairs.entrants_import``).
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path

from ...access import director_view
from ...forms.pairs import PairFileForm, PairImportConfirmForm, PairPasteForm, rows_sign
from ...models import Entrant, Tournament
from ...pair_import import ImportRow, rows_have_errors
from ...services import pairs as services
from .entrants_common import (
    add_errors,
    late_choice,
    late_context,
    late_form_for,
    page_context,
    words_of,
)
from .pair_tables import PairPreviewTable


def _preview_context(
    tournament: Tournament, rows: list[ImportRow], *, save_tried: bool = False
) -> dict:
    words = words_of(tournament)
    rows = services.entrants_import_check(tournament=tournament, rows=rows)
    has_errors = rows_have_errors(rows)
    return {
        # Whom each name will be in the registry; a near match asks the director.
        "people": [] if has_errors else services.import_people(rows),
        "rows": rows,
        "preview_table": PairPreviewTable(rows, words=words),
        "has_errors": has_errors,
        "save_tried": save_tried,
        "error_rows": [row for row in rows if row.errors],
        "warning_rows": [row for row in rows if row.warnings],
        "will_add": words.will_add % {"count": len(rows)},
        "save_label": words.save_rows % {"count": len(rows)},
        # Saved without ticking the box that accepts the warnings: say so next to it.
        "accept_missing": save_tried and not has_errors,
    }


def _accepts_warnings(request: HttpRequest) -> bool:
    return request.POST.get("accept_warnings") == "on"


def _people_confirmed(request: HttpRequest) -> dict[tuple[int, int], int]:
    """The near matches the director confirmed on the preview: ``person-<line>-<place>``, the
    place of the name in its line from 1 (a pair's 1 or 2, a team's 1 to 8)."""
    confirmed = {}
    for key, value in request.POST.items():
        prefix, _sep, rest = key.partition("-")
        line, _sep, position = rest.partition("-")
        if prefix == "person" and line.isdecimal() and position.isdecimal() and value.isdecimal():
            confirmed[int(line), int(position)] = int(value)
    return confirmed


def _asks_about_people(rows: list[ImportRow]) -> bool:
    """Whether a list saved at once from the entrants page must show its preview first: a name
    near one of the registry's is the director's to confirm, never decided silently."""
    return any(found.near for _row, _place, found in services.import_people(rows))


def _imported(request: HttpRequest, tournament: Tournament, added: list[Entrant]) -> HttpResponse:
    messages.success(request, words_of(tournament).imported % {"count": len(added)})
    return redirect(tournament.pages.entrants)


def _paste(
    request: HttpRequest, tournament: Tournament, *, saving: bool, at_once: bool = False
) -> HttpResponse:
    words = words_of(tournament)
    form = PairPasteForm(request.POST or None, words=words, reader=tournament.fmt.entrants)
    late_form = late_form_for(tournament, request.POST if saving else None)
    context = page_context(tournament, paste_form=form, **late_context(tournament, late_form))
    if request.method == "POST" and form.is_valid():
        late_refused = saving and late_form is not None and not late_form.is_valid()
        if late_refused or (at_once and _asks_about_people(form.rows)):
            context.update(_preview_context(tournament, form.rows))
        elif saving:
            try:
                added = services.entrants_import(
                    tournament=tournament,
                    user=request.user,
                    rows=form.rows,
                    source="",  # a pasted list: the change log says so in words
                    accept_warnings=_accepts_warnings(request),
                    missed=late_choice(late_form),
                    people=_people_confirmed(request),
                )
            except services.ImportRejected as rejected:
                context.update(_preview_context(tournament, rejected.rows, save_tried=True))
            except ValidationError as err:
                add_errors(err, form, late_form)
                context.update(_preview_context(tournament, form.rows))
            else:
                return _imported(request, tournament, added)
        else:
            context.update(_preview_context(tournament, form.rows))
    return render(request, "manage/pairs_paste.html", context)


@director_view
def pairs_paste(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """A pasted list: preview it, then save it (its text comes back in a hidden field)."""
    return _paste(request, tournament, saving=request.POST.get("action") == "save")


def _file_preview(request: HttpRequest, tournament: Tournament, *, save: bool) -> HttpResponse:
    """An uploaded file read: its preview with a signed payload to confirm it; with ``save``,
    saved at once when nothing needs the director's eye."""
    words = words_of(tournament)
    form = PairFileForm(request.POST, request.FILES, words=words, reader=tournament.fmt.entrants)
    late_form = late_form_for(tournament)  # asked on the preview, before its confirmation
    context = page_context(tournament, file_form=form, **late_context(tournament, late_form))
    if form.is_valid():
        name = form.cleaned_data["file"].name
        if save and not _asks_about_people(form.rows):
            try:
                added = services.entrants_import(
                    tournament=tournament, user=request.user, rows=form.rows, source=name
                )
            except (services.ImportRejected, ValidationError):
                context.update(_preview_context(tournament, form.rows, save_tried=True))
            else:
                return _imported(request, tournament, added)
        else:
            context.update(_preview_context(tournament, form.rows))
        context["file_name"] = name
        if not context["has_errors"]:
            context["payload"] = rows_sign(form.rows, tournament_id=tournament.pk, source=name)
    return render(request, "manage/pairs_import.html", context)


@director_view
def pairs_import(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """An uploaded .xlsx or .csv file: preview its rows, then save them from a signed payload."""
    confirming = request.method == "POST" and "payload" in request.POST
    if request.method == "POST" and not confirming:
        return _file_preview(request, tournament, save=False)
    late_form = late_form_for(tournament, request.POST if confirming else None)
    context = page_context(
        tournament,
        file_form=PairFileForm(words=words_of(tournament)),
        **late_context(tournament, late_form),
    )
    if confirming:
        confirm = PairImportConfirmForm(request.POST, tournament_id=tournament.pk)
        if confirm.is_valid():
            try:
                if late_form is not None and not late_form.is_valid():
                    raise services.ImportRejected(confirm.rows)
                added = services.entrants_import(
                    tournament=tournament,
                    user=request.user,
                    rows=confirm.rows,
                    source=confirm.source,
                    accept_warnings=_accepts_warnings(request),
                    missed=late_choice(late_form),
                    people=_people_confirmed(request),
                )
            except (services.ImportRejected, ValidationError) as refused:
                rows = getattr(refused, "rows", confirm.rows)
                if isinstance(refused, ValidationError):
                    add_errors(refused, confirm, late_form)
                tried = late_form is None or not late_form.errors
                context.update(_preview_context(tournament, rows, save_tried=tried))
                if not context["has_errors"]:
                    context["payload"] = request.POST["payload"]
                    context["file_name"] = confirm.source
            else:
                return _imported(request, tournament, added)
        else:
            context["confirm_errors"] = confirm.errors["payload"]
    return render(request, "manage/pairs_import.html", context)


def list_save_at_once(request: HttpRequest, tournament: Tournament, action: str) -> HttpResponse:
    """A list sent from the entrants page ("paste" or "file"): saved at once when it has no
    error nor warning; otherwise its preview, where the director corrects or confirms it."""
    if action == "paste":
        return _paste(request, tournament, saving=True, at_once=True)
    return _file_preview(request, tournament, save=True)


urlpatterns = [
    path("t/<slug:slug>/gestione/coppie/incolla/", pairs_paste, name="pairs_paste"),
    path("t/<slug:slug>/gestione/coppie/importa/", pairs_import, name="pairs_import"),
]
