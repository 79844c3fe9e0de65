"""A server process loads the site's templates before its first request (gunicorn's
post_worker_init, core/warm_up.py): the first phones of a room do not pay for it (issue 26)."""

from pathlib import Path
from types import SimpleNamespace

import pytest
from django.conf import settings
from django.template import engines

from burraco_tourney import gunicorn_conf


@pytest.fixture
def worker(monkeypatch):
    """A gunicorn worker as the hook gets it, with its WSGI application; the pages of the turni
    being played that the hook reads too are tests/tournaments/test_room_warm_up.py's."""
    from burraco_tourney.tournaments import room_warm_up

    monkeypatch.setattr(room_warm_up, "rooms_ready", lambda application: 0)
    return SimpleNamespace(wsgi=object())


def _cached_loader():
    engine = engines["django"].engine
    (loader,) = [x for x in engine.template_loaders if hasattr(x, "get_template_cache")]
    return loader


def test_a_new_server_process_has_every_template_compiled_before_its_first_request(worker):
    loader = _cached_loader()
    loader.reset()
    gunicorn_conf.post_worker_init(worker)
    folder = Path(settings.TEMPLATES[0]["DIRS"][0])
    names = {p.relative_to(folder).as_posix() for p in folder.rglob("*.html")}
    assert "tournaments/live_page.html" in names
    assert names <= set(loader.get_template_cache)


def test_a_new_server_process_can_draw_every_link_before_its_first_request(worker):
    from django.urls import clear_url_caches, get_resolver

    clear_url_caches()
    gunicorn_conf.post_worker_init(worker)
    resolver = get_resolver()
    for code, _ in settings.LANGUAGES:
        assert code in resolver._reverse_dict
        for _prefix, namespace in resolver._namespace_dict[code].values():
            assert code in namespace._reverse_dict


def test_a_new_server_process_has_what_every_first_request_reads_ready(worker):
    """The languages found, and the pattern each link is checked against compiled: without it
    the director's first room board of a process paid about 20 ms more (issue 26)."""
    import re

    from django.urls import get_resolver
    from django.utils.translation import trans_real

    re.purge()
    trans_real.translation_catalog_exists.cache_clear()
    gunicorn_conf.post_worker_init(worker)
    _prefix, manage = get_resolver().namespace_dict["manage"]
    (_possibility, pattern, _defaults, _converters), *_ = manage.reverse_dict.getlist("room_board")
    assert (str, f"^/{pattern}", 0) in re._cache
    assert trans_real.translation_catalog_exists.cache_info().currsize >= len(settings.LANGUAGES)
