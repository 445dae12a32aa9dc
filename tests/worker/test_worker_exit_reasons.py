"""How the worker stopped, in words a learner can act on."""

import pytest

from clstudio.worker.exit_reasons import (
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
def test_exit_names(exitcode, name):
    assert exit_name(exitcode) == name


def test_an_unknown_end_is_said_so():
    assert exit_name(None) == "an unknown cause"


def test_a_segfault_points_at_an_out_of_bounds_access():
    message = crash_message("running kernel 'wild'", -11, "")
    assert message.startswith("the worker crashed with SIGSEGV while running kernel 'wild'")
    assert "out-of-bounds access (reading or writing past a buffer)" in message
    assert "private array" in message
    assert "restarted" in message


def test_a_heap_abort_points_at_an_overrun_and_quotes_the_c_library():
    message = crash_message("running kernel 'over'", -6, HEAP_ABORT)
    assert "SIGABRT" in message
    assert "out-of-bounds access" in message
    assert 'It said: "double free or corruption (out)"' in message


def test_an_llvm_abort_blames_the_compiler_even_during_a_run():
    message = crash_message("running kernel 'mad'", -6, LLVM_ABORT)
    assert "the OpenCL compiler crashed on this source" in message
    assert "LLVM ERROR: Cannot select" in message
    assert "out-of-bounds" not in message


def test_another_abort_blames_the_driver_not_the_learner():
    message = crash_message("running kernel 'k'", -6, POCL_ABORT)
    assert "the OpenCL driver gave up" in message
    assert "Could not find a dominating alternative variable." in message
    assert "out-of-bounds" not in message


def test_a_crash_while_building_is_a_compiler_crash():
    message = crash_message("building the program", -11, "", blame="compiler")
    assert "while building the program: the OpenCL compiler crashed" in message


def test_a_crash_while_listing_devices_blames_the_driver():
    message = crash_message("listing devices", -11, "", blame="driver")
    assert "the OpenCL driver crashed while answering a query" in message


def test_last_words_prefer_the_telling_line_and_stay_short():
    assert last_words(LLVM_ABORT).startswith("LLVM ERROR: Cannot select")
    assert last_words("noise\nmore noise\n") == "more noise"
    assert last_words("") == ""
    assert len(last_words("x" * 5000)) < 400


def test_the_timeout_names_the_kernel_and_the_limit():
    message = timeout_message("spin", 2.0)
    assert message.startswith("kernel 'spin' did not finish within 2 s")
    assert "endless loop" in message


def test_a_worker_that_cannot_start_quotes_its_error():
    text = "Traceback ...\nModuleNotFoundError: No module named 'pyopencl'\n"
    message = start_failed_message(1, text)
    assert "could not start (exit code 1)" in message
    assert "No module named 'pyopencl'" in message
