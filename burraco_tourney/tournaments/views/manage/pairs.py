"""Director pages: the entrants of a tournament, for every kind (a pair, a player) — list,
add, edit, withdraw, reinstate, delete, draw the numbers. Pasted and uploaded lists are
``pairs_import.py``'s; penalties ``penalties.py``'s.

Thin views: parse the request with a form, call one service, render or redirect. The kind hands
out an entrant's names and every sentence naming it (``tournament.fmt.entrants.words``); the
page is at ``coppie/`` for pairs, ``giocatori/`` for players and ``squadre/`` for teams, the
same views behind all three.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path
from django_tables2 import RequestConfig

from burraco_tourney.core.submissions import Submission

from ...access import director_view
from ...formats.entrant_words import about
from ...forms.pairs import (
    EntrantForm,
    NumberDrawForm,
    PairFileForm,
    PairPasteForm,
    PairStatusForm,
)
from ...models import Entrant, Tournament
from ...selectors.people import people_of_entrants
from ...services import entrants, teams
from ...services import pairs as services
from ...services.members import Place
from .entrants_common import (
    add_errors,
    entrants_url,
    late_choice,
    late_context,
    late_form_for,
    page_context,
    words_of,
)
from .pair_tables import DirectorPairTable
from .pairs_import import list_save_at_once


def _pair(tournament: Tournament, number: int) -> Entrant:
    return get_object_or_404(Entrant, tournament=tournament, number=number)


def _pairs_page(request: HttpRequest, tournament: Tournament, **forms) -> HttpResponse:
    words = words_of(tournament)
    pairs = services.pairs_for_director(tournament=tournament)
    table = DirectorPairTable(
        pairs, slug=tournament.slug, words=words, roster_line=tournament.fmt.entrants.roster_line
    )
    RequestConfig(request, paginate=False).configure(table)
    context = page_context(
        tournament,
        table=table,
        entrant_count=tournament.fmt.words.entrants_count(len(pairs)),
        withdrawn_count=sum(p.withdrawn for p in pairs),
        add_form=EntrantForm(
            words=words,
            number_required=False,
            pick=True,
            initial={"number": entrants.entrant_next_number(tournament=tournament)},
        ),
        paste_form=PairPasteForm(words=words),
        file_form=PairFileForm(words=words),
        draw=services.number_draw_latest(tournament=tournament),
        focus_add=bool(request.GET.get("nuova")),
        **late_context(tournament, late_form_for(tournament)),
    )
    context.update(forms)
    if context["focus_add"]:  # after adding an entrant, ready to type the next one
        context["add_form"].name_fields[0].field.widget.attrs["autofocus"] = True
    return render(request, "manage/pairs.html", context)


def _places(form: EntrantForm) -> list[Place]:
    """The entrant's names as printed, each with the person picked for it or its card; a new
    person of the registry is of the entrant's club."""
    club = {"club": form.cleaned_data.get("club", "")}
    return [
        Place(form.printed[name], card=card, person_id=person_id, details=club)
        for name, (person_id, card) in form.picked.items()
    ]


