"""The debugger against the real Oclgrind: stops, steps, barriers, local memory, Stop."""

import threading
from collections.abc import Iterator
from dataclasses import replace

import pytest

from clstudio.debugger import (
    BARRIER,
    BREAKPOINT,
    ENDED,
    FINISHED,
    NOT_STARTED,
    STEP,
    SWITCHED,
    DebugDriver,
    format_debug,
    plan_debug,
    run_script,
)
from clstudio.debugger.pipe import DebuggerProcess
from clstudio.devices import DeviceSelector
from clstudio.session import BufferArg, load_session, with_sizes
from debugger.debugger_testing import KERNELS, SESSIONS, gone, inputs, needs_oclgrind

pytestmark = [pytest.mark.opencl, needs_oclgrind]


@pytest.fixture
def reduction() -> Iterator[DebugDriver]:
    session = with_sizes(load_session(KERNELS / "reduction.json"), {"N": 64, "L": 16})
    driver = DebugDriver(plan_debug(session, (26,), (3,)))
    yield driver
    driver.stop()
    driver.close()


def test_vector_add_stops_in_work_item_5_at_its_addition_with_both_inputs() -> None:
    session = load_session(KERNELS / "vector_add.json")
    driver = DebugDriver(plan_debug(session, (17,), (5,)))
    try:
        stop = driver.start()
        assert (stop.reason, stop.line, stop.source) == (BREAKPOINT, 17, "c[i] = a[i] + b[i];")
        assert stop.work_item is not None and stop.work_item.global_id == (5, 0, 0)
        i, a5, b5 = driver.values(["i", "a[i]", "b[5]"])
        a, b = inputs(session, "a"), inputs(session, "b")
        assert (i.value, i.type_name) == (5, "size_t")
        assert (a5.value, a5.type_name, b5.value) == (float(a[5]), "float", float(b[5]))
        window = driver.global_window("a", 5, radius=2)
        assert window is not None and (window.first, window.count) == (3, 1048576)
        assert window.values == tuple(float(v) for v in a[3:8])
        assert driver.step_over().reason == FINISHED
    finally:
        driver.stop()
        driver.close()


def test_reduction_through_two_rounds_shows_stride_lid_and_scratch(reduction: DebugDriver) -> None:
    stop = reduction.start()
    assert (stop.reason, stop.line) == (BREAKPOINT, 26)
    assert stop.work_item is not None and stop.work_item.local_id == (3, 0, 0)
    seen = []
    for _ in range(2):
        values = {v.expression: v.value for v in reduction.variables()}
        seen.append((values["lid"], values["stride"]))
        (scratch,) = reduction.local_arrays()
        assert (scratch.name, scratch.space, scratch.count) == ("scratch", "local", 16)
        stop = reduction.resume()
        assert (stop.reason, stop.line) == (BREAKPOINT, 26)
    assert seen == [(3, 8), (3, 4)]
    (after,) = reduction.local_arrays()
    # Since the last read, round two (stride 4) added scratch[lid + 4] into scratch[lid]
    # for lid < 4, and changed nothing else.
    assert after.changed == (0, 1, 2, 3)
    before_3, before_7, after_3 = scratch.values[3], scratch.values[7], after.values[3]
    assert isinstance(before_3, float) and isinstance(before_7, float)
    assert after_3 == pytest.approx(before_3 + before_7, rel=1e-6)


def test_steps_reach_the_barrier_then_pass_it_once_the_group_has_arrived(
    reduction: DebugDriver,
) -> None:
    reduction.start()
    assert reduction.step_over().line == 27
    at_barrier = reduction.step_over()
    assert (at_barrier.reason, at_barrier.line) == (BARRIER, 28)
    waiting = reduction.barrier_state()
    assert waiting is not None and waiting.arrived == ((3, 0, 0),)
    assert len(waiting.not_arrived) == 15
    after = reduction.step_over()
    assert (after.reason, after.line) == (STEP, 25)
    assert reduction.step_over().line == 26
    assert {v.expression: v.value for v in reduction.variables()}["stride"] == 4


def test_the_paused_state_marks_what_the_line_touches_and_who_waits_at_the_barrier(
    reduction: DebugDriver,
) -> None:
    reduction.start()
    at_addition = reduction.step_over()  # scratch[lid] += scratch[lid + stride]
    assert at_addition.line == 27
    state = reduction.paused()
    assert {v.expression: v.value for v in state.variables}["stride"] == 8
    (scratch,) = state.local_arrays
    assert (scratch.name, scratch.focus) == ("scratch", 3)
    x, partial = state.buffers
    assert (x.name, x.count, x.focus, partial.count) == ("x", 64, None, 4)
    assert state.barrier is None
    reduction.step_over()
    waiting = reduction.paused().barrier
    assert waiting is not None and (waiting.line, waiting.arrived) == (28, ((3, 0, 0),))


def test_after_a_memory_dump_the_next_stop_still_names_its_work_item() -> None:
    session = load_session(SESSIONS / "helper.json")
    spec = session.args["v"]
    assert isinstance(spec, BufferArg)
    wider = replace(
        session.with_ndrange((32,), session.local_size), args={"v": replace(spec, shape=(32,))}
    )
    driver = DebugDriver(plan_debug(wider, (9, 11), (17,)))  # 17 is "11" in base 16
    try:
        assert driver.start().line == 9
        (read,) = driver.values(["v[17]"])  # read as a memory dump, which leaves hex on
        assert read.value == 3.0
        again = driver.resume()  # work-item 17 itself reaches line 11 next
        assert (again.reason, again.line) == (BREAKPOINT, 11)
        assert again.work_item is not None and again.work_item.global_id == (17, 0, 0)
    finally:
        driver.stop()
        driver.close()


