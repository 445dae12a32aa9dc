"""Reading Oclgrind's log: messages in the formats of its sources, as this machine printed them."""

from clstudio.checkmode import BufferRegion, find_problems, parse_log
from clstudio.common import KernelArgInfo

RACE = """
Read-write data race at local memory address 0x1000000000004
\tKernel: rotate
\t
\tFirst entity:  Global(1,0,0) Local(1,0,0) Group(0,0,0)
\t  store float %1, float addrspace(3)* %arrayidx2, align 4, !dbg !26
\tAt line 4 (column 12) of input.cl:
\t  tmp[l] = data[get_global_id(0)];
\t
\tSecond entity: Global(0,0,0) Local(0,0,0) Group(0,0,0)
\t  %6 = load float, float addrspace(3)* %arrayidx5, align 4, !dbg !27
\tAt line 5 (column 29) of input.cl:
\t  data[get_global_id(0)] = tmp[(l + 1) % get_local_size(0)];
\t
"""
DIVERGENCE = """
Work-group divergence detected (barrier)
\tKernel:     half_barrier
\tWork-group: (0,0,0)
\tOnly 8 out of 16 work-items executed barrier
\t  call spir_func void @_Z7barrierj(i32 noundef 1) #5, !dbg !25
\tAt line 5 (column 9) of input.cl:
\t  barrier(CLK_LOCAL_MEM_FENCE);
\t
"""
FALSE_API_ERROR = """
Oclgrind - OpenCL runtime error detected
\tFunction: clGetDeviceInfo
\tError:    CL_INVALID_VALUE
\tFor argument 'param_name'

"""
PYOPENCL_PROBE = """
Oclgrind - OpenCL runtime error detected
\tFunction: clCreateKernel
\tError:    CL_INVALID_KERNEL_NAME
\tKernel '_source' not found

"""
REAL_API_ERROR = """
Oclgrind - OpenCL runtime error detected
\tFunction: clEnqueueNDRangeKernel
\tError:    CL_INVALID_WORK_GROUP_SIZE
\tlocal_work_size[0]=2048 exceeds device maximum of 1024

"""
SOURCE = """// rotate
__kernel void rotate(__global float *data, __local float *tmp) {
    int l = get_local_id(0);
    tmp[l] = data[get_global_id(0)];
    data[get_global_id(0)] = tmp[(l + 1) % get_local_size(0)];
}
"""
ARGS = (
    KernelArgInfo("data", "float*", "global", "none", False),
    KernelArgInfo("tmp", "float*", "local", "none", False),
)


def race_copy(first: int, second: int, address: int) -> str:
    return (
        RACE.replace("Global(1,0,0) Local(1,0,0)", f"Global({first},0,0) Local({first},0,0)")
        .replace("Global(0,0,0) Local(0,0,0)", f"Global({second},0,0) Local({second},0,0)")
        .replace("0x1000000000004", hex(address))
    )


def test_a_race_has_both_sides_with_their_lines_and_work_items() -> None:
    (report,) = parse_log(RACE).reports
    assert report.kind == "data-race" and report.space == "local" and report.access == "read-write"
    first, second = report.sides
    assert (first.line, first.column, first.access) == (4, 12, "store")
    assert (second.line, second.column, second.access) == (5, 29, "load")
    assert first.who is not None and second.who is not None
    assert first.who.global_id == (1, 0, 0) and second.who.group == (0, 0, 0)
    assert second.code == "data[get_global_id(0)] = tmp[(l + 1) % get_local_size(0)];"


def test_thousands_of_reports_of_one_race_are_one_problem_with_the_count() -> None:
    log = "".join(race_copy(i + 1, i, 0x1000000000000 + 4 * i) for i in range(1500))
    (problem,) = find_problems(parse_log(log), SOURCE, ARGS)
    assert problem.count == 1501  # work-items on either side, each counted once
    assert [w.global_id for w in problem.first] == [(1, 0, 0), (0, 0, 0), (2, 0, 0)]
    assert (problem.line, problem.other_line, problem.buffer) == (4, 5, "tmp")
    assert problem.message.startswith("line 4 writes tmp[l] while line 5 reads it")


def test_a_race_reported_read_side_first_still_names_the_write_first() -> None:
    header, first, second = (
        RACE.split("\tFirst entity:")[0],
        *RACE.split("\tFirst entity:")[1].split("\tSecond entity:"),
    )
    log = f"{header}\tFirst entity:{second}\tSecond entity:{first}"
    (problem,) = find_problems(parse_log(log), SOURCE, ARGS)
    assert (problem.line, problem.other_line) == (4, 5)
    assert problem.message.startswith("line 4 writes tmp[l] while line 5 reads it")


