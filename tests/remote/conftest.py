"""The remote-device tests' ssh server: started once for the module, skipped with the
reason when this machine cannot start one."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from ssh_server import SshServer, why_no_server


@pytest.fixture(scope="module")
def ssh_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SshServer]:
    reason = why_no_server()
    if reason is not None:
        pytest.skip(reason)
    server = SshServer(Path(tmp_path_factory.mktemp("sshd")))
    yield server
    server.stop()


@pytest.fixture
def own_ssh_server(tmp_path: Path) -> Iterator[SshServer]:
    """A server of the test's own, for a test that kills it."""
    reason = why_no_server()
    if reason is not None:
        pytest.skip(reason)
    server = SshServer(tmp_path / "sshd")
    yield server
    server.stop()
