"""Director pages: tools."""

urlpatterns: list = []
