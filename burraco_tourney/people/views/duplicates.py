"""Likely twins in the registry, and merging two people with a reason; the registry's log."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from ..forms import MergeForm
from ..log_text import entry_text
from ..models import Person, RegistryEntry
from ..selectors.duplicates import likely_twins, related_counts
from ..services.merge import person_merge

LOG_SHOWN = 50


@login_required
def duplicates(request: HttpRequest) -> HttpResponse:
    log = [
        (entry, entry_text(entry))
        for entry in RegistryEntry.objects.select_related("user")[:LOG_SHOWN]
    ]
    return render(
        request,
        "people/duplicates.html",
        {"twins": likely_twins(), "log": log, "section": "duplicates"},
    )


def _side(person: Person) -> dict:
    return {"person": person, "uses": related_counts(person)}


@login_required
def merge(request: HttpRequest, keep: int, drop: int) -> HttpResponse:
    kept = get_object_or_404(Person.objects.select_related("club"), pk=keep)
    dropped = get_object_or_404(Person.objects.select_related("club"), pk=drop)
    form = MergeForm(request.POST or None, initial={"keep": keep, "drop": drop})
    if request.method == "POST" and form.is_valid():
        try:
            person = person_merge(
                user=request.user,
                keep_id=form.cleaned_data["keep"],
                drop_id=form.cleaned_data["drop"],
                reason=form.cleaned_data["reason"],
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(
                request,
                _("%(dropped)s merged into %(kept)s.")
                % {"dropped": dropped.full_name, "kept": person.full_name},
            )
            return redirect("people:duplicates")
    return render(
        request,
        "people/merge.html",
        {"form": form, "kept": _side(kept), "dropped": _side(dropped), "section": "duplicates"},
    )
