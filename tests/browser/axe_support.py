"""axe-core in the browser tests: a page's accessibility checked the way a screen reader user or
a director in a bright room would meet it.

``axe.min.js`` is vendored under ``vendor/`` (axe-core 4.14.1 from the npm registry, MPL-2.0,
its licence beside it), so the check runs with no network. The script is evaluated through the
DevTools protocol, which the site's Content-Security-Policy does not restrict.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

VENDOR = Path(__file__).parent / "vendor"
# What fails a test: a violation axe rates serious or critical, and these rules of lesser impact
# that the pages once broke and now keep (issue 15): headings in order, no empty table header.
FAILING_IMPACTS = ("serious", "critical")
FAILING_RULES = ("heading-order", "empty-table-header")


@cache
def axe_source() -> str:
    return (VENDOR / "axe.min.js").read_text(encoding="utf-8")


def axe_violations(page, *, impacts=FAILING_IMPACTS, rules=FAILING_RULES) -> list[dict]:
    """axe's violations of the page as it is now: those of ``impacts``, and of ``rules``."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_source() + "\n;undefined")
    results = page.evaluate(
        """async () => {
            const r = await axe.run(document, {resultTypes: ["violations"]});
            return r.violations.map(v => ({
                id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map(n => ({target: n.target.join(" "), summary: n.failureSummary})),
            }));
        }"""
    )
    return [v for v in results if v["impact"] in impacts or v["id"] in rules]


def describe(violations: list[dict]) -> str:
    """One line per violation and each of its (first five) elements, for the failure message."""
    lines = []
    for v in violations:
        lines.append(f"{v['impact']}: {v['id']} — {v['help']}")
        for node in v["nodes"][:5]:
            summary = " ".join((node["summary"] or "").split())
            lines.append(f"    {node['target']}: {summary}")
    return "\n".join(lines)


def assert_accessible(page) -> None:
    """No serious or critical axe violation on the page as it is now, nor one of
    ``FAILING_RULES``."""
    violations = axe_violations(page)
    assert not violations, f"{page.url}\n{describe(violations)}"
