"""InfiniCore's five course operators imported ready to run: named sizes from the host's
shapes and strides (a padded stride among them), the host's NDRange, the arguments in the
host's order, and references with InfiniCore's test tolerances, passing on Intel's CPU
runtime at f32 and f16; then an edit exported into the file and imported again."""

import json
import shutil
from pathlib import Path

import pytest

from clstudio.cli import main
from clstudio.devices import installed_runtimes
from clstudio.embedded import operator_of, read_host_file
from clstudio.session import BufferArg, load_session
from session.session_data import kernel_data

HOST_FILES = Path(__file__).parents[1] / "embedded" / "third_party" / "infinicore"
OPERATORS = ["rms_norm", "causal_softmax", "rope", "swiglu", "gemm"]

needs_intel = pytest.mark.skipif(
    not installed_runtimes(),
    reason="Intel's CPU runtime is not installed: make intel (CI installs it)",
)


def imported(op: str, dtype: str, folder: Path, *more: str) -> tuple[Path, Path]:
    host = folder / f"{op}_opencl.cc"
    shutil.copy(HOST_FILES / host.name, host)
    session = folder / f"{op}-{dtype}.json"
    assert main(["import", str(host), "--dtype", dtype, "-o", str(session), *more]) == 0
    return host, session


def run_json(session: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    capsys.readouterr()
    code = main(["run", str(session), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert isinstance(data, dict)
    assert code == 0, data
    return data


def test_only_infinicore_s_own_files_get_a_profile(tmp_path: Path) -> None:
    for op in OPERATORS:
        host = read_host_file(HOST_FILES / f"{op}_opencl.cc")
        kernel = host.sources[0].kernels[0].name
        assert operator_of(host, kernel) == op
    other = tmp_path / "mine.cc"
    other.write_text('const char *k = R"(kernel void rms_norm(global float *y) {})";\n')
    host = read_host_file(other)
    assert operator_of(host, "rms_norm") is None


@needs_intel
@pytest.mark.opencl
@pytest.mark.parametrize("dtype", ["f32", "f16"])
@pytest.mark.parametrize("op", OPERATORS)
def test_each_operator_opens_ready_and_its_references_pass(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, op: str, dtype: str
) -> None:
    _, path = imported(op, dtype, tmp_path)
    said = capsys.readouterr()
    assert "clSetKernelArgSVMPointer" in said.out
    session = load_session(path)
    assert session.sizes and session.references
    assert session.device is not None and f"built on {session.device.platform}" in said.out
    if dtype == "f16" or op in ("rms_norm", "causal_softmax", "gemm"):
        # PoCL, tried first, has no cl_khr_fp16 and no work-group functions, or leaves
        # no smaller last work-group (OpenCL 1.2): said, and passed over.
        assert "Intel" in session.device.platform
        assert "does not build it" in said.err or "cannot launch it" in said.err
    element = "float16" if dtype == "f16" else "float32"
    buffers = [a for a in session.args.values() if isinstance(a, BufferArg)]
    assert any(element in str(a.dtype) or "half" in str(a.dtype) for a in buffers)
    data = run_json(path, capsys)
    checks = data["references"]
    assert isinstance(checks, dict) and checks
    assert all(check["ok"] for check in checks.values()), checks


@needs_intel
@pytest.mark.opencl
def test_a_padded_stride_leaves_the_gap_as_it_started(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _, path = imported("rms_norm", "f32", tmp_path)
    data = json.loads(path.read_text())
    data["sizes"].update(B=3, H=2, D=100, SXB=320, SXH=150, SYB=256, SYH=128)
    path.write_text(json.dumps(data))
    session = load_session(path)
    y = session.args["y_"]
    assert isinstance(y, BufferArg) and y.shape == (2 * 256 + 128 + 100,)
    checks = run_json(path, capsys)["references"]
    assert isinstance(checks, dict) and all(c["ok"] for c in checks.values()), checks


@needs_intel
@pytest.mark.opencl
@pytest.mark.parametrize("op", OPERATORS)
def test_an_edit_is_exported_into_the_string_alone_and_imported_again(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, op: str
) -> None:
    host, path = imported(op, "f32", tmp_path)
    before = host.read_bytes()
    data = json.loads(path.read_text())
    edited = data["source"].replace("typedef", "// edited in CL Studio\ntypedef", 1)
    if edited == data["source"]:
        edited = "// edited in CL Studio\n" + data["source"]
    data["source"] = edited
    path.write_text(json.dumps(data))
    run_json(path, capsys)  # the edited kernel still passes its references
    assert main(["export", str(path), "--into", str(host)]) == 0
    after = host.read_bytes()
    string = read_host_file(HOST_FILES / host.name).sources[0].string
    text = before.decode()
    assert after.decode().startswith(text[: string.start])
    assert after.decode().endswith(text[string.end :])
    assert read_host_file(host).sources[0].text == edited


def test_a_reference_may_name_a_size_and_an_unknown_name_is_still_refused() -> None:
    from clstudio.session import SessionError, parse_session

    data = kernel_data(
        "kernel void k(global float *y) {}",
        "k",
        ["N"],
        {"y": {"kind": "buffer", "dtype": "float32", "shape": ["N"], "access": "out"}},
        sizes={"N": 8},
        references={"y": {"expr": "np.arange(N) * 2"}},
    )
    assert parse_session(data).references["y"].expr == "np.arange(N) * 2"
    data["references"] = {"y": {"expr": "np.arange(M)"}}
    with pytest.raises(SessionError, match="M"):
        parse_session(data)
