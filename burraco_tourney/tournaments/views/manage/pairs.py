"""Director pages: the pairs of a tournament — list, add, edit, withdraw, paste, import, draw.

Thin views: parse the request with a form, call one service, render or redirect. Lists of pairs
pasted or uploaded are shown as a preview first; nothing is stored until the director confirms.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django_tables2 import RequestConfig

from burraco_tourney.core.submissions import Submission
from burraco_tourney.rules.errors import RuleError

from ...access import director_view
from ...forms.pairs import (
    LatePairForm,
    NumberDrawForm,
    PairFileForm,
    PairForm,
    PairImportConfirmForm,
    PairPasteForm,
    PairStatusForm,
    rows_sign,
)
from ...models import Entrant, Tournament
from ...pair_import import ImportRow, rows_have_errors
from ...results_bridge import tournament_bye_value
from ...selectors.people import people_of_entrants
from ...services import entrants
from ...services import pairs as services
from ...services.late_pairs import MissedChoice, late_join_turno
from .pair_tables import DirectorPairTable, PairPreviewTable


def _pair(tournament: Tournament, number: int) -> Entrant:
    return get_object_or_404(Entrant, tournament=tournament, number=number)


def _late_form(tournament: Tournament, data=None) -> LatePairForm | None:
    """The question a pair added after a published turno brings; None before any."""
    joined = late_join_turno(tournament=tournament)
    if joined is None:
        return None
    try:
        bye = tournament_bye_value(tournament)
    except RuleError:
        bye = None
    return LatePairForm(data, joined_turno=joined, bye=bye)


def _late_choice(late_form: LatePairForm | None) -> MissedChoice | None:
    return late_form.choice() if late_form is not None else None


def _add_errors(err: ValidationError, form, late_form: LatePairForm | None) -> None:
    """A service's refusal next to its box, in whichever of the two forms has it."""
    if not hasattr(err, "error_dict"):
        form.add_error(None, err)
        return
    for field, errors in err.error_dict.items():
        target = late_form if late_form is not None and field in late_form.fields else form
        target.add_error(field if field in target.fields else None, errors)


def _late_context(tournament: Tournament, late_form: LatePairForm | None) -> dict:
    draft = tournament.turni.filter(published=False).order_by("-number").first()
    return {"late_form": late_form, "draft_turno": draft}


def _pairs_page(request: HttpRequest, tournament: Tournament, **forms) -> HttpResponse:
    pairs = services.pairs_for_director(tournament=tournament)
    table = DirectorPairTable(pairs, slug=tournament.slug)
    RequestConfig(request, paginate=False).configure(table)
    context = {
        "tournament": tournament,
        "section": "pairs",
        "table": table,
        "pair_count": len(pairs),
        "withdrawn_count": sum(p.withdrawn for p in pairs),
        "add_form": PairForm(
            number_required=False,
            initial={"number": entrants.entrant_next_number(tournament=tournament)},
        ),
        "paste_form": PairPasteForm(),
        "file_form": PairFileForm(),
        "draw": services.number_draw_latest(tournament=tournament),
        "focus_add": bool(request.GET.get("nuova")),
        **_late_context(tournament, _late_form(tournament)),
    }
    context.update(forms)
    if context["focus_add"]:  # after adding a pair, ready to type the next one
        context["add_form"].fields["player1"].widget.attrs["autofocus"] = True
    return render(request, "manage/pairs.html", context)


