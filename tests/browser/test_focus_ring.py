"""The keyboard's focus ring stands out from the page (WCAG 1.4.11 asks 3:1 for a focus
indicator): on the page's background and on a card's white, for a box and for a link."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

COLOURS = """selector => {
  const el = document.querySelector(selector);
  const style = getComputedStyle(el);
  return [style.outlineStyle, style.outlineColor,
          getComputedStyle(document.body).backgroundColor];
}"""


def _luminance(css: str) -> float:
    red, green, blue = (int(n) / 255 for n in re.findall(r"\d+", css)[:3])

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)


def contrast(a: str, b: str) -> float:
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_contrast_is_the_wcag_ratio():
    assert contrast("rgb(0, 0, 0)", "rgb(255, 255, 255)") == pytest.approx(21)
    assert contrast("rgb(134, 239, 172)", "rgb(246, 247, 244)") < 1.5


def test_the_focus_ring_has_3_to_1_against_the_page_and_a_card(page):
    page.goto(page.base_url + "/accesso/")
    page.keyboard.press("Tab")
    for selector in ("#id_username", "main a, main button"):
        page.locator(selector).first.focus()
        expect(page.locator(selector).first).to_be_focused()
        style, ring, background = page.evaluate(COLOURS, selector)
        assert style != "none", selector
        assert contrast(ring, background) >= 3, (selector, ring, background)
        assert contrast(ring, "rgb(255, 255, 255)") >= 3, (selector, ring)
    # On the green top bar the ring is white.
    link = page.locator(".topbar a").first
    link.focus()
    expect(link).to_be_focused()
    _style, ring, _ = page.evaluate(COLOURS, ".topbar a")
    bar = page.evaluate("() => getComputedStyle(document.querySelector('.topbar')).backgroundColor")
    assert contrast(ring, bar) >= 3, (ring, bar)