def test_another_work_item_is_followed_from_where_it_is(reduction: DebugDriver) -> None:
    reduction.start()
    other = reduction.switch((5,))
    assert other.reason == SWITCHED and other.work_item is not None
    assert other.work_item.global_id == (5, 0, 0)
    resumed = reduction.resume().work_item
    assert resumed is not None and resumed.global_id == (5, 0, 0)
    assert {v.expression: v.value for v in reduction.variables()}["lid"] == 5
    later = reduction.switch((20,))  # in a group that has not started
    assert later.reason == NOT_STARTED and later.work_item is not None
    assert later.work_item.group_id == (1, 0, 0)
    refused = reduction.switch((640,))
    assert refused.error is not None and "640" in refused.error.message


def test_step_into_a_function_shows_its_variables_and_step_out_returns() -> None:
    driver = DebugDriver(plan_debug(load_session(SESSIONS / "helper.json"), (10,), (2,)))
    try:
        first = driver.start()
        assert (first.line, first.depth) == (10, 0)
        inside = driver.step_into()
        assert (inside.function, inside.depth) == ("twice", 1)
        assert {v.expression: v.value for v in driver.variables()} == {"x": 3.0}
        back = driver.step_out()
        assert (back.function, back.depth, back.line) == ("scaled", 0, 10)
        assert driver.step_over().line == 11
        (doubled,) = driver.values(["v[2]"])
        assert doubled.value == 6.0
    finally:
        driver.stop()
        driver.close()


def test_an_endless_loop_is_stopped_and_its_process_is_gone() -> None:
    session = load_session(SESSIONS / "spin.json")
    driver = DebugDriver(plan_debug(session, (6,)))
    stopper = threading.Timer(2.0, driver.stop)
    try:
        stopper.start()
        stop = driver.start()  # the kernel never reaches line 6: only Stop ends this
        assert stop.reason == ENDED and stop.error is not None
        assert stop.error.stage == "cancelled"
        assert driver.resume() == stop  # over is over
    finally:
        stopper.cancel()
        driver.close()
    assert driver.pid is not None and gone(driver.pid)


def test_a_debugger_that_stops_answering_is_killed_at_the_time_limit() -> None:
    plan = plan_debug(load_session(SESSIONS / "spin.json"), (6,))
    driver = DebugDriver(replace(plan, answer_limit_s=3.0))
    try:
        stop = driver.start()
        assert stop.reason == ENDED and stop.error is not None
        assert stop.error.stage == "timeout" and "3 s" in stop.error.message
    finally:
        driver.close()
    assert gone(driver.pid)


def test_a_kernel_that_does_not_build_ends_the_run_with_the_compilers_words() -> None:
    session = load_session(SESSIONS / "spin.json")
    broken = replace(session, source=session.source.replace("i++;", "i++"))
    driver = DebugDriver(plan_debug(broken, (3,)))
    try:
        stop = driver.start()
    finally:
        driver.close()
    assert stop.reason == ENDED and stop.error is not None and stop.error.stage == "build"
    assert driver.simulator_found


def test_without_oclgrind_the_run_ends_saying_how_to_get_it() -> None:
    plan = plan_debug(load_session(SESSIONS / "spin.json"), (3,))
    elsewhere = replace(plan.session, device=DeviceSelector(platform="No Such Simulator"))
    run = run_script(replace(plan, session=elsewhere))
    assert not run.ok and not run.simulator_found
    assert run.error is not None and run.error.stage == "validate"
    assert "make oclgrind" in run.error.message
    assert "The debugger runs the kernel on Oclgrind" in format_debug(run)


def test_an_invalid_write_breaks_in_with_oclgrinds_report() -> None:
    driver = DebugDriver(plan_debug(load_session(SESSIONS / "vectors.json"), (20,), (2,)))
    try:
        assert driver.start().line == 20
        stop = driver.step_over()
    finally:
        driver.stop()
        driver.close()
    assert stop.reason == "error" and "Invalid write of size 4" in stop.oclgrind


def test_a_process_started_ahead_runs_the_plan_it_is_given() -> None:
    """What the window does while its Debug dock is in view: the process boots (its imports
    done) before the user's Debug, which then only sends it the plan."""
    session = load_session(KERNELS / "vector_add.json")
    ready = DebuggerProcess()
    driver = DebugDriver(plan_debug(session, (17,), (5,)), ready)
    try:
        stop = driver.start()
        assert (stop.reason, stop.line) == (BREAKPOINT, 17)
        assert driver.pid == ready.pid
    finally:
        driver.stop()
        driver.close()
    assert gone(ready.pid)


def test_a_process_started_with_other_switches_is_replaced_by_a_fresh_one() -> None:
    plan = plan_debug(load_session(KERNELS / "vector_add.json"), (17,), (5,))
    ready = DebuggerProcess((("OCLGRIND_INTERACTIVE", "1"),))  # no PYOPENCL_NO_CACHE
    driver = DebugDriver(plan, ready)
    try:
        assert driver.start().line == 17
        assert driver.pid != ready.pid and gone(ready.pid)
    finally:
        driver.stop()
        driver.close()


def test_a_process_started_ahead_and_never_needed_ends_with_its_close() -> None:
    ready = DebuggerProcess()
    ready.close()
    assert gone(ready.pid) and ready.exit_code() is not None