def test_barrier_divergence_counts_work_groups() -> None:
    log = DIVERGENCE + DIVERGENCE.replace("Work-group: (0,0,0)", "Work-group: (1,0,0)")
    (problem,) = find_problems(parse_log(log), SOURCE)
    assert problem.kind == "barrier-divergence" and problem.line == 5 and problem.count == 2
    assert problem.first[0].global_id is None and problem.work_group == (0, 0, 0)
    assert "only 8 of the 16 work-items" in problem.message
    assert "2 work-groups" in problem.who()


def test_pyopencls_own_probes_are_not_reported_but_a_real_api_error_is() -> None:
    parsed = parse_log(FALSE_API_ERROR + PYOPENCL_PROBE + REAL_API_ERROR)
    (problem,) = find_problems(parsed, SOURCE)
    assert problem.kind == "api-error" and problem.severity == "note" and problem.line == 0
    assert "CL_INVALID_WORK_GROUP_SIZE" in problem.message


def test_missing_source_lines_and_unknown_locations_give_line_zero() -> None:
    log = (
        "Invalid read of size 4 at global memory address 0x1000000000100\n"
        "\tKernel: k\n\tEntity: Global(3,0,0) Local(3,0,0) Group(0,0,0)\n"
        "\t  %0 = load float\n\tDebugging information not available.\n\n"
        "Invalid write of size 4 at global memory address 0x1000000000104\n"
        "\tKernel: k\n\tEntity: Global(4,0,0) Local(4,0,0) Group(0,0,0)\n"
        "\t(location unknown)\n\n"
    )
    problems = find_problems(parse_log(log), SOURCE)
    assert [(p.kind, p.line) for p in problems] == [
        ("out-of-bounds-read", 0),
        ("out-of-bounds-write", 0),
    ]
    assert problems[0].message.startswith("the kernel reads outside")


def test_a_location_in_another_file_has_no_line_in_the_editor() -> None:
    log = RACE.replace("of input.cl:", "of helpers.h:")
    (problem,) = find_problems(parse_log(log), SOURCE, ARGS)
    assert problem.line == 0


def test_the_suppression_notice_is_seen_and_driver_chatter_ignored() -> None:
    log = RACE + "\nOclgrind: 1000 errors generated - suppressing further errors\n\n"
    parsed = parse_log(log, "pocl warning: something\n" + FALSE_API_ERROR)
    assert parsed.suppressed and len(parsed.reports) == 1


UNKNOWN = """
Work-item exceeded its stack of wombats
\tKernel: rotate
\tEntity: Global(2,0,0) Local(2,0,0) Group(0,0,0)
\t  %6 = load float, float addrspace(3)* %arrayidx5, align 4, !dbg !27
\tAt line 5 (column 29) of input.cl:
\t  data[get_global_id(0)] = tmp[(l + 1) % get_local_size(0)];
\twombats=7, limit=4
\t
"""


def test_a_message_no_pattern_knows_is_a_problem_with_oclgrinds_words_and_line() -> None:
    (problem,) = find_problems(parse_log(UNKNOWN), SOURCE, ARGS)
    assert problem.kind == "oclgrind-report" and problem.severity == "error"
    assert (problem.line, problem.kernel, problem.count) == (5, "rotate", 1)
    assert "Work-item exceeded its stack of wombats" in problem.message
    assert problem.oclgrind == "Work-item exceeded its stack of wombats"
    assert problem.first[0].global_id == (2, 0, 0)


def test_the_same_words_on_stderr_are_driver_chatter_not_a_report() -> None:
    assert parse_log("", UNKNOWN).reports == ()


def invalid_read(address: int) -> str:
    return (
        f"Invalid read of size 4 at global memory address {hex(address)}\n"
        "\tKernel: rotate\n\tEntity: Global(3,0,0) Local(3,0,0) Group(0,0,0)\n"
        "\t  %0 = load float\n\tAt line 4 (column 14) of input.cl:\n"
        "\t  tmp[l] = data[get_global_id(0)];\n\n"
    )


DATA = BufferRegion("data", 0x1000000000000, 256, 4, "float")


def test_a_read_through_a_null_pointer_is_outside_every_buffer() -> None:
    (problem,) = find_problems(parse_log(invalid_read(0x8)), SOURCE, ARGS, (DATA,))
    assert problem.buffer is None
    assert "through a NULL pointer (address 0x8), outside every buffer" in problem.message


def test_a_wild_address_names_no_buffer_and_a_near_miss_names_its_buffer() -> None:
    (wild,) = find_problems(parse_log(invalid_read(0x7000000000000)), SOURCE, ARGS, (DATA,))
    assert wild.buffer is None and "outside every buffer" in wild.message
    (near,) = find_problems(parse_log(invalid_read(0x1000000000100)), SOURCE, ARGS, (DATA,))
    assert near.buffer == "data"
    assert "element 64 of 'data', which has 64 float elements" in near.message
