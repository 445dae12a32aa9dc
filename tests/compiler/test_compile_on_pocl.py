"""The compiler view end to end: a worker of its own builds and launches on PoCL's CPU device."""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from clstudio.compiler import compare_builds
from clstudio.session import DeviceSelector, load_session
from clstudio.worker.compiler_client import CompilerClient
from clstudio.worker.process import SCRATCH_PREFIX
from compiler.compiler_records import DATA
from typedef_kernels import atax_session

POCL = DeviceSelector(platform="Portable Computing Language", device="")
KERNELS = Path(__file__).parents[2] / "kernels"
FAULTS = Path(__file__).parents[1] / "faults"
PACKED = re.compile(r"^v?(?:mul|add|fmadd\d*|maskmov)ps$")

pytestmark = pytest.mark.opencl


@pytest.fixture
def client() -> Iterator[CompilerClient]:
    """Each compile is a fresh worker anyway; a client per test waits at its close for the
    ends of its workers (they end after answering), so none outlives its test."""
    compiler = CompilerClient()
    yield compiler
    compiler.close()


def test_saxpy_vectorises_its_work_group_loop_with_packed_instructions(
    client: CompilerClient,
) -> None:
    session = replace(load_session(KERNELS / "saxpy.json"), device=POCL)
    result = client.compile(session)
    assert result.ok, result.error
    assert result.added_options == "-g" and result.options == ""
    vectorised = [r for r in result.remarks if r.kind == "vectorised"]
    assert vectorised and all(r.width > 1 for r in vectorised)
    assert result.summary is not None and result.summary.vectorised
    assert result.summary.vector_width == vectorised[0].width
    assert result.asm is not None
    packed = [row for row in result.asm.lines if PACKED.match(row.mnemonic)]
    assert packed and all(re.search(r"\b[xyz]mm\d+", row.text) for row in packed)
    assert result.summary.private_mem_bytes is not None
    assert result.summary.local_mem_bytes == 0
    assert result.kernel_ns is not None and result.kernel_ns > 0


def test_row_sum_is_told_why_and_fast_math_changes_it(client: CompilerClient) -> None:
    session = load_session(DATA / "row_sum.json")
    plain = client.compile(session)
    fast = client.compile(replace(session, build_options="-cl-fast-relaxed-math"))
    assert plain.ok and fast.ok, (plain.error, fast.error)
    reorder = [r for r in plain.remarks if "reorder floating-point" in r.reason]
    assert [(r.line, r.column) for r in reorder] == [(10, 13)]
    assert plain.compiled_local_size == (64,) == fast.compiled_local_size
    change = compare_builds(plain, fast)
    assert change.changes and change.options == ("", "-cl-fast-relaxed-math")
    assert any(r.kind == "vectorised" for r in change.remarks_new)
    assert reorder[0] in change.remarks_gone


def test_a_broken_kernel_gives_its_build_log_and_leaves_no_files(client: CompilerClient) -> None:
    session = load_session(DATA / "row_sum.json")
    broken = replace(session, source=session.source.replace("sum += ", "sum += undefined_name + "))
    result = client.compile(broken)
    client.close()  # waits for the worker, which ends after it has answered
    assert not result.ok and result.error_stage == "build"
    assert "undefined_name" in result.build_log and result.summary is None
    # The worker's scratch folder, which held its PoCL cache, went with the worker.
    mine = f"{SCRATCH_PREFIX}{os.getpid()}-"
    assert not list(Path(tempfile.gettempdir()).glob(f"{mine}*"))


def test_the_windows_client_boots_each_compiles_worker_ahead_and_each_is_still_fresh() -> None:
    """A fresh driver for every compile: the same kernel's second build prints its remarks
    again, from a worker that booted while the first compile's result was shown."""
    client = CompilerClient(ready_next=True)
    try:
        client.prepare()
        session = load_session(DATA / "row_sum.json")
        first, second = client.compile(session), client.compile(session)
    finally:
        client.close()
    assert first.ok and second.ok, (first.error, second.error)
    assert first.remarks and first.remarks == second.remarks
    mine = f"{SCRATCH_PREFIX}{os.getpid()}-"
    assert not list(Path(tempfile.gettempdir()).glob(f"{mine}*"))


def test_a_typedefd_kernel_s_listing_is_tied_to_its_own_source_not_the_type_probe_s(
    client: CompilerClient, tmp_path: Path
) -> None:
    """The worker builds a probe program beside the session's to learn what DATA_TYPE is:
    the listing follows the session's copy, every time (it followed either, by chance)."""
    session = atax_session(tmp_path)
    for _ in range(3):
        result = client.compile(session)
        assert result.ok, result.error
        assert result.asm is not None
        lines = {row.line for row in result.asm.lines if row.line}
        assert lines and max(lines) <= len(session.source.splitlines())


def test_a_device_that_does_not_exist_is_named(client: CompilerClient) -> None:
    session = replace(
        load_session(DATA / "row_sum.json"), device=DeviceSelector(platform="No Such", device="")
    )
    result = client.compile(session)
    assert not result.ok and result.error_stage == "device"
    assert "no OpenCL device matches" in result.error


def test_a_kernel_that_crashes_its_launch_is_blamed_and_the_next_compile_works(
    client: CompilerClient,
) -> None:
    result = client.compile(
        replace(load_session(FAULTS / "wild_write" / "session.json"), device=POCL)
    )
    assert not result.ok and result.error_stage == "crash"
    assert "SIGSEGV" in result.error and "out-of-bounds" in result.error
    assert client.compile(load_session(DATA / "row_sum.json")).ok


def test_a_launch_the_device_refuses_still_shows_the_build(client: CompilerClient) -> None:
    session = replace(load_session(FAULTS / "local_size_over_limit" / "session.json"), device=POCL)
    result = client.compile(session)
    assert not result.ok and result.error_stage == "launch"
    assert "local size" in result.error or "work-group" in result.error
