"""People and clubs: the list with its search and filters, adding and editing, and the search
as the director types (an HTML fragment other pages include, ``people/_search.html``)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig

from ..forms import ClubForm, PeopleFilterForm, PersonForm
from ..models import Club, Person
from ..selectors.registry import clubs_with_counts, people_filtered
from ..selectors.search import people_search
from ..services import registry as services
from ..tables import ClubTable, PersonTable

PER_PAGE = 50


@login_required
def people_list(request: HttpRequest) -> HttpResponse:
    filters = PeopleFilterForm(request.GET or None)
    table = PersonTable(people_filtered(**filters.filters()))
    RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
    return render(
        request,
        "people/people.html",
        {"table": table, "filters": filters, "section": "people", "count": table.paginator.count},
    )


@login_required
def person_search(request: HttpRequest) -> HttpResponse:
    """The people matching what was typed, as the list of ``people/_search_results.html``."""
    query = request.GET.get("q", "")[:100]
    return render(
        request,
        "people/_search_results.html",
        {
            "found": people_search(query=query),
            "query": query.strip(),
            "link": "link" in request.GET,
            "pick": "pick" in request.GET,
        },
    )


def _edit_page(request: HttpRequest, form, *, save, done: str, section: str, **context):
    """A person's or a club's form: ``save()`` calls the service and says what was saved;
    a refusal of the service (a card given meanwhile) shows on the form."""
    if request.method == "POST" and form.is_valid():
        try:
            messages.success(request, save())
        except ValidationError as error:
            form.add_error(None, error)
        else:
            return redirect(done)
    return render(request, "people/edit_form.html", {"form": form, "section": section, **context})


def _person_page(request: HttpRequest, person: Person | None) -> HttpResponse:
    form = PersonForm(request.POST or None, instance=person)

    def save() -> str:
        if person is None:
            saved = services.person_create(user=request.user, values=form.values())
            return _("%(person)s added.") % {"person": saved.full_name}
        saved = services.person_update(user=request.user, person_id=person.pk, values=form.values())
        return _("%(person)s saved.") % {"person": saved.full_name}

    return _edit_page(
        request,
        form,
        save=save,
        done="people:list",
        section="people",
        title=person.full_name if person else _("Add a person"),
        back=(reverse("people:list"), _("Back to the registry")),
        person=person,
    )


@login_required
def person_add(request: HttpRequest) -> HttpResponse:
    return _person_page(request, None)


@login_required
def person_edit(request: HttpRequest, pk: int) -> HttpResponse:
    return _person_page(request, get_object_or_404(Person.objects.select_related("club"), pk=pk))


@login_required
def clubs(request: HttpRequest) -> HttpResponse:
    table = ClubTable(clubs_with_counts())
    RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
    return render(request, "people/clubs.html", {"table": table, "section": "clubs"})


def _club_page(request: HttpRequest, club: Club | None) -> HttpResponse:
    form = ClubForm(request.POST or None, instance=club)

    def save() -> str:
        if club is None:
            saved = services.club_create(user=request.user, values=form.values())
        else:
            saved = services.club_update(user=request.user, club_id=club.pk, values=form.values())
        return _("Club %(club)s saved.") % {"club": saved.name}

    return _edit_page(
        request,
        form,
        save=save,
        done="people:clubs",
        section="clubs",
        title=club.name if club else _("Add a club"),
        back=(reverse("people:clubs"), _("Back to the clubs")),
    )


@login_required
def club_add(request: HttpRequest) -> HttpResponse:
    return _club_page(request, None)


@login_required
def club_edit(request: HttpRequest, pk: int) -> HttpResponse:
    return _club_page(request, get_object_or_404(Club, pk=pk))
