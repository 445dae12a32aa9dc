"""The remote-device tests' own ssh server, for a test that kills it (the module's shared
one, `ssh_server`, is in tests/conftest.py)."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from ssh_server import SshServer, why_no_server


@pytest.fixture
def own_ssh_server(tmp_path: Path) -> Iterator[SshServer]:
    """A server of the test's own, for a test that kills it."""
    reason = why_no_server()
    if reason is not None:
        pytest.skip(reason)
    server = SshServer(tmp_path / "sshd")
    yield server
    server.stop()
