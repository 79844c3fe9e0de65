"""The players' phone pages of one table: no login, no app; the table's secret link is the key.

The page names the tournament, the turno, the table and both pairs; the phone says which line
it is (NS or EO), then enters the smazzate in the SAME scorecard form the director uses
(``views.manage.scores.result_form``), with the live totals from the same preview
(``selectors.score_preview``); the other line confirms or enters its own. Writes go through
``services.player_entries`` only. Wrong tokens and a valid link's posts are counted
(``table_side_limits``), never a valid link's page or its polls; a closed turno, an accepted
table or a revoked link shows why nothing can be entered. The pages are never stored by a
browser or a proxy (``core.middleware``): their address is the table's key.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from burraco_tourney.core.rule_messages import LINE_LABELS, rule_error_message
from burraco_tourney.rules.errors import RuleError
from burraco_tourney.rules.submission_data import data_smazzate

from ..forms.scorecard import ScorecardForm
from ..models import EntryMode, TableAccess
from ..photos import photo_limit_refusal, scorecard_photo
from ..results_bridge import tournament_ruleset
from ..selectors import player_entries as selectors
from ..selectors import score_preview
from ..selectors.team_matches import seated_names
from ..services import player_entries as services
from ..services.scores import ScorecardInvalid
from ..table_side_limits import guessing, posting_too_often, record_miss
from .manage import score_live
from .manage.scores import result_form

SESSION_LINES = "table_lines"
# How often a phone asks for its table's state (htmx, table_side/status.html).
STATUS_POLL_SECONDS = 4
SESSION_PHONE = "phone_name"


class TooMany(Exception):
    pass


class UnknownLink(Http404):
    """No table has this link (mistyped, or from a tournament deleted since)."""


def _access(request: HttpRequest, token: str) -> TableAccess:
    """The link of ``token``; 404 for an unknown one (counted), 429 when this address guesses
    or posts with one link more than a phone can."""
    access = selectors.live_access(token=token)
    if access is None:
        too_many = guessing(request)
        record_miss(request)
        if too_many:
            raise TooMany
        raise UnknownLink
    if request.method == "POST" and posting_too_often(request, token):
        raise TooMany
    return access


def _too_many(request: HttpRequest) -> HttpResponse:
    return render(request, "table_side/too_many.html", status=429)


def _phone(request: HttpRequest) -> str:
    if SESSION_PHONE not in request.session:
        request.session[SESSION_PHONE] = services.new_phone_name()
    return request.session[SESSION_PHONE]


def _chosen(request: HttpRequest, access: TableAccess) -> str | None:
    """The line this phone chose at this table, whether it still holds it or not."""
    return request.session.get(SESSION_LINES, {}).get(str(access.pk))


def _line(request: HttpRequest, access: TableAccess) -> str | None:
    """The line this phone holds at this table: the one it chose, unless the director freed it
    (or another phone holds it since)."""
    line = _chosen(request, access)
    if line is None:
        return None
    entry = selectors.table_entries(table=access.table).get(line)
    phone = request.session.get(SESSION_PHONE)
    return line if entry is not None and phone and entry.holder == phone else None


def _form(access: TableAccess, line: str, entries, data=None, saving=False) -> ScorecardForm:
    """The director's scorecard form for this table; unbound, it shows this line's draft, or
    else the other line's (to confirm), with the draft's version. ``saving``: bound for a save
    (``result_form``)."""
    table = access.table
    tournament = table.turno.tournament
    own = entries.get(line)
    other = entries.get(services.OTHER[line])
    source = own if own is not None and own.entered else other
    rows = None
    if data is None and source is not None and source.entered:
        rows = max(len(source.smazzate), tournament.smazzate_per_turno)
    form = result_form(tournament, table, EntryMode.SMAZZATE, data, rows=rows, saving=saving)
    assert isinstance(form, ScorecardForm)
    form.empty_message = _("Enter smazzata 1.")
    form.fields["version"].initial = own.version if own is not None else 0
    if data is None and source is not None and source.entered:
        kinds = tournament_ruleset(tournament).entry_kinds
        form.initial.update(selectors.entry_initial(source.smazzate, kinds))
        form.initial["ended_early"] = source.ended_early
    if data is None:
        # A phone's page as opened: no box takes the cursor (a phone brings its keyboard up over
        # the page, after every call or reload); after a refused save the form's own mark stays.
        for field in form.fields.values():
            field.widget.attrs.pop("autofocus", None)
    return form


def _state(table, entries) -> tuple:
    """The table's state and, when its two lines disagree, the boxes they entered differently."""
    state = selectors.table_state(table, entries)
    differences = []
    if state == selectors.TableState.DISPUTED:
        kinds = tournament_ruleset(table.turno.tournament).entry_kinds
        differences = selectors.entry_differences(
            entries["ns"].smazzate, entries["eo"].smazzate, kinds
        )
    return state, differences


