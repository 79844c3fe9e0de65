"""Who may change a circuit: its owner, the directors it was granted to, a superuser — as for a
tournament (``tournaments.access``). Anyone else gets a 404 on the circuit's director pages.

A circuit may only be given tournaments its editor directs (``tournaments_directed_by``); the
tournaments it already holds stay when someone else edits it.
"""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.db.models import Q, QuerySet
from django.http import Http404

from .models import Circuit


def circuits_directed_by(user) -> QuerySet[Circuit]:
    if not user.is_authenticated:
        return Circuit.objects.none()
    if user.is_superuser:
        return Circuit.objects.all()
    return Circuit.objects.filter(Q(owner=user) | Q(directors=user)).distinct()


def circuit_director_view(view):
    """Decorate a view taking ``slug``: login required, then the circuit as ``circuit``."""

    @login_required
    @wraps(view)
    def wrapper(request, slug, **kwargs):
        try:
            circuit = circuits_directed_by(request.user).get(slug=slug)
        except Circuit.DoesNotExist:
            raise Http404 from None
        return view(request, circuit, **kwargs)

    return wrapper
