"""The files the server's processes share the public pages in stay within their limit, though
the folder is listed only once every hundred writes (core/page_files.py)."""

from burraco_tourney.core.page_files import CULL_EVERY, PageFiles


def test_the_shared_page_files_are_culled_though_not_at_every_write(tmp_path):
    files = PageFiles(str(tmp_path), {"OPTIONS": {"MAX_ENTRIES": 50, "CULL_FREQUENCY": 2}})
    writes = 10 * CULL_EVERY
    for n in range(writes):
        files.set(f"page-{n}", "x" * 10)
    kept = len(list(tmp_path.glob("*.djcache")))
    # Half the files go at each look past the limit: never more than twice the writes between
    # two looks (with this small limit), far from the thousand written.
    assert kept <= 2 * CULL_EVERY
    assert kept > 50  # not listed at every write: it went past the limit in between
    assert files.get(f"page-{writes - 1}") == "x" * 10
