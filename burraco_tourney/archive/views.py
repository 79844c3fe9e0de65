"""Archive upload and download from the web: the same files as ``import_tournament`` and
``export_tournament``.

Thin views: the import service reads and checks the whole file before writing anything, so a
refused file leaves the database as it was; the export reads only.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from burraco_tourney.tournaments.access import director_view
from burraco_tourney.tournaments.models import Tournament
from burraco_tourney.tournaments.selectors.imports import import_copy_notice

from .export import archive_json, tournament_export
from .forms import ArchiveUploadForm
from .records import ArchiveError
from .services import tournament_import


@login_required
def import_view(request: HttpRequest) -> HttpResponse:
    """Upload a file; a valid one becomes a tournament owned and directed by the uploader."""
    posted = request.method == "POST"
    form = ArchiveUploadForm(request.POST if posted else None, request.FILES if posted else None)
    archive_error = None
    if posted and form.is_valid():
        try:
            tournament = tournament_import(data=form.file_bytes(), owner=request.user)
        except ArchiveError as error:
            archive_error = error
            form.add_error("file", _("This file cannot be imported: nothing was written."))
        else:
            messages.success(
                request,
                _("Tournament “%(name)s” imported: %(pairs)s pairs, %(turni)s turni.")
                % {
                    "name": tournament.name,
                    "pairs": tournament.pairs.count(),
                    "turni": tournament.turni.count(),
                },
            )
            notice = import_copy_notice(tournament=tournament)
            if notice:
                messages.warning(request, notice)
            return redirect("manage:dashboard", tournament.slug)
    return render(request, "archive/import.html", {"form": form, "archive_error": archive_error})


@director_view
def export_view(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The whole tournament as an archive file (directors only: it holds every score)."""
    response = HttpResponse(
        archive_json(tournament_export(tournament)),
        content_type="application/json; charset=utf-8",
    )
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}.json"'
    return response
