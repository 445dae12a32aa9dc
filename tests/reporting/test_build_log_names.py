"""The build log names the session's source, never PoCL's temporary copy of it."""

from clstudio.reporting import named_build_log
from clstudio.session import SourceMap, SourcePart

POCL_LOG = (
    "error: /tmp/tmp.tWLqHbE34y/tempfile_77PYFH.cl:3:12: use of undeclared identifier 'b'\n"
    "Device pthread-AMD EPYC failed to build the program\n"
)


def test_the_drivers_copy_becomes_the_sessions_file() -> None:
    assert named_build_log(POCL_LOG, "saxpy.cl") == (
        "error: saxpy.cl:3:12: use of undeclared identifier 'b'\n"
        "Device pthread-AMD EPYC failed to build the program\n"
    )


def test_a_relative_cache_and_a_cached_program_are_renamed_too() -> None:
    log = (
        "error: pocl-cache/tempfile_GYwfMI.cl:18:27: use of undeclared identifier 'b'\n"
        "/tmp/x/pocl-cache/kcache/AB/CDEF/program.cl:3:5: error: expected ';'\n"
    )
    assert named_build_log(log, "session.json").split("\n") == [
        "error: session.json:18:27: use of undeclared identifier 'b'",
        "session.json:3:5: error: expected ';'",
        "",
    ]


def test_a_program_of_parts_names_the_part_and_its_line() -> None:
    parts = (SourcePart("#define N 4\n#define M 2\n", "defs.h"), SourcePart("k\nk\nk\n", "k.cl"))
    log = "error: /tmp/p/tempfile_Ab12Cd.cl:4:1: boom\n"
    assert named_build_log(log, "s.json", SourceMap(parts)) == "error: k.cl:2:1: boom\n"


def test_the_users_own_files_are_left_as_they_are() -> None:
    log = (
        "/home/me/project/program.cl:3:5: error: expected ';'\n"
        "In file included from /home/me/include/tempfile_notes.h:2:\n"
        "my_tempfile_1.cl:4:1: warning: unused\n"
    )
    assert named_build_log(log, "saxpy.cl") == log
