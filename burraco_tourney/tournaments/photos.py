"""A photo of a paper scorecard, as a phone sends it: checked, turned upright, shrunk and saved
as a JPEG, so what is stored is small and is surely an image (never the file as sent)."""

from __future__ import annotations

import io

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.utils.translation import gettext as _
from PIL import Image, ImageOps, UnidentifiedImageError

# Long side of the stored picture, in pixels: a scorecard stays readable.
LONG_SIDE = 1600
# Refuse a picture of more pixels than this before decoding it (a "decompression bomb").
MAX_PIXELS = 40_000_000


def scorecard_photo(upload) -> ContentFile:
    """The uploaded file as a resized JPEG, or a ``ValidationError`` in words."""
    if upload.size > settings.PLAYER_PHOTO_MAX_BYTES:
        raise ValidationError(
            _("The photo is too large: at most %(mb)s MB.")
            % {"mb": settings.PLAYER_PHOTO_MAX_BYTES // (1024 * 1024)},
            code="too_large",
        )
    try:
        image = Image.open(upload)
        if image.width * image.height > MAX_PIXELS:
            raise ValidationError(_("The photo has too many pixels."), code="too_large")
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
