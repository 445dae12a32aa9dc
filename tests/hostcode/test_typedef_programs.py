"""A kernel whose argument types typedefs name exports in both languages: the kernel keeps
its DATA_TYPE, the host uses what it stands for, and both programs match the app."""

from pathlib import Path

import numpy as np
import pytest

from clstudio.engine import Engine
from hostcode.exported_programs import export_both, run_saving_outputs, signature_of
from typedef_kernels import atax_session

pytestmark = pytest.mark.opencl


def test_a_typedefd_kernel_exports_builds_runs_and_matches_the_app(tmp_path: Path) -> None:
    session = atax_session(tmp_path)
    result = Engine().run(session)
    assert result.ok, result.error
    assert result.references["tmp"].ok
    commands = export_both(session, signature_of(result, "atax_kernel1"), tmp_path / "out")
    for language, command in commands.items():
        kernel = Path(command[-1]).parent / "atax_kernel1.cl"
        assert "typedef float DATA_TYPE;" in kernel.read_text()
        out = tmp_path / language
        done = run_saving_outputs(command, out)
        assert "tmp: ok" in done.stdout, (language, done.stdout)
        np.testing.assert_array_equal(np.load(out / "tmp.npy"), result.outputs["tmp"])
