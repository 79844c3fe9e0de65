"""A fuzz of every write form: random, hostile and half-right values in every field of every POST
form the site shows its director. No answer may be a server error, a refused form writes
nothing, and whatever is written is in the change log (so nothing is half-written silently).

Seeded, so a failure repeats: FUZZ_SEED=<n> explores another corner; FUZZ_ROUNDS=<n> more
submissions per form.
"""

import os
import random

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import Client
from django.urls import resolve, reverse

from burraco_tourney.people.models import RegistryEntry
from burraco_tourney.tournaments.models import AuditEntry
from tests.factories import make_pairs, make_tournament, make_turno
from tests.tournaments.ko_support import draw, ko_tournament

from .page_forms import PageForm, page_forms
from .scenario import files_not_drawn, fingerprint, keep_logged_in, make_world, site_urls

pytestmark = pytest.mark.django_db

SEED = int(os.environ.get("FUZZ_SEED", "2026"))
ROUNDS = int(os.environ.get("FUZZ_ROUNDS", "3"))
HOSTILE = [
    "",
    " ",
    "0",
    "-1",
    "1",
    "2",
    "7",
    "20",
    "-2147483649",
    "99999999999999999999999",
    "1e309",
    "NaN",
    "1.5",
    "0x10",
    "١٢",  # Arabic-Indic digits
    "²",  # a digit to str.isdigit(), not a number to int()
    "100, ²",
    '=HYPERLINK("http://x/?"&A1,"Clicca")',
    "<script>alert(1)</script>",
    "'; DROP TABLE tournaments_pair; --",
    "Rossi Anna - Bianchi Bruno; Circolo Aurora",
    "\x00",
    "ñ€😀",
    "a" * 5000,
    "2026-02-30",
    "2026-10-18",
    "on",
]
FILES = [
    b"",
    b"PK\x03\x04 not really a zip",
    b"Rossi Anna;Verdi Carla\nNeri Dora;Blu Ezio\n",
    b'{"format": "burraco-archive", "version": 2}',
    b"\xff\xfe\x00\x00garbage",
]


def _value(rng: random.Random, field) -> object:
    if field.kind == "select" and field.options and rng.random() < 0.7:
        return rng.choice(field.options)
    if field.kind in {"hidden", "button", "submit"} and rng.random() < 0.6:
        return field.value
    if field.kind == "file":
        return SimpleUploadedFile(rng.choice(["a.xlsx", "a.csv", "a.json", "a"]), rng.choice(FILES))
    if field.value and rng.random() < 0.3:
        return field.value
    return rng.choice(HOSTILE)


def _submission(rng: random.Random, form: PageForm) -> dict:
    data: dict[str, object] = {}
    for field in form.fields:
        if field.name == "csrfmiddlewaretoken":
            continue
        if field.kind in {"checkbox", "radio"}:
            if rng.random() < 0.5:
                data[field.name] = field.value or "on"
            continue
        if rng.random() < 0.1:
            continue  # a field left out altogether
        data[field.name] = _value(rng, field)
    return data


@pytest.fixture
def world(monkeypatch):
    files_not_drawn(monkeypatch)
    return make_world()


def _other_states(world) -> list[str]:
    """Pages whose forms show only in another state: a draft turno, a KO before its draw and
    one drawn but not published, and a tournament without turni (its number draw)."""
    turno = make_turno(world.pairs, 2, [(1, 3), (2, 4), (5, 7), (6, 8)])
    turno.published = False
    turno.save()
    empty = ko_tournament(world.owner, pairs=4, name="KO da sorteggiare")
    drawn = ko_tournament(world.owner, pairs=4, name="KO in bozza")
    draw(drawn, world.owner)
    fresh = make_tournament(owner=world.owner, name="Senza turni")
    fresh.directors.add(world.owner)
    make_pairs(fresh, 4)
    return [
        reverse("manage:turno_preview", args=[world.pairs.slug, 2]),
        reverse("manage:ko", args=[empty.slug]),
        reverse("manage:ko_from_standings", args=[empty.slug]),
        reverse("manage:ko", args=[drawn.slug]),
        reverse("manage:pairs_number_draw", args=[fresh.slug]),
        reverse("manage:turni", args=[fresh.slug]),
    ]


