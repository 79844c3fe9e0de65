"""Director pages of a KO tournament: the bracket, the seeding of round 1, the next matches.

One page (``manage:ko``) follows the bracket through its life: the seeding form while there is no
round 1, the preview of the drawn round 1 (publish, draw again, delete) while it is a draft, then
the bracket with every match, a link to each scorecard and the third-place option. The matches of
later rounds are created by the score service as soon as both feeders are decided; the page
offers to create them only if some are missing (a bracket imported from a file). Thin views:
parse the request, call one service (``services/ko.py``) or selector (``selectors/ko.py``).

The public bracket (``views/ko.py``, no login) is routed here too, outside ``gestione/``.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import NoReverseMatch, path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from burraco_tourney.core.rule_messages import rule_error_message
from burraco_tourney.rules.errors import RuleError

from ...access import director_view
from ...forms.ko import FromStandingsForm, SeedingForm, ThirdPlaceForm
from ...models import Tournament
from ...selectors.ko import BracketPage, ko_bracket
from ...services import ko as services
from .. import ko as public_views
from .refusals import run_for_button, run_for_form


def _ko(tournament: Tournament) -> Tournament:
    return public_views.with_bracket(tournament)


def _seeding_form(tournament: Tournament, page: BracketPage, data=None) -> SeedingForm:
    pairs = list(tournament.entrants.filter(withdrawn=False).order_by("number"))
    seeds = {p.number: p.seed for p in pairs}
    initial = {"third_place": tournament.ko_third_place}
    options = page.first_turno.draw_options if page.first_turno else {}
    if options:
        # Drawing again starts from what was asked, not from the seeds the draw gave.
        seeds = {int(p): s for p, s in options.get("requested", {}).items()}
        initial["draw_seed"] = options.get("draw_seed", "")
    return SeedingForm(data, pairs=pairs, seeds=seeds, initial=initial)


def download_url(tournament: Tournament, key: str) -> str | None:
    """The address of a registered download, None while the exports are not installed."""
    try:
        return reverse("exports:download", kwargs={"slug": tournament.slug, "key": key})
    except NoReverseMatch:
        return None


def _render(
    request: HttpRequest,
    tournament: Tournament,
    *,
    form: SeedingForm | None = None,
    status: int = 200,
) -> HttpResponse:
    page = ko_bracket(tournament=tournament, include_drafts=True)
    if form is None and page.state != "live":
        form = _seeding_form(tournament, page)
    return render(
        request,
        "manage/ko.html",
        {
            "tournament": tournament,
            "section": "ko",
            "page": page,
            "form": form,
            "has_pairs": tournament.entrants.exists(),
            "third_place_form": ThirdPlaceForm(initial={"third_place": tournament.ko_third_place}),
            "director": True,
            "pdf_url": download_url(tournament, "tabellone"),
            "excel_url": download_url(tournament, "tabellone-excel"),
        },
        status=status,
    )


@director_view
def ko_home(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The bracket, or the seeding of round 1 while there is none."""
    return _render(request, _ko(tournament))


@require_POST
@director_view
def ko_draw(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Draw round 1 as a draft, or draw the draft again."""
    _ko(tournament)
    page = ko_bracket(tournament=tournament, include_drafts=True)
    form = _seeding_form(tournament, page, request.POST)
    turno = run_for_form(
        form,
        lambda: services.ko_round_draw(
            tournament=tournament, user=request.user, request=form.seeding_request()
        ),
    )
    if turno is not None:
        messages.success(
            request,
            _("Round %(round)s drawn as a draft: check the bracket, then publish it.")
            % {"round": turno.number},
        )
        return redirect("manage:ko", tournament.slug)
    return _render(request, tournament, form=form)


def _act(request: HttpRequest, tournament: Tournament, action, success) -> HttpResponse:
    """Run a button's service (``run_for_button``), then back to the bracket."""
    _ko(tournament)
    run_for_button(request, action, success)
    return redirect("manage:ko", tournament.slug)


def _created(tables) -> str:
    if not tables:
        return ""
    return ngettext("%(count)s match created.", "%(count)s matches created.", len(tables)) % {
        "count": len(tables)
    }


@require_POST
@director_view
def ko_publish(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    return _act(
        request,
        tournament,
        lambda: services.ko_round_publish(tournament=tournament, user=request.user),
        _("Round 1 published: the players can see the bracket and their tables."),
    )


@require_POST
@director_view
def ko_delete(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    return _act(
        request,
        tournament,
        lambda: services.ko_round_delete(tournament=tournament, user=request.user),
        _("The draft of round 1 was deleted."),
    )


@require_POST
@director_view
def ko_advance(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    return _act(
        request,
        tournament,
        lambda: services.ko_advance(tournament=tournament, user=request.user),
        lambda tables: _created(tables) or _("No match was missing."),
    )


@require_POST
@director_view
def ko_third_place(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = ThirdPlaceForm(request.POST)
    wanted = form.is_valid() and form.cleaned_data["third_place"]
    done = (
        _("The semifinal losers play for third place.")
        if wanted
        else _("No third-place match: the semifinal losers share third place.")
    )
    return _act(
        request,
        tournament,
        lambda: services.ko_set_third_place(
            tournament=tournament, user=request.user, third_place=wanted
        ),
        lambda tables: " ".join(filter(None, [done, _created(tables)])),
    )


@director_view
def ko_from_standings(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Take the pairs of a knock-out from the standings of a finished pairs tournament."""
    _ko(tournament)
    form = FromStandingsForm(request.POST or None, user=request.user, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        try:
            taken = services.ko_pairs_from_standings(
                tournament=tournament,
                user=request.user,
                source=form.cleaned_data["source"],
                count=form.cleaned_data["count"],
            )
        except ValidationError as error:
            form.add_service_error(error)
        except RuleError as error:
            # The source's standings cannot be counted (its riposo value is not set).
            form.add_error(None, rule_error_message(error))
        else:
            messages.success(
                request,
                _("%(count)s pairs registered, seeded by the standings of %(name)s.")
                % {"count": len(taken.pairs), "name": form.cleaned_data["source"].name},
            )
            if taken.tied_out:
                messages.warning(
                    request,
                    _(
                        "Pairs %(pairs)s share the rank of the last pair taken: they were left "
                        "out by the order of the standings. Check it before drawing."
                    )
                    % {"pairs": ", ".join(str(n) for n in taken.tied_out)},
                )
            return redirect("manage:ko", tournament.slug)
    return render(
        request,
        "manage/ko_from_standings.html",
        {
            "tournament": tournament,
            "section": "ko",
            "form": form,
            "has_pairs": tournament.entrants.exists(),
            "drawn": tournament.turni.exists(),
        },
    )


_KO = "t/<slug:slug>/gestione/tabellone/"

urlpatterns = [
    path(_KO, ko_home, name="ko"),
    path(_KO + "sorteggio/", ko_draw, name="ko_draw"),
    path(_KO + "pubblica/", ko_publish, name="ko_publish"),
    path(_KO + "elimina/", ko_delete, name="ko_delete"),
    path(_KO + "avanza/", ko_advance, name="ko_advance"),
    path(_KO + "terzo-posto/", ko_third_place, name="ko_third_place"),
    path(_KO + "da-classifica/", ko_from_standings, name="ko_from_standings"),
    # The public bracket: no login.
    path("t/<slug:slug>/tabellone/", public_views.bracket, name="bracket"),
]
