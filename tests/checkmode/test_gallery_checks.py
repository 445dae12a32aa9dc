"""Every gallery kernel checks clean on Oclgrind, at its own sizes (quick mode where large)."""

import pytest

from clstudio.devices import wanted_language
from clstudio.engine.build import split_options
from clstudio.session import examples, load_session
from clstudio.session.gallery import Example
from clstudio.worker.check_client import CheckClient

pytestmark = pytest.mark.opencl

EXAMPLES = examples()


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.name for e in EXAMPLES])
def test_gallery_kernel_checks_clean(check_client: CheckClient, example: Example) -> None:
    session = load_session(example.path)
    result = check_client.check(session)
    wanted = wanted_language(split_options(session.build_options))
    if wanted is not None and wanted > (1, 2):  # reduction_work_group: OpenCL C 2.0
        assert result.error is not None and "Oclgrind simulates OpenCL 1.2" in result.error.message
        return
    assert result.error is None, result.error
    assert result.problems == ()
    assert result.ok
    assert result.reports == 0
