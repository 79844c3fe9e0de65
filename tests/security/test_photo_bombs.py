"""A photo costs what it weighs: a tiny file whose header claims a huge picture is refused
before it is decoded, a truncated file is refused even with WeasyPrint loaded (it turns PIL's
truncated loading on for the whole process), and a table's uploads are limited."""

from __future__ import annotations

import io

import pytest
import weasyprint  # noqa: F401  (imported as the site imports it: truncated loading on)
from django.core.cache import cache
from django.urls import reverse
from PIL import Image, ImageFile

from burraco_tourney.tournaments import photos
from burraco_tourney.tournaments.models import Submission
from burraco_tourney.tournaments.services import player_entries as services
from tests.tournaments.player_support import players_turno

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    cache.clear()


@pytest.fixture
def eo_phone(client):
    _, turno = players_turno()
    access = services.turno_links_ensure(turno=turno)[turno.tables.get(number=1).pk]
    client.post(reverse("table:line", args=[access.token]), {"line": "eo"})
    return client, access


def _upload(data: bytes, name: str) -> io.BytesIO:
    buffer = io.BytesIO(data)
    buffer.name = name
    return buffer


def _jpeg_claiming(width: int, height: int) -> bytes:
    """A real 8×8 JPEG whose frame header is rewritten to declare ``width``×``height``."""
    out = io.BytesIO()
    Image.new("RGB", (8, 8), "white").save(out, format="JPEG")
    data = bytearray(out.getvalue())
    frame = data.find(b"\xff\xc0")
    data[frame + 5 : frame + 7] = height.to_bytes(2, "big")
    data[frame + 7 : frame + 9] = width.to_bytes(2, "big")
    return bytes(data)


def _send(phone, access, data: bytes, name: str):
    return phone.post(
        reverse("table:photo", args=[access.token]), {"photo": _upload(data, name)}, follow=True
    )


def test_a_tiny_file_claiming_a_huge_picture_is_refused_without_decoding_it(eo_phone, monkeypatch):
    phone, access = eo_phone
    bomb = _jpeg_claiming(6300, 6300)
    assert len(bomb) < 1000 and ImageFile.LOAD_TRUNCATED_IMAGES

    def no_decoding(self):
        raise AssertionError("the picture was decoded")

    monkeypatch.setattr(ImageFile.ImageFile, "load", no_decoding)
    response = _send(phone, access, bomb, "score.jpg")
    assert "più grande di quella che contiene" in response.content.decode()
    assert not Submission.objects.get(table=access.table, source="eo").photo


def test_a_truncated_photo_is_refused_though_another_library_allows_truncated_images(eo_phone):
    phone, access = eo_phone
    out = io.BytesIO()
    Image.effect_noise((600, 400), 60).convert("RGB").save(out, format="PNG")
    truncated = out.getvalue()[: len(out.getvalue()) // 2]
    response = _send(phone, access, truncated, "score.png")
    assert "non è una foto" in response.content.decode()
    assert not Submission.objects.get(table=access.table, source="eo").photo
    # The setting the rest of the process relies on is as it was.
    assert ImageFile.LOAD_TRUNCATED_IMAGES is True


def test_a_big_jpeg_is_decoded_at_the_reduced_size_it_is_kept_at(eo_phone, monkeypatch):
    phone, access = eo_phone
    out = io.BytesIO()
    picture = Image.linear_gradient("L").convert("RGB").resize((3300, 2400))
    picture.save(out, format="JPEG", quality=70)
    decoded = []
    real_load = ImageFile.ImageFile.load

    def watching(self):
        decoded.append(self.size)
        return real_load(self)

    monkeypatch.setattr(ImageFile.ImageFile, "load", watching)
    _send(phone, access, out.getvalue(), "score.jpg")
    entry = Submission.objects.get(table=access.table, source="eo")
    assert entry.photo
    assert decoded[0] == (1650, 1200)


def test_a_table_sends_a_limited_number_of_photos_then_is_told_why(eo_phone, monkeypatch):
    phone, access = eo_phone
    monkeypatch.setattr(photos, "PHOTOS_PER_TABLE", 2)
    out = io.BytesIO()
    Image.new("RGB", (800, 600), "white").save(out, format="JPEG")
    for _ in range(2):
        response = _send(phone, access, out.getvalue(), "score.jpg")
        assert "Foto salvata" in response.content.decode()
    first = Submission.objects.get(table=access.table, source="eo").photo.name
    response = _send(phone, access, out.getvalue(), "score.jpg")
    text = response.content.decode()
    assert "ha già inviato 2 foto" in text
    assert Submission.objects.get(table=access.table, source="eo").photo.name == first
