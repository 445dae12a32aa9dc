"""With `clstudio[intel]` installed, the worker sees Intel's CPU runtime beside PoCL, and
every gallery example gives the same outputs on both, within its references' tolerance."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from clstudio.devices import DeviceSelector, installed_runtimes
from clstudio.references import reference_output
from clstudio.session import examples, load_session
from clstudio.session.gallery import Example
from clstudio.validation.portability import shortfalls_text
from clstudio.worker.client import WorkerClient

pytestmark = [
    pytest.mark.opencl,
    pytest.mark.skipif(
        not installed_runtimes(),
        reason="Intel's CPU runtime is not installed: make intel (CI installs it)",
    ),
]
POCL = DeviceSelector(platform="Portable Computing Language")
INTEL = DeviceSelector(platform="Intel")
GALLERY = examples()


def test_the_worker_lists_both_cpu_drivers_with_intels_last(client: WorkerClient) -> None:
    inventory = client.devices()
    names = [p.name for p in inventory.platforms]
    assert names[-1] == "Intel(R) OpenCL"
    assert "Portable Computing Language" in names
    intel = next(d for d in inventory.devices() if d.platform_name == "Intel(R) OpenCL")
    assert intel.type == "CPU"
    assert str(intel.value("CL_DEVICE_OPENCL_C_VERSION")).startswith("OpenCL C 3.")
    # Nothing chosen: installing the extra does not change the default device.
    default = inventory.select(None)
    assert default is not None and default.platform_name != "Intel(R) OpenCL"


@pytest.mark.parametrize("example", GALLERY, ids=lambda example: example.name)
def test_each_example_agrees_on_pocl_and_intel(client: WorkerClient, example: Example) -> None:
    session = replace(load_session(example.path), repeats=1)
    on_intel = client.run(replace(session, device=INTEL))
    assert on_intel.ok, on_intel.error
    assert on_intel.device != ""
    on_pocl = client.run(replace(session, device=POCL))
    if not on_pocl.ok and on_pocl.error is not None and on_pocl.error.stage == "build":
        # An OpenCL C 2.0 example: PoCL judges -cl-std=CL2.0 itself and fails at its link;
        # the reason in words stands beside its message (status bar, clstudio run).
        device = client.devices().select(POCL)
        assert device is not None
        why = shortfalls_text(session.source, session.build_options, device)
        assert "work-group collective functions" in why, on_pocl.error.message
        return
    assert on_pocl.ok, on_pocl.error
    assert on_pocl.device.startswith("pthread-")
    for name, reference in session.references.items():
        intel, pocl = (reference_output(name, run.outputs) for run in (on_intel, on_pocl))
        assert intel is not None and pocl is not None, name
        np.testing.assert_allclose(
            intel.astype(np.float64),
            pocl.astype(np.float64),
            rtol=reference.rtol,
            atol=reference.atol,
            err_msg=f"{example.name}: {name} differs between Intel's runtime and PoCL",
        )
