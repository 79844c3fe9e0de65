"""Response headers the whole site shares.

``NoStoreForDirectorsMiddleware``: a director's pages and every download carry
``Cache-Control: no-store``, so a shared club computer, a browser's back button or a proxy never
keeps a copy of scores, archives or drafts after the director has logged out; nor of a table's
page on a player's phone.
"""

from __future__ import annotations

from django.utils.cache import add_never_cache_headers

# The URL namespaces whose pages are never stored: the director's pages, the downloads (files
# and the list of them, which names the director's files), the archive upload and download; the
# players' table pages, whose address is their table's key.
NO_STORE_NAMESPACES = frozenset({"manage", "exports", "archive", "admin", "table"})


class NoStoreForDirectorsMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        match = getattr(request, "resolver_match", None)
        namespace = match.namespaces[0] if match and match.namespaces else ""
        user = getattr(request, "user", None)
        if namespace in NO_STORE_NAMESPACES or (user is not None and user.is_authenticated):
            add_never_cache_headers(response)
        return response
