"""The circuit's pages: the public standings, the attendance ("fedeltà") and the files (no
login, read only), and the director's list, creation and settings. Views stay thin: a form, a
service or a selector, a template."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _

from .access import circuit_director_view, circuits_directed_by
from .changes import circuit_changes
from .exports import CIRCUIT_EXPORTERS
from .forms import CircuitForm
from .selectors import circuit_get, circuit_standings, circuits_public
from .services import circuit_create, circuit_update


def circuit_list(request: HttpRequest) -> HttpResponse:
    return render(request, "seasons/circuit_list.html", {"circuits": circuits_public()})


def _page(request: HttpRequest, slug: str, template: str, section: str) -> HttpResponse:
    circuit = circuit_get(slug=slug)
    standings = circuit_standings(circuit=circuit)
    return render(
        request,
        template,
        {
            "circuit": circuit,
            "standings": standings,
            "section": section,
            "can_edit": circuits_directed_by(request.user).filter(pk=circuit.pk).exists(),
            "exporters": CIRCUIT_EXPORTERS.values(),
        },
    )


def circuit_standings_page(request: HttpRequest, slug: str) -> HttpResponse:
    return _page(request, slug, "seasons/circuit_standings.html", "standings")


def circuit_attendance_page(request: HttpRequest, slug: str) -> HttpResponse:
    return _page(request, slug, "seasons/circuit_attendance.html", "attendance")


def circuit_download(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    exporter = CIRCUIT_EXPORTERS.get(key)
    if exporter is None:
        raise Http404
    file = exporter().render(circuit=circuit_get(slug=slug))
    response = HttpResponse(file.content, content_type=file.content_type)
    response["Content-Disposition"] = content_disposition_header(
        as_attachment=True, filename=file.filename
    )
    return response


@login_required
def manage_list(request: HttpRequest) -> HttpResponse:
    circuits = circuits_directed_by(request.user).prefetch_related("tournaments")
    return render(request, "seasons/manage_list.html", {"circuits": circuits})


@login_required
def circuit_create_view(request: HttpRequest) -> HttpResponse:
    form = CircuitForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        circuit = circuit_create(
            user=request.user, values=form.values(), tournaments=form.cleaned_data["tournaments"]
        )
        messages.success(request, _("The circuit has been created."))
        return redirect("seasons:standings", circuit.slug)
    return render(request, "seasons/circuit_form.html", {"form": form, "creating": True})


@circuit_director_view
def circuit_edit(request: HttpRequest, circuit) -> HttpResponse:
    form = CircuitForm(request.POST or None, instance=circuit, user=request.user)
    if request.method == "POST" and form.is_valid():
        circuit = circuit_update(
            circuit=circuit,
            user=request.user,
            values=form.values(),
            tournaments=form.cleaned_data["tournaments"],
        )
        messages.success(request, _("The circuit's settings have been saved."))
        return redirect("seasons:standings", circuit.slug)
    context = {"form": form, "circuit": circuit, "changes": circuit_changes(circuit=circuit)}
    return render(request, "seasons/circuit_form.html", context)