def _context(request, access: TableAccess, line: str | None, form=None) -> dict:
    table = access.table
    tournament = table.turno.tournament
    entries = selectors.table_entries(table=table)
    state, differences = _state(table, entries)
    kinds = tournament_ruleset(tournament).entry_kinds
    refusal = services.access_refusal(access)
    context = {
        "access": access,
        "tournament": tournament,
        "turno": table.turno,
        "table": table,
        # A team table: the line-up's two players of each line, under the team's name.
        "seated": seated_names(table),
        "line": line,
        "line_label": LINE_LABELS.get(line or "", ""),
        "state": state,
        "state_label": selectors.STATE_LABELS[state],
        "status_poll_seconds": STATUS_POLL_SECONDS,
        "differences": differences,
        "refusal": refusal.messages[0] if refusal else "",
        # Nothing can be entered at this link any more (not only not now): the same as the poll.
        "closed": services.access_closure(access) is not None,
        "revoked": refusal is not None and refusal.code == "revoked",
        "own": entries.get(line) if line else None,
        "other": entries.get(services.OTHER[line]) if line else None,
        "token": access.token,
        # The lines another phone holds: this phone cannot choose them.
        "held": {
            other: bool(e.holder) and e.holder != request.session.get(SESSION_PHONE)
            for other, e in entries.items()
        },
        # The table's calls for the referee not cleared yet: reloading the page still shows them.
        "calls": selectors.open_problems(table=table),
        # The line this phone chose and no longer holds (the director freed it).
        "lost_line": LINE_LABELS.get(_chosen(request, access) or "", "") if not line else "",
    }
    if line and refusal is None:
        form = form or _form(access, line, entries)
        own, other = context["own"], context["other"]
        draft = own if own is not None and own.entered else other
        figures = _figures(access, form, draft if draft is not None and draft.entered else None)
        context.update(
            form=form,
            mode=EntryMode.SMAZZATE,
            kinds=kinds,
            scorecard=form.scorecard(totals=figures.totals),
            preview_url=reverse("table:preview", args=[access.token]),
            **score_live.live_context(form, figures),
        )
    return context


def _figures(access: TableAccess, form: ScorecardForm, draft) -> score_preview.TablePreview:
    """The totals beside the boxes: of the form as posted, or of the draft it shows."""
    tournament = access.table.turno.tournament
    if form.is_bound:
        return score_preview.table_preview(tournament=tournament, table=access.table, form=form)
    smazzate = data_smazzate(draft.smazzate) if draft is not None else []
    return score_preview.draft_figures(tournament=tournament, table=access.table, smazzate=smazzate)


def table_page(request: HttpRequest, token: str) -> HttpResponse:
    """The table's page: choose a line, then enter, confirm or fix the scorecard."""
    try:
        access = _access(request, token)
    except TooMany:
        return _too_many(request)
    except UnknownLink:
        # The page a scanned code opens: said in the players' words, not the site's 404.
        return render(request, "table_side/unknown.html", status=404)
    line = _line(request, access)
    form = None
    if request.method == "POST":
        if line is None:
            return redirect("table:page", token)
        entries = selectors.table_entries(table=access.table)
        form = _form(access, line, entries, request.POST, saving=True)
        if form.is_valid() and _save(request, access, line, form):
            return redirect("table:page", token)
    context = _context(request, access, line, form)
    status = 409 if form is not None and _stale(form) else 200
    return render(request, "table_side/page.html", context, status=status)


def _stale(form: ScorecardForm) -> bool:
    return any(e.code == "stale" for e in form.non_field_errors().as_data())


def _save(request: HttpRequest, access: TableAccess, line: str, form: ScorecardForm) -> bool:
    try:
        saved = services.player_entry_save(
            access=access,
            line=line,
            session=_phone(request),
            smazzate=form.smazzate,
            version=form.cleaned_data["version"],
            ended_early=bool(form.ended_early_note),
            client_id=_client_id(request),
        )
    except ScorecardInvalid as refusal:
        for number, error in refusal.errors:
            form.add_rule_error(number, error)
        return False
    except ValidationError as error:
        form.add_service_error(error)
        return False
    except RuleError as error:
        form.add_error(None, rule_error_message(error))
        return False
    if saved.resent:
        messages.info(request, _("This scorecard had already arrived: it is saved once."))
    elif saved.accepted is not None:
        messages.success(request, _("Both lines agree: the table is accepted."))
    elif saved.agreed:
        messages.success(request, _("Both lines agree: the referee will accept the table."))
    elif saved.disputed:
        messages.warning(
            request,
            _(
                "Saved, but the other line entered something else: compare the two scorecards "
                "at the table; if you still disagree, the referee decides."
            ),
        )
    else:
        messages.success(request, _("Saved: now the other line checks it on its phone."))
    return True


