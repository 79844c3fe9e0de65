"""The files in which the server's processes share the public pages (settings.py, "public_shared").

Django's file cache lists its whole folder at every write to see whether it is full: with a
room's pages in it (a few thousand files) that listing took about 1 ms a write, more than
writing the page itself, and a page built is written twice (its version and its last version):
2 ms of the 16 a pair's page took to build (profiled with the room benchmark's tournament).
Here a process looks at most every ``CULL_EVERY`` writes; the folder may pass ``MAX_ENTRIES`` by
that many files between two looks.
"""

from __future__ import annotations

import threading

from django.core.cache.backends.filebased import FileBasedCache

CULL_EVERY = 100


class PageFiles(FileBasedCache):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._writes = 0
        self._writes_lock = threading.Lock()

    def _cull(self):
        with self._writes_lock:
            self._writes += 1
            if self._writes % CULL_EVERY != 1:
                return
        super()._cull()
