"""The path of a request, followed function by function: its stops and the files they are in.

``save_path(run, view)`` runs ``run()`` (a request through the test client) under
``sys.setprofile`` and follows every call into a function of the project (a file under
``burraco_tourney/``) made while ``view`` runs; Django, the standard library and other
packages are never stops. Of the project's calls:

1. Left out, with everything they call, are the values the path carries and reads, which
   write nothing and decide nothing of the path: model methods, properties and managers
   (``tournaments/models/``), the tournament's kind object (``tournaments/formats/``), the
   reads of the page (``tournaments/selectors/``: the turno and table, the number of rows, the
   next table to enter, the boxes two drafts differ on), the words of a change log entry's
   subject (``tournaments/audit_text.py``), the rules object (``rules/``, but for the engine's
   ``rules/outcome.py`` ``table_outcome`` and the entry's one shape
   ``rules/submission_data.py``; and the results bridge's readers of the kept rules object
   and its mark, ``RULES_READERS``), form fields and widgets, and the building of a form (its
   ``__init__``: the boxes and labels the page shows for a GET too). Below ``table_outcome``
   (the engine's insides) nothing is a stop; its runs are counted. Left out too is the public
   pages' cache (``tournaments/live_cache.py``): the change log's entry asks it to publish the
   tournament's new counter once the commit is done (``counter_publish``, through
   ``transaction.on_commit``); it writes no row and decides nothing of the save.
2. A call from a function of the same file, a method an object calls on itself (``self``,
   ``super()``, wherever the class is defined), and a view's call of a helper the views share
   (``tournaments/views/``: which turno, the posted reason) belong to the caller's stop.
3. Every other call is a stop: a function entered from another file. A function listed
   already in the same visit of its file (the path went to no other file in between) is not
   listed again.

What is checked (``tests/tournaments/test_save_path.py``): the number of stops, the files
they are in, that no file is entered again once the path went on to another one (returning
to a caller still running is not entering it), and the engine's runs.
"""

from __future__ import annotations

import inspect
import sys
from dataclasses import dataclass
from pathlib import Path

from django import forms

import burraco_tourney

ROOT = Path(burraco_tourney.__file__).resolve().parent
ENGINE = ("rules/outcome.py", "table_outcome")
SHAPE = "rules/submission_data.py"
# The results bridge's readers of the kept rules object (``tournament_rules``) and its mark.
RULES_READERS = frozenset(
    {
        "tournament_rules",
        "tournament_ruleset",
        "tournament_vp_table",
        "tournament_bye_value",
        "tournament_forfeit_value",
        "tournament_tiebreaks",
        "tournament_ko_length",
        "rules_fingerprint",
    }
)
VALUE_PACKAGES = (
    "tournaments/models/",
    "tournaments/formats/",
    "tournaments/selectors/",
    "tournaments/audit_text.py",
    "rules/",
    # The public pages' cache: a counter published after the commit.
    "tournaments/live_cache.py",
)
VIEWS = "tournaments/views/"


@dataclass(frozen=True)
class Stop:
    file: str  # relative to burraco_tourney/
    function: str  # qualified name

    def __str__(self) -> str:
        return f"{self.file} {self.function}"


@dataclass
class Trace:
    stops: list[Stop]
    engine_runs: int

    @property
    def files(self) -> list[str]:
        """The files of the stops, in the order the path first enters them."""
        return list(dict.fromkeys(stop.file for stop in self.stops))

    @property
    def returns(self) -> list[Stop]:
        """The stops that enter a file again after the path went on to another one."""
        seen: set[str] = set()
        found = []
        for before, stop in zip([None, *self.stops], self.stops, strict=False):
            if before is not None and before.file == stop.file:
                continue
            if stop.file in seen:
                found.append(stop)
            seen.add(stop.file)
        return found


def _project_file(filename: str) -> str | None:
    try:
        return Path(filename).resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return None


def _left_out(file: str, function: str, frame) -> bool:
    if (file, function) == ENGINE or file == SHAPE:
        return False
    if file.startswith(VALUE_PACKAGES):
        return True
    if file == "tournaments/results_bridge.py" and function in RULES_READERS:
        return True
    owner = frame.f_locals.get("self") if frame.f_code.co_varnames[:1] == ("self",) else None
    if isinstance(owner, forms.Field | forms.Widget):
        return True
    return isinstance(owner, forms.BaseForm) and frame.f_code.co_name == "__init__"


def save_path(run, view) -> Trace:
    """Run ``run()``; the path ``view`` (a view function) takes, as stops."""
    target = inspect.unwrap(view).__code__
    files: dict[str, str | None] = {}
    # Per frame of the project on the stack: (its stop's file, whether it is left out).
    kept: dict[int, tuple[str, bool]] = {}
    stops: list[Stop] = []
    engine_runs = 0
    running = False

    def where(code) -> str | None:
        if code.co_filename not in files:
            files[code.co_filename] = _project_file(code.co_filename)
        return files[code.co_filename]

    def caller_of(frame):
        back = frame.f_back
        while back is not None and id(back) not in kept:
            back = back.f_back
        return back

    def profile(frame, event, arg):
        nonlocal engine_runs, running
        code = frame.f_code
        if event == "return":
            kept.pop(id(frame), None)
            if code is target:
                running = False
            return
        if event != "call":
            return
        if code is target:
            running = True
            kept[id(frame)] = (where(code), False)
            stops.append(Stop(where(code), code.co_qualname))
            return
        file = where(code)
        if not running or file is None:
            return
        function = code.co_qualname
        if (file, function) == ENGINE:
            engine_runs += 1
        caller = caller_of(frame)
        if caller is None:
            return
        caller_file, caller_out = kept[id(caller)]
        if caller_out:
            kept[id(frame)] = (caller_file, True)
            return
        if _left_out(file, function, frame):
            kept[id(frame)] = (file, True)
            return
        same_object = (
            code.co_varnames[:1] == ("self",)
            and caller.f_code.co_varnames[:1] == ("self",)
            and frame.f_locals.get("self") is caller.f_locals.get("self")
        )
        views = file.startswith(VIEWS) and caller_file.startswith(VIEWS)
        if file in (caller_file, where(caller.f_code)) or same_object or views:
            kept[id(frame)] = (caller_file, False)
            return
        stop = Stop(file, function)
        visit = []
        for earlier in reversed(stops):
            if earlier.file != file:
                break
            visit.append(earlier)
        if stop not in visit:
            stops.append(stop)
        # Below the engine's entry nothing is a stop.
        kept[id(frame)] = (file, (file, function) == ENGINE)

    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        run()
    finally:
        sys.setprofile(previous)
    return Trace(stops=stops, engine_runs=engine_runs)
