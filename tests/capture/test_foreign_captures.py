"""`clstudio import FOLDER|SCRIPT`: captures made elsewhere, by Intel's opencl-intercept-layer
(its CaptureReplay folders, written here file by file as intercept.cpp writes them) and by
pyopencl's own `Kernel.capture_call`, each imported and run with `clstudio run`; and their
damaged or hostile variants, each refused with a message naming the cause, nothing run."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zlib
from base64 import b64encode
from pathlib import Path

import numpy as np
import pytest

from clstudio.capture import capture_call_scripts, foreign_launches
from clstudio.capture.capture_call_scripts import is_capture_call_script
from clstudio.capture.foreign_captures import read_foreign_capture
from clstudio.capture.foreign_launches import ForeignCaptureError
from foreign_capture_files import Y_AFTER, N, X, Y, capture_call_script, intercept_dump
from special_files import SPECIAL_KINDS, make_special

pytestmark = pytest.mark.opencl


def environment() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(Path(__file__).parents[2] / "src"), *sys.path])
    return env


def clstudio(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "clstudio", *args]
    return subprocess.run(command, cwd=cwd, env=environment(), capture_output=True, text=True)


def test_an_intercept_layer_dump_imports_and_its_session_passes_its_references(
    tmp_path: Path,
) -> None:
    intercept_dump(tmp_path / "dump")
    listed = clstudio("import", "dump", "--list", cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert "launch 0, kernel blend, global 64, 5 arguments" in listed.stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dump"]  # --list writes nothing
    imported = clstudio("import", "dump", "-o", "sessions", cwd=tmp_path)
    assert imported.returncode == 0, imported.stderr
    index = json.loads((tmp_path / "sessions" / "capture.json").read_text())
    assert index["format"] == "clstudio-capture"
    [launch] = index["launches"]
    assert launch["kernel"] == "blend" and launch["captured"]
    assert launch["global_size"] == [N] and launch["local_size"] == [16]
    session_file = tmp_path / "sessions" / launch["session"]
    session = json.loads(session_file.read_text())
    assert session["build_options"] == "-DFACTOR=2"
    assert "\0" not in (session_file.parent / "session.cl").read_text()
    ran = clstudio("run", str(session_file), "--save-outputs", "out", cwd=tmp_path)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "reference" in ran.stdout.lower()
    assert np.array_equal(np.load(tmp_path / "out" / "y.npy"), Y_AFTER)
    assert not (tmp_path / "dump" / "Replay" / "Enqueue_3_blend" / "Test").exists()


def test_a_capture_call_script_imports_without_running_and_computes_the_same(
    tmp_path: Path,
) -> None:
    script = capture_call_script(tmp_path / "captured.py")
    assert is_capture_call_script(script)
    imported = clstudio("import", "captured.py", "-o", "sessions", cwd=tmp_path)
    assert imported.returncode == 0, imported.stderr
    index = json.loads((tmp_path / "sessions" / "capture.json").read_text())
    [launch] = index["launches"]
    assert launch["kernel"] == "blend" and launch["call_site"] == "captured.py"
    session_file = tmp_path / "sessions" / launch["session"]
    ran = clstudio("run", str(session_file), "--save-outputs", "out", cwd=tmp_path)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert np.array_equal(np.load(tmp_path / "out" / "y.npy"), Y_AFTER)
    assert np.array_equal(np.load(session_file.parent / "x.npy"), X)
    assert (session_file.parent / "session.cl").read_text().startswith("typedef float real;")


def test_the_layers_first_releases_knlname_and_buffer_files_are_read(tmp_path: Path) -> None:
    folder = intercept_dump(tmp_path)
    (folder / "kernelName.txt").rename(folder / "knlName.txt")
    for arg, data in ((0, X), (1, Y)):
        (folder / f"Buffer{arg}.bin").write_bytes(data.tobytes())
    for sub in ("Pre", "Post"):
        for child in (folder / sub).iterdir():
            child.unlink()
        (folder / sub).rmdir()
    [launch] = read_foreign_capture(folder).launches
    assert launch.kernel == "blend"
    assert [a.kind for a in launch.args] == ["buffer", "buffer", "local", "bytes", "bytes"]


@pytest.mark.parametrize("hashes", [False, True])
def test_buffers_dumped_after_the_launch_in_memdumppostenqueue_are_the_references(
    tmp_path: Path, hashes: bool
) -> None:
    folder = intercept_dump(tmp_path)
    inspection = tmp_path / "memDumpPostEnqueue"
    (folder / "Post").rename(inspection)
    if hashes:  # DumpBufferHashes: each file holds a hash, not the contents
        for child in inspection.iterdir():
            child.write_text("9e3779b97f4a7c15\n")
    capture = read_foreign_capture(tmp_path)
    [launch] = capture.launches
    y = launch.args[1]
    if hashes:
        assert capture.after == {}
    else:
        assert capture.after[(0, y.buffer)] == Y_AFTER.tobytes()


# {{{ damaged and hostile folders


def refused(path: Path, *words: str) -> str:
    with pytest.raises(ForeignCaptureError) as caught:
        read_foreign_capture(path)
    message = str(caught.value)
    for word in words:
        assert word in message
    return message


@pytest.mark.parametrize(
    "missing", ["worksizes.txt", "kernel.cl", "kernelName.txt", "Argument4.bin"]
)
def test_a_folder_missing_a_file_names_it(tmp_path: Path, missing: str) -> None:
    folder = intercept_dump(tmp_path)
    (folder / missing).unlink()
    (folder / "DeviceBinary0.bin").unlink()  # else the program was built from a binary
    refused(tmp_path, missing if missing != "Argument4.bin" else "argument 4")


def test_an_after_buffer_of_another_size_is_refused(tmp_path: Path) -> None:
    folder = intercept_dump(tmp_path)
    post = next((folder / "Post").glob("*_Arg_1_*"))
    post.write_bytes(post.read_bytes()[:-4])
    refused(tmp_path, post.name, "not the same buffer")


def test_a_buffer_of_no_whole_number_of_elements_is_said_and_not_imported(tmp_path: Path) -> None:
    folder = intercept_dump(tmp_path / "dump")
    for sub in ("Pre", "Post"):
        buffer = next((folder / sub).glob("*_Arg_0_*"))
        buffer.write_bytes(buffer.read_bytes()[:-1])
    imported = clstudio("import", "dump", "-o", "sessions", cwd=tmp_path)
    assert imported.returncode == 1
    assert "Traceback" not in imported.stderr
    assert "255 bytes are no whole number of float" in imported.stderr
    index = json.loads((tmp_path / "sessions" / "capture.json").read_text())
    assert index["launches"][0]["session"] is None


@pytest.mark.parametrize(
    ("file", "text", "cause"),
    [
        ("Local2.txt", "99999999999999999999999", "no local memory size"),
        ("worksizes.txt", "4294967296 4294967296 \n0 0 \n0 0 \n", "more than"),
        ("worksizes.txt", "64 \n16 \n8 \n", "global offset"),
        ("worksizes.txt", "sixty-four\n", "three lines"),
        ("kernelName.txt", "blend; rm -rf ~", "not a kernel's name"),
    ],
)
def test_declared_sizes_and_names_out_of_bounds_are_refused(
    tmp_path: Path, file: str, text: str, cause: str
) -> None:
    folder = intercept_dump(tmp_path)
    (folder / file).write_text(text)
    refused(tmp_path, file, cause)


def test_one_buffer_passed_twice_is_refused_not_replayed_as_two(tmp_path: Path) -> None:
    folder = intercept_dump(tmp_path)
    for sub in ("Pre", "Post"):
        y = next((folder / sub).glob("*_Arg_1_*"))
        y.rename(y.with_name(y.name.replace("_Buffer_0002", "_Buffer_0001")))
    refused(tmp_path, "arguments 0 and 1 are one buffer")


def test_an_argument_numbered_past_any_kernels_is_refused(tmp_path: Path) -> None:
    folder = intercept_dump(tmp_path)
    (folder / "ArgumentDataTypes.txt").unlink()
    (folder / "Argument99999999.bin").write_bytes(bytes(4))
    refused(tmp_path, "100000000 arguments")


def test_buffers_past_the_budget_are_refused_before_they_are_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    intercept_dump(tmp_path)
    monkeypatch.setattr(foreign_launches, "MAX_BYTES", 300)
    refused(tmp_path, "Enqueue_0003_Kernel_blend")


def test_a_symlink_out_of_the_folder_is_refused(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("password")
    folder = intercept_dump(tmp_path / "dump")
    (folder / "kernel.cl").unlink()
    (folder / "kernel.cl").symlink_to(secret)
    refused(tmp_path / "dump", "kernel.cl", "outside the capture folder")


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_a_buffer_file_that_is_no_regular_file_is_refused(tmp_path: Path, kind: str) -> None:
    folder = intercept_dump(tmp_path / "dump")
    pre = next((folder / "Pre").glob("*_Arg_0_*"))
    pre.unlink()
    if kind == "fifo":
        make_special(pre, kind)
        refused(tmp_path / "dump", pre.name)
    else:  # a link to a device is a link out of the folder
        make_special(pre, kind)
        refused(tmp_path / "dump", pre.name, "outside the capture folder")


def test_images_and_binaries_only_are_said(tmp_path: Path) -> None:
    folder = intercept_dump(tmp_path)
    (folder / "Image_MetaData_0.txt").write_text("4\n4\n1\n4\n16\n0\n4318\n4277\n4337")
    refused(tmp_path, "image or a sampler")
    (folder / "Image_MetaData_0.txt").unlink()
    (folder / "kernel.cl").unlink()
    refused(tmp_path, "SPIR-V or a binary")


def test_a_folder_that_is_no_capture_is_said(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("hello")
    refused(tmp_path, "no capture of the intercept layer")


# }}}

# {{{ hostile capture_call scripts: parsed, never run


def hostile_script(tmp_path: Path, old: str, new: str) -> tuple[Path, Path]:
    script = capture_call_script(tmp_path / "captured.py")
    marker = tmp_path / "ran"
    text = script.read_text()
    assert old in text
    script.write_text(text.replace(old, new.replace("MARKER", str(marker)), 1))
    return script, marker


@pytest.mark.parametrize(
    ("old", "new", "cause"),
    [
        (
            "    queue.finish()",
            "    queue.finish()\n    import os\n    os.system('touch MARKER')",
            "unexpected statement",
        ),
        ("import numpy as np", "import os; os.system('touch MARKER')", "unexpected statement"),
        ("np.int32(64)", "__import__('os').system('touch MARKER')", "not a literal"),
        ("np.int32(64)", "64 + len(open('MARKER', 'w').name)", "not a literal"),
        ("(64,), (16,)", "(open('MARKER', 'w') and 64,), (16,)", "work sizes"),
        ("arg1_data = (", "arg1_data = str(open('MARKER', 'w')) or (", "string literal"),
        (
            "prg = cl.Program(ctx, CODE).build()",
            'prg = exec(\'open("MARKER", "w")\')',
            "unexpected",
        ),
        ('if __name__ == "__main__":', "open('MARKER', 'w')\nif True:", "unexpected statement"),
    ],
)
def test_a_script_with_anything_but_capture_calls_literals_is_refused_unrun(
    tmp_path: Path, old: str, new: str, cause: str
) -> None:
    script, marker = hostile_script(tmp_path, old, new)
    message = refused(script, "captured.py:", cause, "nothing is imported or run")
    assert not marker.exists(), message
    imported = clstudio("import", str(script), "-o", "sessions", cwd=tmp_path)
    assert imported.returncode == 1 and "Traceback" not in imported.stderr
    assert cause in imported.stderr
    assert not marker.exists() and not (tmp_path / "sessions").exists()


def test_a_value_that_does_not_fit_its_parameter_is_named(tmp_path: Path) -> None:
    script, _ = hostile_script(tmp_path, "np.int32(64)", "4294967296")
    imported = clstudio("import", str(script), "-o", "sessions", cwd=tmp_path)
    assert imported.returncode == 1 and "Traceback" not in imported.stderr
    assert "argument 'n'" in imported.stderr and "does not fit" in imported.stderr


def test_a_decompression_bomb_stops_at_the_budget(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    script = capture_call_script(tmp_path / "captured.py")
    bomb = b64encode(zlib.compress(bytes(4096))).decode()
    text = script.read_text()
    start = text.index("arg1_data = (")
    end = text.index(")", start)
    script.write_text(text[:start] + f"arg1_data = (\n    {bomb!r}\n    " + text[end:])
    monkeypatch.setattr(foreign_launches, "MAX_BYTES", 1024)
    refused(script, "unpacks past the import's limit")


def test_damaged_data_and_a_wrong_header_are_said(tmp_path: Path) -> None:
    script, _ = hostile_script(tmp_path, "arg1_data = (\n    '", "arg1_data = (\n    '!!")
    refused(script, "arg1_data is damaged")
    other = tmp_path / "plain.py"
    other.write_text("print('hello')\n")
    assert not is_capture_call_script(other)
    with pytest.raises(ForeignCaptureError, match="not a capture_call script"):
        capture_call_scripts.read_capture_call_script(other)


# }}}
