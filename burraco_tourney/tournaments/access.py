"""Who may change a tournament: its owner, the directors it was granted to, a superuser.

Every director page fetches its tournament through ``tournament_for_director``; anyone else gets
a 404 (the page does not say whether the tournament exists), never a silent change.
"""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.db.models import Q, QuerySet
from django.http import Http404

from .models import Tournament


def tournaments_directed_by(user) -> QuerySet[Tournament]:
    if not user.is_authenticated:
        return Tournament.objects.none()
    if user.is_superuser:
        return Tournament.objects.all()
    return Tournament.objects.filter(Q(owner=user) | Q(directors=user)).distinct()


def can_direct(user, tournament: Tournament) -> bool:
    return tournaments_directed_by(user).filter(pk=tournament.pk).exists()


def tournament_for_director(user, slug: str) -> Tournament:
    try:
        return tournaments_directed_by(user).get(slug=slug)
    except Tournament.DoesNotExist:
        raise Http404 from None


def director_view(view):
    """Decorate a view taking ``slug``: login required, then the tournament as ``tournament``.

    The view is called as ``view(request, tournament, **other_kwargs)``.
    """

    @login_required
    @wraps(view)
    def wrapper(request, slug, **kwargs):
        tournament = tournament_for_director(request.user, slug)
        return view(request, tournament, **kwargs)

    return wrapper
