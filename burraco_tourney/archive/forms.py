"""The form uploading an archive file from the web."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from .checks import MAX_ARCHIVE_BYTES, too_large_message


class ArchiveUploadForm(forms.Form):
    file = forms.FileField(
        label=_("Archive file (.json)"),
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
        help_text=_("A burraco-archive file, as written by “Download the archive”."),
    )

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_ARCHIVE_BYTES:
            raise forms.ValidationError(too_large_message(), code="too_large")
        return upload

    def file_bytes(self) -> bytes:
        """The uploaded file's bytes (call after ``is_valid``)."""
        upload = self.cleaned_data["file"]
        upload.seek(0)
        return upload.read()
