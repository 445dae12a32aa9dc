"""The two recorders of Python programs: the C layer where a compiler built it, and the
hook's own Python where none did. Modules that capture Python programs run under both."""

import importlib.util
from collections.abc import Iterator
from pathlib import Path

import pytest

from capture.learner_programs import no_compiler_path


@pytest.fixture(params=["layer", "python"])
def recorder(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """`layer`: the machine as it is (the layer built, once, into CL Studio's cache);
    `python`: no compiler on the PATH and an empty cache, so that no layer can be built."""
    if request.param == "python":
        if importlib.util.find_spec("ziglang") is not None:
            pytest.skip("ziglang from pip would build the layer")
        folder = tmp_path_factory.mktemp("no-layer")
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("PATH", no_compiler_path(folder))
            patch.setenv("CC", "")
            patch.setenv("XDG_CACHE_HOME", str(Path(folder) / "empty-cache"))
            yield request.param
        return
    yield request.param
