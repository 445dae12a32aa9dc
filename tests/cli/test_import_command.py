"""`clstudio import` and `clstudio export --into`: kernels found in host files, opened as
sessions, and written back; hostile files refused with a message, never a traceback."""

import json
import os
import shutil
from pathlib import Path

import pytest

from clstudio.cli import main
from clstudio.devices import installed_runtimes
from clstudio.session import load_session

HOST_FILES = Path(__file__).parents[1] / "embedded" / "third_party" / "infinicore"


needs_intel = pytest.mark.skipif(
    not installed_runtimes(),
    reason="Intel's CPU runtime is not installed: make intel (CI installs it)",
)


def sparse_gigabyte(path: Path) -> None:
    """A file of 1 GiB whose bytes take no room: it must be refused without reading them."""
    path.touch()
    os.truncate(path, 2**30)


def copy_of(name: str, folder: Path) -> Path:
    path = folder / f"{name}_opencl.cc"
    shutil.copy(HOST_FILES / path.name, path)
    return path


def test_list_names_every_kernel_and_where(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = copy_of("causal_softmax", tmp_path)
    assert main(["import", str(path), "--list"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"{path}:41: kernel softmax_register (in the string at line 13)",
        f"{path}:84: kernel softmax_global (in the string at line 13)",
    ]
    assert main(["import", str(path), "--list", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert (listed["format"], listed["version"], listed["language"]) == (
        "clstudio-import-list",
        1,
        "c",
    )
    (source,) = listed["sources"]
    assert (source["index"], source["line"], source["quoting"]) == (3, 13, "raw")
    assert [k["name"] for k in source["kernels"]] == ["softmax_register", "softmax_global"]
    assert listed["assembled"] == [] and listed["problem"] is None


def test_several_sources_ask_for_a_kernel(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "two.py"
    path.write_text(
        "A = '__kernel void first(__global int *a) { a[0] = 1; }'\n"
        "B = '''__kernel void second(__global int *a) { a[0] = 2; }'''\n"
        'C = f"__kernel void {name}(void) {{}}"\n'
    )
    assert main(["import", str(path), "-o", str(tmp_path / "s.json")]) == 1
    said = capsys.readouterr().err
    assert "holds 2 kernel sources; choose one with --kernel NAME" in said
    assert f"{path}:2: kernel second" in said
    assert f"{path}:3: a kernel assembled at run time (joined by f-string)" in said
    assert not (tmp_path / "s.json").exists()
    assert main(["import", str(path), "--kernel", "nowhere"]) == 1
    assert "no kernel function nowhere" in capsys.readouterr().err


@pytest.mark.opencl
def test_import_edit_export_into_and_import_again(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A plain C host file (Apple's hello.c style: a literal a line, `\\` at each end)."""
    host = tmp_path / "hello.c"
    host.write_text(
        "#include <stdio.h>\n"
        'const char *KernelSource = "\\n" \\\n'
        '"__kernel void square(__global float *input,\\n" \\\n'
        '"                     __global float *output,\\n" \\\n'
        '"                     const unsigned int count)\\n" \\\n'
        '"{ size_t i = get_global_id(0);\\n" \\\n'
        '"  if (i < count) output[i] = input[i] * input[i]; }\\n";\n'
        "int main(void) { return 0; }\n"
    )
    before = host.read_bytes()
    session_path = tmp_path / "square.json"
    assert main(["import", str(host), "-o", str(session_path)]) == 0
    said = capsys.readouterr().out
    assert f"wrote {session_path}: kernel square from {host}:2" in said
    session = load_session(session_path)
    assert session.embedded_in is not None and session.embedded_in.quoting == "c"
    assert sorted(session.args) == ["count", "input", "output"]
    # Unedited: the file stays byte for byte.
    assert main(["export", str(session_path), "--into", str(host)]) == 0
    assert host.read_bytes() == before
    data = json.loads(session_path.read_text())
    data["source"] = data["source"].replace("input[i] * input[i]", "2.0f * input[i]")
    session_path.write_text(json.dumps(data))
    assert main(["export", str(session_path), "--into", str(host)]) == 0
    assert "wrote the kernel into" in capsys.readouterr().out
    after = host.read_text()
    assert after.startswith('#include <stdio.h>\nconst char *KernelSource = "\\n" \\\n')
    assert '"  if (i < count) output[i] = 2.0f * input[i]; }\\n";\nint main' in after
    # Someone else edits the file: the next write asks for --force.
    host.write_text(after.replace("int main(void)", "int main(void) /* mine */"))
    data["source"] += "// again\n"
    session_path.write_text(json.dumps(data))
    assert main(["export", str(session_path), "--into", str(host)]) == 1
    assert "has changed since the kernel was read" in capsys.readouterr().err
    assert main(["export", str(session_path), "--into", str(host), "--force"]) == 0
    assert "/* mine */" in host.read_text()
    assert main(["import", str(host), "-o", str(tmp_path / "again.json")]) == 0
    assert load_session(tmp_path / "again.json").source == data["source"]


@needs_intel
@pytest.mark.opencl
def test_an_infinicore_operator_at_f16_builds_on_the_device_that_has_half(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = copy_of("rms_norm", tmp_path)
    session_path = tmp_path / "rms.json"
    assert main(["import", str(path), "--dtype", "f16", "-o", str(session_path)]) == 0
    said = capsys.readouterr().out
    assert "build options: -D Ta=half -D Tw=half -cl-std=CL2.0" in said
    assert "ITEMS_THREAD" in said and "built on Intel" in said
    # The profile computes ITEMS_THREAD: the kernel's default is not said to apply too.
    assert "-D ITEMS_THREAD=1: the host computes it as (D + BLOCK - 1) // BLOCK" in said
    assert "ITEMS_THREAD at run time; the kernel's default (1) applies" not in said
    session = load_session(session_path)
    assert session.device is not None and "Intel" in session.device.platform
    assert str(session.args["y_"].dtype) == "float16"  # type: ignore[union-attr]
    assert str(session.args["w"].dtype) == "float16"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("name", "write", "said"),
    [
        ("huge.cc", lambda p: sparse_gigabyte(p), "more than the 64 MiB limit"),
        ("bin.c", lambda p: p.write_bytes(b"\0ELF" * 64), "a binary file"),
        ("open.py", lambda p: p.write_text('K = """__kernel void f() {}\n'), "never closes"),
        ("empty.cc", lambda p: p.write_text("int x;\n"), "no OpenCL C kernel in its strings"),
        ("kernel.txt", lambda p: p.write_text(""), "not a host source file"),
    ],
)
def test_hostile_host_files_get_a_message(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    name: str,
    write: object,
    said: str,
) -> None:
    path = tmp_path / name
    assert callable(write)
    write(path)
    assert main(["import", str(path), "-o", str(tmp_path / "s.json")]) == 1
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err
    assert not (tmp_path / "s.json").exists()


def test_export_into_refuses_what_it_cannot_do(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    gallery = Path(__file__).parents[2] / "kernels" / "saxpy.json"
    assert main(["export", str(gallery), "--into", str(tmp_path / "x.cc")]) == 1
    assert "was not imported from a host file" in capsys.readouterr().err
    assert main(["export", str(gallery)]) == 1
    assert "give --lang and -o DIR for a host program, or --into FILE" in capsys.readouterr().err
    assert main(["export", str(gallery), "--into", "x.cc", "--lang", "c"]) == 1
    assert "without --lang and -o" in capsys.readouterr().err
