import pytest

from tests.factories import make_director


@pytest.fixture
def director(db):
    return make_director()


@pytest.fixture
def director_client(client, director):
    client.force_login(director)
    return client
