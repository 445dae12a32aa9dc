"""Oclgrind's answers, as the pip Oclgrind gave them (tests/debugger/transcripts), read right.

A new Oclgrind that words an answer differently fails here, not in a learner's hands:
record the transcripts again (record_transcripts.py) and see what broke.
"""

import re

import numpy as np
import pytest

from clstudio.checkmode import parse_log
from clstudio.common import kernel_type
from clstudio.debugger import (
    parse_backtrace,
    parse_dump,
    parse_info,
    parse_stop,
    parse_value,
    parse_values,
    read_elements,
    split_fenced,
)
from clstudio.debugger.answers import parse_breakpoints
from clstudio.session import load_session, with_sizes
from debugger.debugger_testing import answer, inputs, transcript


def test_answers_are_split_at_their_fences_and_a_trailing_part_is_left_for_later() -> None:
    text = (
        "Breakpoint 1 hit at line 17 by work-item (5,0,0)\n17\t  c[i] = a[i];\n"
        "Unrecognized command 'clstudio-fence-7f-1'\n"
        "i = 5\nUnrecognized command 'clstudio-fence-7f-2'\npartial"
    )
    assert split_fenced(text, "clstudio-fence-7f") == (
        "Breakpoint 1 hit at line 17 by work-item (5,0,0)\n17\t  c[i] = a[i];",
        "i = 5",
    )


def test_a_breakpoint_hit_names_the_line_and_the_work_item() -> None:
    stop = parse_stop(answer("vector_add", "continue"))
    assert (stop.hit, stop.hit_by, stop.line) == (1, (5, 0, 0), 17)
    assert stop.source.strip() == "c[i] = a[i] + b[i];" and stop.output == ""


def test_after_a_pointer_is_printed_ids_come_in_hexadecimal() -> None:
    # The trap recorded: `print a` leaves Oclgrind's stdout in base 16.
    stop = parse_stop(answer("vector_add", "workitem 10"))
    assert stop.switched_to == (10, 0, 0)
    assert "no-source-line" in stop.messages and stop.line is None and stop.output == ""


def test_info_gives_the_launch_the_current_work_item_and_its_line() -> None:
    info = parse_info(answer("reduction", "info", 1))
    assert info is not None
    assert (info.kernel, info.global_size, info.local_size) == ("reduction", (16, 1, 1), (8, 1, 1))
    assert (info.current, info.line, info.finished) == ((0, 0, 0), 26, False)


def test_info_of_a_finished_work_item_says_so() -> None:
    info = parse_info(answer("vector_add", "info", 3))
    assert info is not None and info.finished and info.current == (5, 0, 0)
    assert info.line is None


def test_the_first_answer_holds_the_kernels_first_line_before_the_launch() -> None:
    first = answer("vector_add", "info")
    assert parse_stop(first).line == 10
    info = parse_info(first)
    assert info is not None and info.global_offset == (0, 0, 0) and info.line == 10


@pytest.mark.parametrize(
    ("command", "occurrence", "message"),
    [
        ("next", 2, "at-barrier"),
        ("workitem 99", 0, "invalid-id"),
        ("workitem 1 2", 0, "invalid-id"),
        ("break 999", 0, "invalid-line"),
        ("delete 7", 0, "no-breakpoint"),
        ("print", 0, "no-variable"),
        ("gmem 3 4", 0, "invalid-address"),
        ("next", 1, "finished"),
        ("workitem 5", 1, "finished"),
    ],
)
def test_refusals_and_states_are_told_apart(command: str, occurrence: int, message: str) -> None:
    name = "reduction" if message == "at-barrier" else "vector_add"
    assert message in parse_stop(answer(name, command, occurrence)).messages


def test_a_step_onto_a_barrier_shows_its_line_and_the_next_step_is_refused() -> None:
    steps = [parse_stop(answer("reduction", "next", n)) for n in range(3)]
    assert [s.line for s in steps] == [27, 28, None]
    assert steps[2].messages == ("at-barrier",)


def test_a_work_item_at_the_barrier_and_others_before_it_show_their_lines() -> None:
    waiting = parse_stop(answer("reduction", "workitem 0"))
    before = parse_stop(answer("reduction", "workitem 4"))
    assert (waiting.switched_to, waiting.line) == ((0, 0, 0), 28)
    assert (before.switched_to, before.line) == ((4, 0, 0), 25)


def test_a_step_that_ends_the_work_item_answers_nothing() -> None:
    finished = parse_stop(answer("vector_add", "next"))
    assert (finished.line, finished.messages, finished.output) == (None, (), "")


def test_printf_output_is_kept_apart_from_the_stop() -> None:
    stop = parse_stop(answer("vectors", "step"))
    assert (stop.output, stop.line) == ("hello 0\n", 19)


