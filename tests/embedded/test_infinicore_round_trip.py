"""InfiniCore's OpenCL operators (copies under third_party/infinicore/, licence and origin in their
headers): the kernel found in its raw string, the host's -D element types per --dtype,
and an edit written back that changes the kernel string alone."""

import shutil
from pathlib import Path

import pytest

from clstudio.embedded import imported_session, read_host_file, write_back

HOST_FILES = Path(__file__).parent / "third_party" / "infinicore"


@pytest.mark.parametrize(
    ("name", "kernels", "host_lines"),
    [
        ("rms_norm", ["rms_norm"], [34]),
        ("gemm", ["general_gemm"], [30]),
        ("causal_softmax", ["softmax_register", "softmax_global"], [41, 84]),
    ],
)
def test_each_operator_s_kernels_are_found_where_the_file_has_them(
    name: str, kernels: list[str], host_lines: list[int]
) -> None:
    path = HOST_FILES / f"{name}_opencl.cc"
    host = read_host_file(path)
    assert host.problem == "" and host.assembled == ()
    (source,) = host.sources
    assert source.string.quoting == "raw"
    assert [k.name for k in source.kernels] == kernels
    assert [k.host_line for k in source.kernels] == host_lines
    lines = path.read_text().splitlines()
    for kernel in source.kernels:
        assert f"void {kernel.name}(" in lines[kernel.host_line - 1]


@pytest.mark.parametrize(
    ("name", "f32", "f16"),
    [
        (
            "rms_norm",
            "-D Ta=float -D Tw=float -cl-std=CL2.0",
            "-D Ta=half -D Tw=half -cl-std=CL2.0",
        ),
        ("gemm", "-D Tval=float -cl-std=CL2.0", "-D Tval=half -D USE_HALF=1 -cl-std=CL2.0"),
        ("causal_softmax", "-D Tval=float -cl-std=CL2.0", "-D Tval=half -cl-std=CL2.0"),
    ],
)
def test_the_host_s_build_options_take_the_chosen_element_type(
    name: str, f32: str, f16: str
) -> None:
    host = read_host_file(HOST_FILES / f"{name}_opencl.cc")
    assert imported_session(host, host.sources[0], "f32").session.build_options == f32
    assert imported_session(host, host.sources[0], "f16").session.build_options == f16


def test_options_computed_at_run_time_are_said_and_left_to_the_kernel() -> None:
    host = read_host_file(HOST_FILES / "rms_norm_opencl.cc")
    notes = imported_session(host, host.sources[0]).notes
    assert any(n.option == "ITEMS_THREAD" and "default (1) applies" in n.text for n in notes)
    assert any(n.option == "Tc" and "does not use it" in n.text for n in notes)


def test_edit_export_and_import_again(tmp_path: Path) -> None:
    copy = tmp_path / "rms_norm_opencl.cc"
    shutil.copy(HOST_FILES / "rms_norm_opencl.cc", copy)
    before = copy.read_bytes()
    host = read_host_file(copy)
    session = imported_session(host, host.sources[0], "f16").session
    assert session.embedded_in is not None
    string = host.sources[0].string
    edited = session.source.replace("native_rsqrt(", "rsqrt(")
    assert edited != session.source
    write_back(copy, session.embedded_in, edited)
    after = copy.read_bytes()
    start, end = len(before[: string.start].decode()), string.end
    head = before.decode()[:start].encode()
    tail = before.decode()[end:].encode()
    assert after.startswith(head) and after.endswith(tail)
    assert read_host_file(copy).sources[0].text == edited