def _client_id(request: HttpRequest) -> str:
    """The id the phone's page made for this save or call (static/js/table_offline.js,
    table_problem.js), if any."""
    value = request.POST.get("client_id", "")
    return value if 8 <= len(value) <= 40 and value.replace("-", "").isalnum() else ""


@require_POST
def choose_line(request: HttpRequest, token: str) -> HttpResponse:
    """The phone says which line it is (NS or EO)."""
    try:
        access = _access(request, token)
    except TooMany:
        return _too_many(request)
    line = request.POST.get("line", "")
    if line not in services.OTHER:
        return HttpResponseBadRequest()
    try:
        services.player_line_choose(access=access, line=line, session=_phone(request))
    except ValidationError as error:
        messages.error(request, error.messages[0])
        return redirect("table:page", token)
    lines = dict(request.session.get(SESSION_LINES, {}))
    lines[str(access.pk)] = line
    request.session[SESSION_LINES] = lines
    return redirect("table:page", token)


@require_POST
def table_preview(request: HttpRequest, token: str) -> HttpResponse:
    """The live totals and refusals of the form as typed (the director's preview fragment)."""
    try:
        access = _access(request, token)
    except TooMany:
        return _too_many(request)
    line = _line(request, access)
    if line is None or services.access_refusal(access) is not None:
        return HttpResponseBadRequest()
    form = _form(access, line, {}, request.POST)
    tournament = access.table.turno.tournament
    figures = score_preview.table_preview(tournament=tournament, table=access.table, form=form)
    context = {
        "tournament": tournament,
        "table": access.table,
        "form": form,
        "mode": EntryMode.SMAZZATE,
        "kinds": tournament_ruleset(tournament).entry_kinds,
        "scorecard": form.scorecard(totals=figures.totals),
        **score_live.live_context(form, figures),
    }
    context["field_errors"] = list(context["box_errors"].items())
    return render(request, "manage/score_preview.html", context)


def table_status(request: HttpRequest, token: str) -> HttpResponse:
    """The table's state and the differences, polled by the page (htmx)."""
    try:
        access = _access(request, token)
    except TooMany:
        return _too_many(request)
    # Only what the poll shows: every phone asks every few seconds, the page's form is not in it.
    state, differences = _state(access.table, selectors.table_entries(table=access.table))
    closed = services.access_closure(access) is not None
    context = {
        "token": access.token,
        "state": state,
        "state_label": selectors.STATE_LABELS[state],
        "differences": differences,
        "status_poll_seconds": STATUS_POLL_SECONDS,
        "closed": closed,
    }
    response = render(request, "table_side/status.html", context)
    if closed and request.GET.get(OPEN_PAGE) == "1":
        # A page shown while the link was open: opened again (htmx follows this header with a
        # plain GET, never resending a form the page answered), it says why nothing can be
        # entered now and offers no scorecard.
        response["HX-Redirect"] = reverse("table:page", args=[access.token])
    return response


# The status poll of a page shown while its link was open (``table_side/status.html``).
OPEN_PAGE = "aperto"


@require_POST
def table_photo(request: HttpRequest, token: str) -> HttpResponse:
    """A photo of the paper scorecard, kept with the table for the director."""
    try:
        access = _access(request, token)
    except TooMany:
        return _too_many(request)
    line = _line(request, access)
    upload = request.FILES.get("photo")
    if line is None or upload is None:
        messages.error(request, _("Choose a photo of the scorecard first."))
        return redirect("table:page", token)
    refusal = photo_limit_refusal(access.table)
    if refusal is not None:
        messages.error(request, refusal.messages[0])
        return redirect("table:page", token)
    try:
        photo = scorecard_photo(upload)
        services.player_photo_attach(access=access, line=line, session=_phone(request), photo=photo)
    except ValidationError as error:
        messages.error(request, error.messages[0])
    else:
        messages.success(request, _("Photo saved: the referee can see it."))
    return redirect("table:page", token)


urlpatterns = [
    path("tavolo/<str:token>/", table_page, name="page"),
    path("tavolo/<str:token>/linea/", choose_line, name="line"),
    path("tavolo/<str:token>/anteprima/", table_preview, name="preview"),
    path("tavolo/<str:token>/stato/", table_status, name="status"),
    path("tavolo/<str:token>/foto/", table_photo, name="photo"),
]