def _gironi_previewed(client, world) -> str:
    """The gironi page after a preview: only then does it show the form that starts them."""
    url = reverse("manage:gironi", args=[world.pairs.slug])
    (form,) = (f for f in page_forms(client.get(url).content.decode()) if f.has("sizes"))
    data = {f.name: f.options[-1] if f.options else f.value for f in form.fields}
    response = client.post(url, {**data, "sizes": "2, 2", "preview": "1"})
    assert response.status_code == 200
    return response.content.decode()


def _write_forms(client, world) -> dict[tuple, tuple[str, PageForm]]:
    """Every POST form the director's pages show, once per (where it posts, its fields), and
    the captain's line-up form (a public page: its signed link is the key)."""
    forms = {}
    pages = [u.url for u in site_urls(world) if u.policy != "public" and "scarica/" not in u.url]
    pages.append(reverse("tournaments:team_lineup", args=[world.teams.slug, world.captain_token]))
    shown = [(url, None) for url in pages + _other_states(world)]
    shown.append((reverse("manage:gironi", args=[world.pairs.slug]), _gironi_previewed))
    for url, read in shown:
        if read is not None:
            html = read(client, world)
        else:
            response = client.get(url)
            if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
                continue
            html = response.content.decode()
        for form in page_forms(html):
            action = form.action or url.split("?")[0]
            if form.method != "post" or action.startswith(("/uscita/", "/i18n/")):
                continue
            forms.setdefault((action, tuple(f.name for f in form.fields)), (action, form))
    return forms


def test_every_write_form_survives_hostile_values_and_writes_all_or_nothing(world):
    client = Client(raise_request_exception=False)
    keep_logged_in(client, world.owner)
    forms = _write_forms(client, world)
    assert len(forms) > 20, sorted(forms)
    names = {resolve(action).url_name for action, _form in forms.values()}
    assert names >= NEW_FORMS, NEW_FORMS - names
    assert any(form.has("start") for _action, form in forms.values()), "the gironi start"
    rng = random.Random(SEED)
    problems = []
    for action, form in forms.values():
        for _ in range(ROUNDS):
            data = _submission(rng, form)
            with transaction.atomic():
                before, logged = fingerprint(), _log_count()
                response = client.post(action, data)
                after = fingerprint()
                changed_logged = _log_count() > logged
                transaction.set_rollback(True)
            keep_logged_in(client, world.owner)  # a form may have changed the password
            where = f"{action} {sorted(k for k in data)}"
            if response.status_code >= 500:
                problems.append(f"{response.status_code} from {where}")
            elif response.status_code != 302 and after != before:
                problems.append(f"refused with {response.status_code} but wrote: {where}")
            elif after != before and not changed_logged and not action.startswith(UNLOGGED):
                problems.append(f"wrote without a change-log entry: {where}")
    assert not problems, f"seed {SEED}:\n" + "\n".join(problems)


# Forms whose writes keep no change log: the password, and a circuit (a circuit's settings only
# name which tournaments it ranks; no tournament's data changes).
UNLOGGED = ("/password/", "/gestione/circuiti/")
# The forms of the team tournaments, gironi, prizes, circuits and federation report: the fuzz
# must reach every one of them.
NEW_FORMS = {
    "teams",
    "lineup_save",
    "team_lineup",
    "gironi",
    "prizes",
    "federation",
    "federation_sent",
    "create",
    "edit",
}


def _log_count() -> int:
    """Entries of the change logs: the tournaments' and the registry's own."""
    return AuditEntry.objects.count() + RegistryEntry.objects.count()
