"""A server process made ready before its first request (``gunicorn_conf.post_worker_init``).

Each process compiles the site's templates, imports the views behind the URLs, makes the
tables that turn a view's name into its address and reads the translations the first time a
request needs them: a few hundred milliseconds, paid by the first
requests, exactly when a room's phones all arrive (the room benchmark: the first standings page
of a process took about 450 ms, the next one built afresh about 70). Done here once, before the
process takes requests, the first phones get their pages as fast as the others.
"""

from __future__ import annotations

import logging
from pathlib import Path

from django.conf import settings
from django.template import TemplateDoesNotExist, TemplateSyntaxError
from django.template.loader import get_template
from django.urls import get_resolver
from django.utils import translation
from django.utils.module_loading import import_string

logger = logging.getLogger(__name__)


def warm_up() -> None:
    get_resolver().url_patterns  # noqa: B018 (imports every view module)
    for code, _ in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("Standings")  # reads the language's catalogue
            _reverse_ready(get_resolver())
    for folder in settings.TEMPLATES[0]["DIRS"]:
        for path in sorted(Path(folder).rglob("*.html")):
            name = path.relative_to(folder).as_posix()
            try:
                get_template(name)  # compiled once, kept by the cached loader
            except (TemplateDoesNotExist, TemplateSyntaxError) as error:
                logger.warning("warm-up: template %s: %s", name, error)
    # Last: Python keeps the last 512 patterns compiled, and these are read by every link drawn.
    _first_request_ready()


def _reverse_ready(resolver) -> None:
    """Make the tables ``reverse()`` reads (one per language and namespace, built by the first
    link drawn: about 30 ms, paid by the director's first room board of each process)."""
    resolver.reverse_dict  # noqa: B018
    for _prefix, namespace in resolver.namespace_dict.values():
        _reverse_ready(namespace)


def _first_request_ready() -> None:
    """What the first request of a process builds whatever it asks for (about 20 ms, the
    director's first room board: see benchmarks/room_requests.py): the languages the site has
    (the locale middleware looks for their catalogues on disk), the parsing of a browser's
    languages, the template context processors and the messages' storage (imported at their
    first use) and the patterns ``reverse()`` checks a link against (compiled by the first link
    drawn to each address)."""
    import re

    from django.contrib.messages.storage import default_storage  # noqa: F401
    from django.template import engines
    from django.urls import get_script_prefix

    for code, _ in settings.LANGUAGES:
        translation.check_for_language(code)
        translation.get_supported_language_variant(code)
    translation.trans_real.parse_accept_lang_header("it-IT,it;q=0.9,en;q=0.8")
    for engine in engines.all():
        engine.engine.template_context_processors  # noqa: B018
    import_string(settings.MESSAGE_STORAGE)
    prefix = re.escape(get_script_prefix())
    for pattern in _reverse_patterns(get_resolver()):
        re.compile(f"^{prefix}{pattern}")


def _reverse_patterns(resolver) -> set[str]:
    patterns = {
        pattern
        for key in resolver.reverse_dict
        for _possibility, pattern, _defaults, _converters in resolver.reverse_dict.getlist(key)
    }
    for _prefix, namespace in resolver.namespace_dict.values():
        patterns |= _reverse_patterns(namespace)
    return patterns
