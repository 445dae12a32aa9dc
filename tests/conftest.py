"""Shared test set-up: headless Qt, and a clear skip where no OpenCL device exists."""

import atexit
import locale
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

# Before any QApplication exists: tests never need a screen. The offscreen platform's
# own screen is 800 x 600; tests get a common desktop size instead.
if os.environ.get("QT_QPA_PLATFORM", "offscreen") == "offscreen":
    screen = os.path.join(os.path.dirname(__file__), "offscreen-screen.json")
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={screen}"

# The texts tests expect are English, whatever the machine's language; the tests of the
# translations choose their language themselves (tests/common/test_translation.py).
os.environ["CLSTUDIO_LANGUAGE"] = "en"

import pytest

from clstudio.devices.pip_runtimes import worker_environment
from clstudio.worker.check_client import CheckClient
from ssh_server import SshServer, why_no_server


def _see_the_drivers_a_worker_sees() -> None:
    """Tests run kernels in this process too (Backends.in_process()): it is shown Oclgrind
    from CL Studio's own folder (devices/oclgrind_home.py) as a worker is, before any
    driver is asked for its platforms. Intel's runtime needs LD_LIBRARY_PATH from the
    process's start, so it is left to the workers."""
    folder = Path(tempfile.mkdtemp(prefix="clstudio-test-vendors-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    os.environ.update(worker_environment(folder, os.environ, runtimes=()))


_see_the_drivers_a_worker_sees()


def _has_opencl_device() -> bool:
    try:
        import pyopencl as cl

        return any(p.get_devices() for p in cl.get_platforms())
    except Exception:  # any driver failure means the same thing here: no device to test on
        return False


HAS_DEVICE = _has_opencl_device()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if HAS_DEVICE:
        return
    skip = pytest.mark.skip(reason="no OpenCL device: pip install pocl-binary-distribution")
    for item in items:
        if "opencl" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Measured peaks and other user data go under tmp_path, never to the user's folder."""
    monkeypatch.setenv("CLSTUDIO_DATA_DIR", str(tmp_path / "clstudio-data"))


@pytest.fixture(autouse=True)
def _c_library_forgets_the_language() -> None:
    """Each test starts with glibc's message cache empty.

    glibc's gettext (strerror's "No such file or directory", in every OSError) reads
    LANGUAGE at each call but caches each answer under the locale's name alone, once Qt
    has set the locale: a text met while a test had LANGUAGE=zh_CN stayed Chinese for every
    later test. textdomain() with the same name tells glibc that the environment changed
    (gettext's documented signal), which empties that cache; earlier tests' monkeypatches
    are undone by now.
    """
    locale.textdomain(locale.textdomain(None))


@pytest.fixture(scope="module")
def check_client() -> Iterator[CheckClient]:
    """Check mode's worker, one for a test module's checks (each starts a simulator run)."""
    client = CheckClient()
    yield client
    client.close()


@pytest.fixture(scope="module")
def ssh_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SshServer]:
    """One ssh server for a test module: starting sshd and setting up the remote side is
    slow. Skipped with the reason where this machine cannot start one."""
    reason = why_no_server()
    if reason is not None:
        pytest.skip(reason)
    server = SshServer(Path(tmp_path_factory.mktemp("sshd")))
    yield server
    server.stop()
