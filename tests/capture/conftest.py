"""The two recorders of Python programs: the C layer where a compiler built it, and the
hook's own Python where none did. Modules that capture Python programs run under both."""

import importlib.util
from pathlib import Path

import pytest

from capture import learner_programs


@pytest.fixture(params=["layer", "python"])
def recorder(
    request: pytest.FixtureRequest,
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
) -> str:
    """`layer`: the machine as it is (the layer built, once, into CL Studio's cache);
    `python`: the commands run with no compiler on their PATH and an empty cache, so that
    no layer can be built."""
    if request.param == "python":
        if importlib.util.find_spec("ziglang") is not None:
            pytest.skip("ziglang from pip would build the layer")
        folder = tmp_path_factory.mktemp("no-layer")
        hidden = {
            "PATH": learner_programs.no_compiler_path(folder),
            "CC": "",
            "XDG_CACHE_HOME": str(Path(folder) / "empty-cache"),
        }
        monkeypatch.setattr(learner_programs, "RECORDER_ENVIRONMENT", hidden)
    return str(request.param)
