"""How the director's views show a service's refusal: on the form, or as a message after a button.

A draw form (the turni page, the KO seeding) shows an engine refusal (``RuleError``) next to the
field it concerns, through the form's ``add_rule_error``, and a refusal due to the state of the
tournament (``ValidationError``) above the form. A button with no form of its own (publish,
delete, go back to draft) turns the refusal into an error message and its success into a success
message; the view then redirects. No URL lives here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.forms import CharField, Form
from django.http import HttpRequest

from burraco_tourney.rules.errors import RuleError

T = TypeVar("T")


def run_for_form(form: Form, action: Callable[[], T]) -> T | None:
    """What ``action`` returns when ``form`` is valid and the service accepts; None otherwise,
    with the errors on the form (the form must have ``add_rule_error``)."""
    if not form.is_valid():
        return None
    try:
        return action()
    except RuleError as error:
        form.add_rule_error(error)
    except ValidationError as error:
        form.add_error(None, error)
    return None


def run_for_button(
    request: HttpRequest, action: Callable[[], T], success: str | Callable[[T], str]
) -> bool:
    """Run ``action``; say its refusal as an error message, else ``success`` (a text, or made
    from what ``action`` returned; nothing when empty). True when the service accepted."""
    try:
        result = action()
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return False
    text = success(result) if callable(success) else success
    if text:
        messages.success(request, text)
    return True


def posted_reason(request: HttpRequest, limit: int = 300) -> str | None:
    """The reason typed beside a button (for the change log), cut to ``limit`` characters, as a
    form's text box cleans it; None, with the error as a message, when it cannot be kept (a
    null character, which no database stores)."""
    raw = str(request.POST.get("reason", ""))[:limit]
    try:
        return CharField(required=False, max_length=limit).clean(raw)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return None
