"""The forms of a rendered page, read with the standard library's HTML parser: where each posts,
and its fields (inputs, selects with their options, textareas), for the CSRF and fuzz tests."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class Field:
    name: str
    kind: str  # input type, "select" or "textarea"
    value: str = ""
    options: list[str] = field(default_factory=list)


@dataclass
class PageForm:
    method: str
    action: str
    fields: list[Field] = field(default_factory=list)

    def has(self, name: str) -> bool:
        return any(f.name == name for f in self.fields)


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.forms: list[PageForm] = []
        self._form: PageForm | None = None
        self._select: Field | None = None

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self._form = PageForm(a.get("method", "get").lower(), a.get("action", ""))
            self.forms.append(self._form)
        elif self._form is None or "name" not in a:
            if tag == "option" and self._select is not None:
                self._select.options.append(a.get("value", ""))
        elif tag == "input":
            self._form.fields.append(Field(a["name"], a.get("type", "text"), a.get("value", "")))
        elif tag == "select":
            self._select = Field(a["name"], "select")
            self._form.fields.append(self._select)
        elif tag == "textarea":
            self._form.fields.append(Field(a["name"], "textarea"))
        elif tag == "button" and a.get("value"):
            self._form.fields.append(Field(a["name"], "button", a["value"]))
        if tag == "option" and self._select is not None and "name" in a:
            self._select.options.append(a.get("value", ""))

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None


def page_forms(html: str) -> list[PageForm]:
    reader = _Reader()
    reader.feed(html)
    return reader.forms
