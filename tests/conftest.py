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

# The suite leaves pyopencl's drivers where pip put them: the environment may be shared
# with other checkouts. tests/devices/test_oclgrind_icd.py moves Oclgrind in a copy.
os.environ["CLSTUDIO_SHARED_OCLGRIND"] = "1"

import pytest

from clstudio.devices.oclgrind_icd import pyopencl_libs, shared_layout_icds
from clstudio.devices.pip_runtimes import worker_environment
from clstudio.worker.check_client import CheckClient


def _see_a_moved_oclgrind() -> None:
    """Once a CL Studio run outside the suite has moved Oclgrind's entry out of the
    loader's sight (devices/oclgrind_icd.py), this process sees it again as pip put it, as
    the suite's workers do; before any driver is asked for its platforms."""
    libs = pyopencl_libs()
    private = shared_layout_icds(libs) if libs is not None else ()
    if private:
        folder = Path(tempfile.mkdtemp(prefix="clstudio-test-vendors-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        os.environ.update(worker_environment(folder, os.environ, runtimes=(), private=private))


_see_a_moved_oclgrind()


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
