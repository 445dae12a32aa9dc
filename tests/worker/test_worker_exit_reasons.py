"""How the worker stopped, in words a learner can act on."""

import pytest

from clstudio.common.run_steps import RUN_STEPS, STEP_NUMBERS, RunStep
from clstudio.worker.exit_reasons import (
    busy_message,
    crash_message,
    exit_name,
    last_words,
    start_failed_message,
    timeout_message,
)

LLVM_ABORT = """\
LLVM ERROR: Cannot select: 0x55d1: v16f32 = fma 0x55d2, 0x55d3, 0x55d4
  0x55d2: v16f32 = BUILD_VECTOR
In function: _pocl_kernel_compute_sp_v16
"""
HEAP_ABORT = "double free or corruption (out)\n"
POCL_ABORT = "Could not find a dominating alternative variable.\n"


@pytest.mark.parametrize(
    ("exitcode", "name"),
    [(-11, "SIGSEGV"), (-6, "SIGABRT"), (-7, "SIGBUS"), (-9, "SIGKILL"), (1, "exit code 1")],
)
def test_exit_names(exitcode: int, name: str) -> None:
    assert exit_name(exitcode) == name


def test_an_unknown_end_is_said_so() -> None:
    assert exit_name(None) == "an unknown cause"


def test_a_segfault_points_at_an_out_of_bounds_access() -> None:
    message = crash_message("running kernel 'wild'", -11, "")
    assert message.startswith("the worker crashed with SIGSEGV while running kernel 'wild'")
    assert "out-of-bounds access (reading or writing past a buffer)" in message
    assert "private array" in message
    assert "restarted" in message


def test_a_heap_abort_points_at_an_overrun_and_quotes_the_c_library() -> None:
    message = crash_message("running kernel 'over'", -6, HEAP_ABORT)
    assert "SIGABRT" in message
    assert "out-of-bounds access" in message
    assert 'It said: "double free or corruption (out)"' in message


def test_an_llvm_abort_blames_the_compiler_even_during_a_run() -> None:
    message = crash_message("running kernel 'mad'", -6, LLVM_ABORT)
    assert "the OpenCL compiler crashed on this source" in message
    assert "LLVM ERROR: Cannot select" in message
    assert "out-of-bounds" not in message


def test_another_abort_blames_the_driver_not_the_learner() -> None:
    message = crash_message("running kernel 'k'", -6, POCL_ABORT)
    assert "the OpenCL driver gave up" in message
    assert "Could not find a dominating alternative variable." in message
    assert "out-of-bounds" not in message


def test_a_crash_while_building_is_a_compiler_crash() -> None:
    message = crash_message("building the program", -11, "", blame="compiler")
    assert "while building the program: the OpenCL compiler crashed" in message


def test_a_crash_while_listing_devices_blames_the_driver() -> None:
    message = crash_message("listing devices", -11, "", blame="driver")
    assert "the OpenCL driver crashed while answering a query" in message


def test_last_words_prefer_the_telling_line_and_stay_short() -> None:
    assert last_words(LLVM_ABORT).startswith("LLVM ERROR: Cannot select")
    assert last_words("noise\nmore noise\n") == "more noise"
    assert last_words("") == ""
    assert len(last_words("x" * 5000)) < 400


@pytest.mark.parametrize("step", [None, "launch"])
def test_a_timeout_in_the_kernel_or_an_unknown_step_blames_the_kernel(step: str | None) -> None:
    message = timeout_message("spin", 2.0, None if step is None else step_of(step))
    assert message.startswith("kernel 'spin' did not finish within 2 s")
    assert "An endless loop?" in message


@pytest.mark.parametrize(
    ("step", "words"),
    [
        ("build", ("step 5 of 11, build the program (clBuildProgram)", "#include a file")),
        ("upload", ("step 9 of 11, copy the inputs", "not the kernel", "smaller")),
        ("buffers", ("step 7 of 11", "make their shapes smaller")),
        ("read back", ("step 11 of 11", "reference expressions")),
        ("context", ("step 2 of 11, create a context (clCreateContext)", "clstudio devices")),
    ],
)
def test_a_timeout_elsewhere_names_its_step_and_fitting_advice(
    step: str, words: tuple[str, str, str] | tuple[str, str]
) -> None:
    message = timeout_message("k", 5.0, step_of(step))
    assert message.startswith("the run of kernel 'k' did not finish within 5 s")
    assert "endless loop" not in message
    for word in words:
        assert word in message


def test_an_editor_build_over_its_limit_names_the_build_step() -> None:
    message = busy_message("building the program", 120.0, step_of("build"))
    assert "at step 5 of 11, build the program (clBuildProgram)" in message
    assert "#include" in message
    assert "driver may hang" in busy_message("listing devices", 60.0)


def test_there_are_eleven_steps_in_the_order_of_a_run() -> None:
    assert len(RUN_STEPS) == 11
    assert [s.key for s in RUN_STEPS][4:] == [
        "build",
        "kernel",
        "buffers",
        "arguments",
        "upload",
        "launch",
        "read back",
    ]


def step_of(key: str) -> RunStep:
    return RUN_STEPS[STEP_NUMBERS[key]]


def test_a_worker_that_cannot_start_quotes_its_error() -> None:
    text = "Traceback ...\nModuleNotFoundError: No module named 'pyopencl'\n"
    message = start_failed_message(1, text)
    assert "could not start (exit code 1)" in message
    assert "No module named 'pyopencl'" in message
