"""Director pages: audit."""

urlpatterns: list = []
