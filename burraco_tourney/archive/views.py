"""Archive upload and download from the web: the same files as ``import_tournament`` and
``export_tournament``; the published JSON Schema of the format; the whole-site backup.

Thin views: the import service reads and checks the whole file before writing anything, so a
refused file leaves the database as it was; the export reads only. The whole-site backup holds
every account (password hashes included): the superuser alone downloads it.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _

from burraco_tourney.tournaments.access import director_view
from burraco_tourney.tournaments.models import Tournament
from burraco_tourney.tournaments.selectors.imports import import_copy_notice

from .backup import BackupError, backup_to
from .export import archive_json, tournament_export
from .forms import ArchiveUploadForm
from .records import ArchiveError
from .schema import schema_text
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
                _("Tournament “%(name)s” imported: %(entrants)s, %(turni)s turni.")
                % {
                    "name": tournament.name,
                    # "12 pairs" or "12 players".
                    "entrants": tournament.fmt.words.entrants_count(tournament.entrants.count()),
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


def schema_view(request: HttpRequest) -> HttpResponse:
    """The JSON Schema of the archive format, for the programs that write archives."""
    return HttpResponse(schema_text(), content_type="application/schema+json; charset=utf-8")


@login_required
def site_backup_view(request: HttpRequest) -> HttpResponse:
    """The whole site as one backup file, made now (``manage.py backup``): superuser only."""
    if not request.user.is_superuser:
        raise PermissionDenied
    folder = tempfile.mkdtemp(prefix="burraco-backup-")
    path = Path(folder) / "backup.sqlite3"
    try:
        backup_to(path)
    except BackupError as error:
        os.rmdir(folder)
        messages.error(request, str(error))
        return redirect("archive:import")
    except OSError as error:
        # A copy that failed half-way (a full disk): nothing of it stays in the temporary folder.
        shutil.rmtree(folder, ignore_errors=True)
        messages.error(
            request,
            _("Cannot write %(file)s: %(error)s")
            % {"file": path.name, "error": error.strerror or error},
        )
        return redirect("archive:import")
    handle = path.open("rb")
    # The open file is all the response needs: the name goes at once (POSIX keeps the data).
    path.unlink()
    os.rmdir(folder)
    stamp = timezone.localtime().strftime("%Y%m%d-%H%M")
    return FileResponse(
        handle,
        as_attachment=True,
        filename=f"burraco-backup-{stamp}.sqlite3",
        content_type="application/vnd.sqlite3",
    )
