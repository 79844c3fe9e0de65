"""A photo of a paper scorecard, as a phone sends it: checked, turned upright, shrunk and saved
as a JPEG, so what is stored is small and is surely an image (never the file as sent).

A photo costs what it weighs: the size its header declares is checked before any decoding,
against a cap and against the file's bytes (a few hundred bytes claiming 40 million pixels are
a bomb, not a photo); a JPEG is decoded straight at the reduced size it is stored at; and a
truncated file is refused, whatever another library set for the whole process (WeasyPrint
turns PIL's ``LOAD_TRUNCATED_IMAGES`` on when it is imported). A table keeps at most
``PHOTOS_PER_TABLE`` uploads.
"""

from __future__ import annotations

import io
import threading
from contextlib import contextmanager

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.utils.translation import gettext as _
from PIL import Image, ImageFile, ImageOps, UnidentifiedImageError

from .models import AuditEntry, Table
from .services.player_entries import PLAYER_PHOTO

# Long side of the stored picture, in pixels: a scorecard stays readable.
LONG_SIDE = 1600
# Refuse a picture of more pixels than this before decoding it (a "decompression bomb").
MAX_PIXELS = 40_000_000
# Pixels a file's byte may hold: a phone's JPEG has fewer than 100, a blank page as PNG about
# 300; a header claiming far more describes pixels the file does not have.
MAX_PIXELS_PER_BYTE = 1000
# Uploads per table (each replaces its line's photo): a couple of tries per line and more.
PHOTOS_PER_TABLE = 10

_truncated = threading.Lock()


@contextmanager
def _whole_files_only():
    """PIL's truncated-image loading off while a photo is decoded (one photo at a time in a
    process, so the setting always comes back as it was)."""
    with _truncated:
        before = ImageFile.LOAD_TRUNCATED_IMAGES
        ImageFile.LOAD_TRUNCATED_IMAGES = False
        try:
            yield
        finally:
            ImageFile.LOAD_TRUNCATED_IMAGES = before


def photo_limit_refusal(table: Table) -> ValidationError | None:
    """Why ``table`` may not send another photo (its uploads are used up), None when it may."""
    sent = AuditEntry.objects.filter(table=table, action=PLAYER_PHOTO).count()
    if sent < PHOTOS_PER_TABLE:
        return None
    return ValidationError(
        _(
            "Table %(table)s has already sent %(count)s photos: show the scorecard to the "
            "referee instead."
        )
        % {"table": table.label, "count": PHOTOS_PER_TABLE},
        code="too_many_photos",
    )


def scorecard_photo(upload) -> ContentFile:
    """The uploaded file as a resized JPEG, or a ``ValidationError`` in words."""
    if upload.size > settings.PLAYER_PHOTO_MAX_BYTES:
        raise ValidationError(
            _("The photo is too large: at most %(mb)s MB.")
            % {"mb": settings.PLAYER_PHOTO_MAX_BYTES // (1024 * 1024)},
            code="too_large",
        )
    try:
        with _whole_files_only():
            image = Image.open(upload)
            pixels = image.width * image.height
            if pixels > MAX_PIXELS:
                raise ValidationError(_("The photo has too many pixels."), code="too_large")
            if pixels > MAX_PIXELS_PER_BYTE * max(upload.size, 1):
                raise ValidationError(
                    _("This file claims a picture larger than it holds: send the photo as taken."),
                    code="not_image",
                )
            # A JPEG decodes at 1/2, 1/4 or 1/8 of its size when that still covers LONG_SIDE.
            scale = min(1.0, LONG_SIDE / max(image.width, image.height, 1))
            image.draft("RGB", (round(image.width * scale), round(image.height * scale)))
            image.load()
    except (UnidentifiedImageError, OSError, Image.DecompressionBombError):
        raise ValidationError(
            _("This file is not a photo: send a JPEG or PNG picture."), code="not_image"
        ) from None
    image = ImageOps.exif_transpose(image).convert("RGB")
    image.thumbnail((LONG_SIDE, LONG_SIDE))
    out = io.BytesIO()
    image.save(out, format="JPEG", quality=80, optimize=True)
    return ContentFile(out.getvalue())
