"""Director pages: penalties."""

urlpatterns: list = []
