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


def _reverse_ready(resolver) -> None:
    """Make the tables ``reverse()`` reads (one per language and namespace, built by the first
    link drawn: about 30 ms, paid by the director's first room board of each process)."""
    resolver.reverse_dict  # noqa: B018
    for _prefix, namespace in resolver.namespace_dict.values():
        _reverse_ready(namespace)
