import pytest
from django.test import Client

from tests.factories import make_director


@pytest.fixture
def director(db):
    return make_director()


@pytest.fixture
def english(director):
    """The director's client asking for English pages (the assertions read the msgids)."""
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(director)
    return client