@director_view
def pairs(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    if tournament.fmt.director_entrants_url != "manage:pairs":  # e.g. players
        return redirect(tournament.fmt.director_entrants_url, tournament.slug)
    if request.method != "POST":
        return _pairs_page(request, tournament)
    form = PairForm(request.POST, number_required=False)
    late_form = _late_form(tournament, request.POST)
    if form.is_valid() and (late_form is None or late_form.is_valid()):
        next_pair = reverse("manage:pairs", args=[tournament.slug]) + "?nuova=1"
        submission = Submission(request, "pair_create")
        if submission.is_repeat():  # a double click on "add pair"
            return submission.repeat_response(fallback=next_pair)
        try:
            pair = entrants.entrant_create(
                tournament=tournament,
                user=request.user,
                missed=_late_choice(late_form),
                **form.cleaned_data,
            )
        except ValidationError as err:
            submission.forget()  # refused: the same form may be sent again at once
            _add_errors(err, form, late_form)
        except Exception:
            submission.forget()
            raise
        else:
            submission.done(next_pair)
            messages.success(request, _("Pair %(pair)s added.") % {"pair": pair})
            return redirect(next_pair)
    return _pairs_page(request, tournament, add_form=form, late_form=late_form, focus_add=True)


@director_view
def pair_edit(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    pair = _pair(tournament, number)
    initial = {f: getattr(pair, f) for f in ("number", "player1", "player2", "club")}
    form = PairForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            entrants.entrant_update(entrant=pair, user=request.user, **form.cleaned_data)
        except ValidationError as err:
            form.add_error(None, err)
        else:
            messages.success(request, _("Pair %(pair)s saved.") % {"pair": pair})
            return redirect("manage:pairs", tournament.slug)
    context = {
        "tournament": tournament,
        "section": "pairs",
        "pair": pair,
        "form": form,
        "played": entrants.entrant_has_played(pair),
        "people": people_of_entrants([pair]).get(pair.pk, []),
    }
    return render(request, "manage/pairs_edit.html", context)


STATUS_ACTIONS = {
    "withdraw": (gettext_lazy("Withdraw pair %(pair)s"), gettext_lazy("Withdraw the pair")),
    "reinstate": (gettext_lazy("Reinstate pair %(pair)s"), gettext_lazy("Reinstate the pair")),
    "delete": (gettext_lazy("Delete pair %(pair)s"), gettext_lazy("Delete the pair")),
}


@director_view
def pair_status(
    request: HttpRequest, tournament: Tournament, number: int, action: str
) -> HttpResponse:
    """Withdraw, reinstate or delete a pair: a confirmation page, then the change on POST."""
    pair = _pair(tournament, number)
    if action != "delete" and pair.withdrawn == (action == "withdraw"):
        return redirect("manage:pair_edit", tournament.slug, pair.number)  # nothing to change
    form = PairStatusForm(request.POST or None)
    played = entrants.entrant_has_played(pair)
    if request.method == "POST" and form.is_valid():
        reason = form.cleaned_data["reason"]
        try:
            if action == "delete":
                entrants.entrant_delete(entrant=pair, user=request.user, reason=reason)
                done = _("Pair %(pair)s deleted.")
            else:
                withdrawn = action == "withdraw"
                entrants.entrant_set_withdrawn(
                    entrant=pair, user=request.user, withdrawn=withdrawn, reason=reason
                )
                done = (
                    _("Pair %(pair)s withdrawn.") if withdrawn else _("Pair %(pair)s reinstated.")
                )
        except ValidationError as err:
            form.add_error(None, err)
        else:
            messages.success(request, done % {"pair": pair})
            return redirect("manage:pairs", tournament.slug)
    title, button = STATUS_ACTIONS[action]
    context = {
        "tournament": tournament,
        "section": "pairs",
        "pair": pair,
        "form": form,
        "action": action,
        "title": title % {"pair": pair},
        "button": button,
        "played": played,
    }
    return render(request, "manage/pairs_confirm.html", context)


def _preview_context(
    tournament: Tournament, rows: list[ImportRow], *, save_tried: bool = False
) -> dict:
    rows = services.pairs_import_check(tournament=tournament, rows=rows)
    has_errors = rows_have_errors(rows)
    return {
        "people": [] if has_errors else services.pairs_import_people(rows),
        "rows": rows,
        "preview_table": PairPreviewTable(rows),
        "has_errors": has_errors,
        "error_rows": [row for row in rows if row.errors],
        "warning_rows": [row for row in rows if row.warnings],
        # Saved without ticking the box that accepts the warnings: say so next to it.
        "accept_missing": save_tried and not has_errors,
    }


def _accepts_warnings(request: HttpRequest) -> bool:
    return request.POST.get("accept_warnings") == "on"


def _people_confirmed(request: HttpRequest) -> dict[tuple[int, int], int]:
    """The near matches the director confirmed on the preview: ``person-<line>-<1|2>``."""
    confirmed = {}
    for key, value in request.POST.items():
        prefix, _sep, rest = key.partition("-")
        line, _sep, position = rest.partition("-")
        if prefix == "person" and line.isdigit() and position in ("1", "2") and value.isdigit():
            confirmed[int(line), int(position)] = int(value)
    return confirmed


def _imported(request: HttpRequest, tournament: Tournament, pairs: list[Entrant]) -> HttpResponse:
    count = len(pairs)
    messages.success(
        request,
        ngettext("%(count)s pair added.", "%(count)s pairs added.", count) % {"count": count},
    )
    return redirect("manage:pairs", tournament.slug)


@director_view
def pairs_paste(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """A pasted list: preview it, then save it (its text comes back in a hidden field)."""
    form = PairPasteForm(request.POST or None)
    saving = request.POST.get("action") == "save"
    late_form = _late_form(tournament, request.POST if saving else None)
    context = {
        "tournament": tournament,
        "section": "pairs",
        "paste_form": form,
        **_late_context(tournament, late_form),
    }
    if request.method == "POST" and form.is_valid():
        if saving and late_form is not None and not late_form.is_valid():
            context.update(_preview_context(tournament, form.rows))
        elif saving:
            try:
                pairs = services.pairs_import(
                    tournament=tournament,
                    user=request.user,
                    rows=form.rows,
                    source="",  # a pasted list: the change log says so in words
                    accept_warnings=_accepts_warnings(request),
                    missed=_late_choice(late_form),
                    people=_people_confirmed(request),
                )
            except services.PairImportRejected as rejected:
                context.update(_preview_context(tournament, rejected.rows, save_tried=True))
            except ValidationError as err:
                _add_errors(err, form, late_form)
                context.update(_preview_context(tournament, form.rows))
            else:
                return _imported(request, tournament, pairs)
        else:
            context.update(_preview_context(tournament, form.rows))
    return render(request, "manage/pairs_paste.html", context)


@director_view
def pairs_import(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """An uploaded .xlsx or .csv file: preview its rows, then save them from a signed payload."""
    confirming = request.method == "POST" and "payload" in request.POST
    late_form = _late_form(tournament, request.POST if confirming else None)
    context = {
        "tournament": tournament,
        "section": "pairs",
        "file_form": PairFileForm(),
        **_late_context(tournament, late_form),
    }
    if confirming:
        confirm = PairImportConfirmForm(request.POST, tournament_id=tournament.pk)
        if confirm.is_valid():
            try:
                if late_form is not None and not late_form.is_valid():
                    raise services.PairImportRejected(confirm.rows)
                pairs = services.pairs_import(
                    tournament=tournament,
                    user=request.user,
                    rows=confirm.rows,
                    source=confirm.source,
                    accept_warnings=_accepts_warnings(request),
                    missed=_late_choice(late_form),
                    people=_people_confirmed(request),
                )
            except (services.PairImportRejected, ValidationError) as refused:
                rows = getattr(refused, "rows", confirm.rows)
                if isinstance(refused, ValidationError):
                    _add_errors(refused, confirm, late_form)
                tried = late_form is None or not late_form.errors
                context.update(_preview_context(tournament, rows, save_tried=tried))
                if not context["has_errors"]:
                    context["payload"] = request.POST["payload"]
                    context["file_name"] = confirm.source
            else:
                return _imported(request, tournament, pairs)
        else:
            context["confirm_errors"] = confirm.errors["payload"]
    elif request.method == "POST":
        form = PairFileForm(request.POST, request.FILES)
        context["file_form"] = form
        if form.is_valid():
            context.update(_preview_context(tournament, form.rows))
            context["file_name"] = form.cleaned_data["file"].name
            if not context["has_errors"]:
                context["payload"] = rows_sign(
                    form.rows, tournament_id=tournament.pk, source=context["file_name"]
                )
    return render(request, "manage/pairs_import.html", context)


@director_view
def pairs_number_draw(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The random draw of the pair numbers, its seed and the order it gave."""
    form = NumberDrawForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            entrants.entrant_numbers_draw(
                tournament=tournament, user=request.user, seed=form.cleaned_data["seed"]
            )
        except ValidationError as err:
            form.add_error(None, err)
        else:
            messages.success(request, _("The pair numbers have been drawn."))
            return redirect("manage:pairs_number_draw", tournament.slug)
    context = {
        "tournament": tournament,
        "section": "pairs",
        "form": form,
        "draw": services.number_draw_latest(tournament=tournament),
        "turni_exist": tournament.turni.exists(),
        "pair_count": tournament.entrants.count(),
    }
    return render(request, "manage/pairs_draw.html", context)


urlpatterns = [
    path("t/<slug:slug>/gestione/coppie/", pairs, name="pairs"),
    path("t/<slug:slug>/gestione/coppie/<int:number>/", pair_edit, name="pair_edit"),
    path(
        "t/<slug:slug>/gestione/coppie/<int:number>/ritiro/",
        pair_status,
        {"action": "withdraw"},
        name="pair_withdraw",
    ),
    path(
        "t/<slug:slug>/gestione/coppie/<int:number>/riammissione/",
        pair_status,
        {"action": "reinstate"},
        name="pair_reinstate",
    ),
    path(
        "t/<slug:slug>/gestione/coppie/<int:number>/eliminazione/",
        pair_status,
        {"action": "delete"},
        name="pair_delete",
    ),
    path("t/<slug:slug>/gestione/coppie/incolla/", pairs_paste, name="pairs_paste"),
    path("t/<slug:slug>/gestione/coppie/importa/", pairs_import, name="pairs_import"),
    path(
        "t/<slug:slug>/gestione/coppie/sorteggio-numeri/",
        pairs_number_draw,
        name="pairs_number_draw",
    ),
]
