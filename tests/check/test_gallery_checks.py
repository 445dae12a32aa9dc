"""Every gallery kernel checks clean on Oclgrind, at its own sizes (quick mode where large)."""

import pytest

from clstudio.session import examples, load_session
from clstudio.worker.check_client import CheckClient

pytestmark = pytest.mark.opencl

EXAMPLES = examples()


@pytest.fixture(scope="module")
def client():
    client = CheckClient()
    yield client
    client.close()


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.name for e in EXAMPLES])
def test_gallery_kernel_checks_clean(client, example):
    result = client.check(load_session(example.path))
    assert result.error is None, result.error
    assert result.problems == ()
    assert result.ok
    assert result.reports == 0