@director_view
def pairs(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The entrants page (``coppie/``, ``giocatori/``): the list and the form adding one. A
    list pasted or a file sent from here is saved at once when it has no error nor warning;
    otherwise its preview opens (``pairs_import.py``)."""
    if request.path != tournament.pages.entrants:
        return redirect(tournament.pages.entrants)
    if request.method != "POST":
        return _pairs_page(request, tournament)
    action = request.POST.get("action", "add")
    if action in ("paste", "file"):
        return list_save_at_once(request, tournament, action)
    words = words_of(tournament)
    form = EntrantForm(request.POST, words=words, number_required=False, pick=True)
    late_form = late_form_for(tournament, request.POST)
    if form.is_valid() and (late_form is None or late_form.is_valid()):
        next_pair = entrants_url(tournament) + "?nuova=1"
        submission = Submission(request, "pair_create")
        if submission.is_repeat():  # a double click on "add pair"
            return submission.repeat_response(fallback=next_pair)
        try:
            pair = entrants.entrant_create(
                tournament=tournament,
                user=request.user,
                missed=late_choice(late_form),
                places=_places(form),
                **form.cleaned_data,
            )
        except ValidationError as err:
            submission.forget()  # refused: the same form may be sent again at once
            add_errors(err, form, late_form)
        except Exception:
            submission.forget()
            raise
        else:
            submission.done(next_pair)
            messages.success(request, words.added % about(pair))
            return redirect(next_pair)
    return _pairs_page(request, tournament, add_form=form, late_form=late_form, focus_add=True)


@director_view
def pair_edit(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    pair = _pair(tournament, number)
    words = words_of(tournament)
    fields = ("number", *tournament.fmt.entrants.names, "club")
    initial = {f: getattr(pair, f) for f in fields}
    # A kind with a roster (a team) edits it here too, with the registry's picker and a captain.
    roster = bool(words.roster_fields)
    members = list(pair.members.order_by("position")) if roster else []
    for (name, _label), member in zip(words.roster_fields, members, strict=False):
        initial[name], initial[f"{name}_person"] = member.printed, member.person_id
    initial["captain"] = next((m.position for m in members if m.captain), None)
    form = EntrantForm(
        request.POST or None, words=words, initial=initial, pick=roster, captain=roster
    )
    if request.method == "POST" and form.is_valid():
        try:
            if roster:
                teams.team_update(
                    team=pair,
                    user=request.user,
                    places=_places(form),
                    captain=form.cleaned_data.pop("captain"),
                    **form.cleaned_data,
                )
            else:
                entrants.entrant_update(entrant=pair, user=request.user, **form.cleaned_data)
        except ValidationError as err:
            form.add_error(None, err)
        else:
            messages.success(request, words.saved % about(pair))
            return redirect(tournament.pages.entrants)
    context = page_context(
        tournament,
        pair=pair,
        form=form,
        title=words.edit_title % about(pair),
        played=entrants.entrant_has_played(pair),
        people=people_of_entrants([pair]).get(pair.pk, []),
    )
    return render(request, "manage/pairs_edit.html", context)


@director_view
def pair_status(
    request: HttpRequest, tournament: Tournament, number: int, action: str
) -> HttpResponse:
    """Withdraw, reinstate or delete an entrant: a confirmation page, then the change on POST."""
    pair = _pair(tournament, number)
    if action != "delete" and pair.withdrawn == (action == "withdraw"):
        return redirect("manage:pair_edit", tournament.slug, pair.number)  # nothing to change
    words = words_of(tournament)
    form = PairStatusForm(request.POST or None)
    played = entrants.entrant_has_played(pair)
    if request.method == "POST" and form.is_valid():
        reason = form.cleaned_data["reason"]
        try:
            if action == "delete":
                entrants.entrant_delete(entrant=pair, user=request.user, reason=reason)
            else:
                entrants.entrant_set_withdrawn(
                    entrant=pair,
                    user=request.user,
                    withdrawn=action == "withdraw",
                    reason=reason,
                )
        except ValidationError as err:
            form.add_error(None, err)
        else:
            messages.success(request, words.status_done[action] % about(pair))
            return redirect(tournament.pages.entrants)
    context = page_context(
        tournament,
        pair=pair,
        form=form,
        action=action,
        title=words.status_titles[action] % about(pair),
        button=words.status_buttons[action],
        played=played,
    )
    return render(request, "manage/pairs_confirm.html", context)


@director_view
def pairs_number_draw(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The random draw of the entrants' numbers, its seed and the order it gave."""
    form = NumberDrawForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            entrants.entrant_numbers_draw(
                tournament=tournament, user=request.user, seed=form.cleaned_data["seed"]
            )
        except ValidationError as err:
            form.add_error(None, err)
        else:
            messages.success(request, words_of(tournament).numbers_drawn)
            return redirect("manage:pairs_number_draw", tournament.slug)
    count = tournament.entrants.count()
    context = page_context(
        tournament,
        form=form,
        draw=services.number_draw_latest(tournament=tournament),
        turni_exist=tournament.turni.exists(),
        pair_count=count,
        draw_count=words_of(tournament).draw_count % {"count": count},
    )
    return render(request, "manage/pairs_draw.html", context)


urlpatterns = [
    path("t/<slug:slug>/gestione/coppie/", pairs, name="pairs"),
    # The same page for a kind whose entrants are players (``tournament.pages.entrants``).
    path("t/<slug:slug>/gestione/giocatori/", pairs, name="players"),
    path("t/<slug:slug>/gestione/squadre/", pairs, name="teams"),
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
    path(
        "t/<slug:slug>/gestione/coppie/sorteggio-numeri/",
        pairs_number_draw,
        name="pairs_number_draw",
    ),
]
