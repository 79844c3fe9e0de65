"""Site-wide pages of the accounts: a director changes his own password."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.urls import reverse_lazy
from django.utils.translation import gettext as _


class PasswordChange(auth_views.PasswordChangeView):
    """The logged-in director's own password: the old one, then the new one twice."""

    template_name = "core/password_change.html"
    success_url = reverse_lazy("manage:home")

    def form_valid(self, form):
        response = super().form_valid(form)
        messages.success(self.request, _("Your password has been changed."))
        return response
