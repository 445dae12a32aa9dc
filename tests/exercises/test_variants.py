"""The OpenCL C 2.0 starters: offered only where the device builds them, and checked there.

The reference solutions pass on Intel's CPU runtime (OpenCL C 3.1 with work-group
functions); the bundled PoCL offers 1.2 (and 3.0 without them), so there they are refused
with the reason before any build.
"""

from collections.abc import Iterator
from dataclasses import replace

import pytest

from clstudio.devices import DeviceInfo, DeviceSelector, InfoField, installed_runtimes
from clstudio.engine import InProcessBackend
from clstudio.exercises import FAILING, PASSING, check_kernel, load_catalogue, variant_problem
from clstudio.worker.client import WorkerClient
from exercises.catalogue_testing import exercise_named

CATALOGUE = load_catalogue()
WITH_VARIANTS = [e.name for e in CATALOGUE.exercises if e.variants]
COLLECTIVES = "__opencl_c_work_group_collective_functions"
INTEL = DeviceSelector(platform="Intel")


def device(
    name: str, c_version: str, versions: list[str] | None, features: list[str] | None
) -> DeviceInfo:
    def field(key: str, raw: object) -> InfoField:
        return InfoField(key, key, "Versions", raw, str(raw), "")

    fields = [field("CL_DEVICE_OPENCL_C_VERSION", c_version), field("CL_DEVICE_EXTENSIONS", [])]
    if versions is not None:
        listed = [{"name": "OpenCL C", "version": f"{v}.0"} for v in versions]
        fields.append(field("CL_DEVICE_OPENCL_C_ALL_VERSIONS", listed))
    if features is not None:
        fields.append(field("CL_DEVICE_OPENCL_C_FEATURES", [{"name": f} for f in features]))
    return DeviceInfo(0, 0, name, "CPU", "OpenCL 3.0", "a platform", tuple(fields))


POCL = device(
    "pthread-cpu", "OpenCL C 1.2 PoCL", ["1.0", "1.1", "1.2", "3.0"], ["__opencl_c_int64"]
)
INTEL_CPU = device("cpu", "OpenCL C 3.1 ", ["1.2", "2.0", "3.0", "3.1"], [COLLECTIVES])
OLD_GPU = device("gpu", "OpenCL C 2.0", None, None)
SLIM_GPU = device("slim", "OpenCL C 3.0", ["1.2", "2.0", "3.0"], [])


def test_sum_max_and_softmax_offer_a_cl2_starter_that_needs_work_group_functions() -> None:
    assert WITH_VARIANTS == ["sum_reduction", "max_reduction", "softmax"]
    for name in WITH_VARIANTS:
        (variant,) = exercise_named(CATALOGUE, name).variants
        assert (variant.name, variant.opencl_c, variant.features) == ("cl2", (2, 0), (COLLECTIVES,))
        assert variant.session.build_options == "-cl-std=CL2.0"
        assert "work_group_reduce_" in variant.solution


def test_a_device_offers_a_variant_only_with_its_version_and_features() -> None:
    (variant,) = exercise_named(CATALOGUE, "sum_reduction").variants
    assert variant_problem(variant, INTEL_CPU) is None
    assert variant_problem(variant, OLD_GPU) is None  # 2.0 made work-group functions core
    # PoCL builds -cl-std=CL2.0 (it lists 3.0); the 2.0 work-group functions it lacks.
    assert variant_problem(variant, POCL) == (
        "The starter “OpenCL C 2.0: work_group_reduce_add” needs "
        f"{COLLECTIVES}, which pthread-cpu does not offer."
    )
    assert f"needs {COLLECTIVES}, which slim does not offer" in (
        variant_problem(variant, SLIM_GPU) or ""
    )
    assert "No OpenCL device is chosen" in (variant_problem(variant, None) or "")


@pytest.mark.opencl
def test_on_pocl_a_cl2_kernel_fails_at_the_build_saying_why() -> None:
    exercise = exercise_named(CATALOGUE, "max_reduction")
    (variant,) = exercise.variants
    report = check_kernel(
        exercise, variant.solution, InProcessBackend(), performance=False, variant=variant
    )
    assert {c.stage for c in report.cases} == {"build"}
    # PoCL takes -cl-std=CL2.0; its own link error names the built-in it lacks.
    assert "work_group_reduce_max" in report.cases[0].problem


@pytest.fixture(scope="module")
def intel() -> Iterator[WorkerClient]:
    if not installed_runtimes():
        pytest.skip("Intel's CPU runtime is not installed: make intel (CI installs it)")
    with WorkerClient() as client:
        yield client


@pytest.mark.opencl
@pytest.mark.parametrize("name", WITH_VARIANTS)
def test_on_intels_runtime_the_cl2_solution_passes_and_its_starter_fails(
    name: str, intel: WorkerClient
) -> None:
    exercise = exercise_named(CATALOGUE, name)
    (variant,) = exercise.variants
    solved = check_kernel(
        exercise, variant.solution, intel, performance=False, variant=variant, device=INTEL
    )
    assert [c.problem for c in solved.cases if not c.passed] == []
    assert (solved.status, solved.variant) == (PASSING, "cl2")
    started = check_kernel(
        exercise, variant.starter, intel, performance=False, variant=variant, device=INTEL
    )
    assert started.status == FAILING
    assert all(c.stage in ("", "check") for c in started.cases), started.cases  # it builds


@pytest.mark.opencl
def test_on_intels_runtime_a_cl2_kernel_is_timed_against_the_cl2_solution(
    intel: WorkerClient,
) -> None:
    exercise = exercise_named(CATALOGUE, "sum_reduction")
    (variant,) = exercise.variants
    timed_case = replace(exercise.performance, sizes={"n": 65536}, operations=65536)
    small = replace(exercise, performance=timed_case)
    report = check_kernel(
        small, variant.solution, intel, variant=variant, device=INTEL, peaks=lambda _name: None
    )
    timed = report.performance
    assert timed is not None and timed.problem == ""
    assert timed.kernel_s is not None and timed.kernel_s > 0
    assert timed.roofline is not None and timed.roofline.operations == 65536
    assert timed.roofline.intensity == pytest.approx(65536 / (65536 + 256) / 4)