def test_an_invalid_write_goes_to_stderr_and_breaks_in_on_its_line() -> None:
    command, stdout, stderr = transcript("vectors")[-2]
    assert command == "next" and parse_stop(stdout).line == 20
    (report,) = parse_log(stderr).reports
    assert report.access == "write" and report.sides[0].line == 20


def test_printed_values_by_name() -> None:
    values = parse_values(answer("vector_add", "print i n a b zz"))
    assert values == {
        "i": "5",
        "n": "16",
        "a": "0x1000000000000",
        "b": "0x2000000000000",
        "zz": "not found",
    }
    assert parse_values(answer("vectors", "print arr[1] tile[1] out[0]")) == {
        "arr[1]": "not a pointer type",
        "tile[1]": "not a pointer type",
        "out[0]": "(0,0,0,0)",
    }


def test_values_of_every_kind_are_read_into_numbers() -> None:
    values = parse_values(answer("vectors", "print v w c s flag d f big arr id tile grid"))
    read = {name: parse_value(text) for name, text in values.items()}
    assert read["v"] == (1, 2.5, -3, 4) and read["w"] == (1, -2, 3, 4)
    assert (read["c"], read["s"], read["flag"], read["big"]) == (-56, -5, 1, -1)
    assert read["d"] == 0.1 and read["f"] == pytest.approx(1 / 3, rel=1e-5)
    assert read["arr"] == (1, 2, 3) and read["grid"] == ((0, 1, 2, 3), (0, 0, 0, 0))
    tile = read["tile"]
    assert isinstance(tile, tuple) and tile[:4] == pytest.approx((0, 1 / 3, 2 / 3, 1), rel=1e-5)
    assert parse_value("0x1000000000000") == 2**48
    assert parse_value("not found") is None and parse_value("(1,2") is None


def test_a_memory_dump_gives_the_exact_elements_the_session_put_there() -> None:
    session = with_sizes(load_session("kernels/vector_add.json"), {"N": 16})
    a, b = inputs(session, "a"), inputs(session, "b")
    dumped = parse_dump(answer("vector_add", "gmem 1000000000010 8"))
    assert dumped is not None
    start, data = dumped
    assert start == 0x1000000000010 and len(data) == 8
    assert read_elements(data, kernel_type("float")) == tuple(float(v) for v in a[4:6])
    dumped = parse_dump(answer("vector_add", "gmem 2000000000014 4"))
    assert dumped is not None
    assert read_elements(dumped[1], kernel_type("float")) == (float(b[5]),)


def test_a_local_memory_dump_reads_as_the_work_groups_floats() -> None:
    dumped = parse_dump(answer("reduction", "lmem 1000000000000 32"))
    assert dumped is not None
    start, data = dumped
    values = read_elements(data, kernel_type("float"))
    assert start == 2**48 and len(values) == 8
    assert values[0] == float(np.frombuffer(data[:4], np.float32)[0])
    assert read_elements(data, kernel_type("float4"))[1] == values[4:8]


def test_backtrace_and_the_breakpoint_list() -> None:
    (frame,) = parse_backtrace(answer("vector_add", "backtrace"))
    assert (frame.depth, frame.function, frame.line) == (0, "vector_add", 17)
    assert parse_breakpoints(answer("vector_add", "info break")) == {1: 17}


def test_an_unknown_command_is_not_mistaken_for_a_stop() -> None:
    stop = parse_stop(answer("vector_add", "frobnicate"))
    assert stop.line is None and stop.output == "Unrecognized command 'frobnicate'\n"


def test_every_recorded_answer_line_is_understood() -> None:
    """Each line of each answer matches a format the parser knows: only printf, the listing
    of `list` and the refusal of an unknown command are left as output."""
    allowed = re.compile(r"^(hello \d+|Unrecognized command 'frobnicate')$")
    for name in ("vector_add", "reduction", "vectors", "helper"):
        for command, stdout, _ in transcript(name):
            if command.startswith(("print", "gmem", "lmem", "backtrace", "info", "list")):
                continue  # read by their own parsers, tested above
            for row in parse_stop(stdout).output.splitlines():
                assert allowed.match(row), (name, command, row)


def test_a_step_into_a_function_names_it_and_the_backtrace_gives_the_depth() -> None:
    inside = parse_stop(answer("helper", "step"))
    assert (inside.function, inside.line, inside.source) == ("twice", 1, "float twice(float x)")
    frames = parse_backtrace(answer("helper", "backtrace"))
    assert [(f.depth, f.function, f.line) for f in frames] == [(1, "twice", 1), (0, "scaled", 10)]


def test_returning_to_a_breakpoints_line_names_the_caller_again() -> None:
    back = parse_stop(answer("helper", "next", 2))
    assert (back.hit, back.hit_by, back.function, back.line) == (1, (2, 0, 0), "scaled", 10)
    (frame,) = parse_backtrace(answer("helper", "backtrace", 1))
    assert frame.depth == 0
