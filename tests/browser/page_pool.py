"""Browser pages kept from one test to the next, each in its own browser context, cleaned between.

Opening a page in a new browser context starts a new Chromium renderer process, and its first
page load runs cold: about 0.8 s of Chromium's CPU time against 0.15 s for the same page loaded
again in a page already open (measured on a 2-core machine). With one or more pages for each
test, that was the browser tests' largest single cost. So a test's page comes from a pool, one
pool per set of page options (language, screen, touch, JavaScript, timeout), and goes back to it
after the test, cleaned:

- the page leaves the site's page for a static file of the same site (the same renderer, and the
  site's scripts and polls stop);
- the browser forgets what the site stored: cookies (the director's session), local and session
  storage, and the HTTP cache (a page or part answered with an ETag is asked for afresh);
- the test's own routes and event handlers are removed, the network is back on, the window
  takes the pool's size and timeout again, and any other page of the context is closed.

What cannot be undone in a context — a script run before every page (``add_init_script``, such
as the accessibility checker), an exposed function, a faked clock, a recorded network (HAR) —
marks the context as spent: it is closed after the test, and the next test gets a new one.
"""

from __future__ import annotations

import contextlib
from weakref import WeakKeyDictionary, WeakSet

from playwright.sync_api import BrowserContext, Page
from playwright.sync_api._generated import Clock

# The contexts whose state a test changed for good (keyed by Playwright's own context object).
_spent: WeakSet = WeakSet()
# The event handlers a test added to a pooled page or its context: (target, event, handler).
_handlers: WeakKeyDictionary = WeakKeyDictionary()

_PERMANENT = ("add_init_script", "expose_binding", "expose_function", "route_from_har")
_CLOCK = (
    "install",
    "fast_forward",
    "pause_at",
    "resume",
    "run_for",
    "set_fixed_time",
    "set_system_time",
)


def _context_of(target) -> object:
    if isinstance(target, Page):
        return target.context._impl_obj
    if isinstance(target, BrowserContext):
        return target._impl_obj
    return target._impl_obj._browser_context  # a Clock


def _marking_spent(method):
    def call(self, *args, **kwargs):
        _spent.add(_context_of(self))
        return method(self, *args, **kwargs)

    return call


def _recording(method):
    def call(self, event, handler):
        _handlers.setdefault(_context_of(self), []).append((self, event, handler))
        return method(self, event, handler)

    return call


for _cls in (Page, BrowserContext):
    for _name in _PERMANENT:
        setattr(_cls, _name, _marking_spent(getattr(_cls, _name)))
    for _name in ("on", "once"):
        setattr(_cls, _name, _recording(getattr(_cls, _name)))
for _name in _CLOCK:
    setattr(Clock, _name, _marking_spent(getattr(Clock, _name)))


class PagePool:
    """The pages of one browser, by their options; one page per test at a time."""

    def __init__(self, browser) -> None:
        self.browser = browser
        self.idle: dict[str, list[Page]] = {}

    @contextlib.contextmanager
    def page(self, base_url: str, *, default_timeout: float | None = None, **options):
        key = repr(sorted({**options, "default_timeout": default_timeout}.items()))
        idle = self.idle.setdefault(key, [])
        page = idle.pop() if idle else self._open(default_timeout, options)
        page.base_url = base_url
        try:
            yield page
        finally:
            if self._cleaned(page, base_url, default_timeout, options):
                idle.append(page)
            else:
                page.context.close()

    def _open(self, default_timeout, options) -> Page:
        context = self.browser.new_context(**options)
        if default_timeout is not None:
            context.set_default_timeout(default_timeout)
        return context.new_page()

    @staticmethod
    def _cleaned(page: Page, base_url: str, default_timeout, options) -> bool:
        """Clean ``page`` for the next test; False if it cannot be (then it is closed)."""
        context = page.context
        for target, event, handler in _handlers.pop(context._impl_obj, []):
            with contextlib.suppress(Exception):  # a "once" handler that already ran
                target.remove_listener(event, handler)
        if context._impl_obj in _spent or page.is_closed():
            return False
        try:
            for other in context.pages:
                if other != page:
                    other.close()
            context.unroute_all(behavior="ignoreErrors")
            page.unroute_all(behavior="ignoreErrors")
            context.set_offline(False)
            page.goto(f"{base_url}/static/img/favicon.svg")
            page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
            cdp = context.new_cdp_session(page)
            cdp.send("Network.clearBrowserCache")
            cdp.send("Storage.clearDataForOrigin", {"origin": base_url, "storageTypes": "all"})
            cdp.detach()
            context.clear_cookies()
            context.clear_permissions()
            page.set_default_timeout(default_timeout or 30_000)
            page.set_default_navigation_timeout(default_timeout or 30_000)
            viewport = options.get("viewport", {"width": 1280, "height": 720})
            if page.viewport_size != viewport and not options.get("no_viewport"):
                page.set_viewport_size(viewport)
        except Exception:
            return False
        return True
