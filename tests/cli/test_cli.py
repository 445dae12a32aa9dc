"""The command line: readable output, the --json contract and the exit status."""

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from clstudio.cli import main
from clstudio.devices import NO_PLATFORM_HELP, DeviceInventory

KERNELS = Path(__file__).parents[2] / "kernels"
VADD = """__kernel void vadd(__global const float *a, __global const float *b,
                   __global float *c) {
    int i = get_global_id(0);
    c[i] = a[i] + b[i];
}
"""


def write_session(folder: Path, **changes: Any) -> Path:
    data = {
        "format": "clstudio-session",
        "version": 1,
        "source": VADD,
        "kernel": "vadd",
        "global_size": [256],
        "args": {
            "a": {"kind": "buffer", "dtype": "float32", "shape": [256], "init": "arange"},
            "b": {"kind": "buffer", "dtype": "float32", "shape": [256], "init": "ones"},
            "c": {"kind": "buffer", "dtype": "float32", "shape": [256], "access": "out"},
        },
        "references": {"c": {"expr": "a + b"}},
    }
    data.update(changes)
    path = folder / "s.json"
    path.write_text(json.dumps(data))
    return path


def run_json(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, dict[str, Any]]:
    status = main(["run", *map(str, argv), "--json"])
    return status, json.loads(capsys.readouterr().out)


@pytest.mark.opencl
def test_run_json_has_every_documented_key(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, result = run_json(capsys, write_session(tmp_path))
    assert status == 0
    assert result["format"] == "clstudio-run-result" and result["version"] == 2
    assert result["ok"] is True and result["error"] is None
    assert set(result) >= {"build", "steps", "timings", "outputs", "references", "guards"}
    assert set(result["build"]) >= {"log", "diagnostics", "seconds"}
    assert set(result["timings"]) == {"upload", "fill", "kernel", "download"}
    assert result["outputs"]["c"] == {
        "dtype": "float32",
        "shape": [256],
        "min": 1.0,
        "max": 256.0,
        "mean": 128.5,
    }
    assert result["references"]["c"]["ok"] is True
    assert set(result["references"]["c"]) >= {"max_abs_err", "max_rel_err", "worst_index"}
    assert result["steps"][0]["api"] == "clGetPlatformIDs"
    assert result["guards"]["c"]["ok"] is True


@pytest.mark.opencl
def test_failed_reference_exits_non_zero(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write_session(tmp_path, references={"c": {"expr": "a - b"}})
    status, result = run_json(capsys, path)
    assert status == 1
    assert result["ok"] is False and result["error"] is None
    assert result["references"]["c"]["ok"] is False


@pytest.mark.opencl
def test_build_error_in_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = write_session(tmp_path, source=VADD.replace("a[i] + b[i]", "a[i] + q"))
    status, result = run_json(capsys, path)
    assert status == 1
    assert result["error"]["stage"] == "build"
    assert result["error"]["line"] == 4
    assert result["build"]["diagnostics"][0]["line"] == 4


def test_broken_session_is_a_load_error_without_traceback(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "clstudio-session", "version": 1,')
    status, result = run_json(capsys, path)
    assert status == 1
    assert result["error"]["stage"] == "load"
    assert "bad.json" in result["error"]["message"]
    main(["run", str(path)])
    out = capsys.readouterr().out
    assert "error (load)" in out and "Traceback" not in out


def test_missing_session_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, result = run_json(capsys, tmp_path / "nope.json")
    assert status == 1
    assert result["error"]["stage"] == "load"


@pytest.mark.opencl
def test_save_outputs_writes_npy_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "deep" / "out"
    status = main(["run", str(write_session(tmp_path)), "--save-outputs", str(out)])
    assert status == 0
    np.testing.assert_array_equal(np.load(out / "c.npy"), np.arange(256) + 1.0)
    assert "reference c = a + b: pass" in capsys.readouterr().out


@pytest.mark.opencl
def test_save_outputs_into_a_file_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    status, result = run_json(capsys, write_session(tmp_path), "--save-outputs", blocker)
    assert status == 1
    assert result["error"]["stage"] == "run"
    assert "cannot save the outputs" in result["error"]["message"]


@pytest.mark.opencl
def test_devices_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["devices"]) == 0
    text = capsys.readouterr().out
    assert "Portable Computing Language" in text
    assert main(["devices", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == "clstudio-devices"
    fields = data["platforms"][0]["devices"][0]["fields"]
    assert any(f["name"] == "CL_DEVICE_MAX_COMPUTE_UNITS" for f in fields)


@pytest.mark.opencl
def test_the_installed_command_runs_a_gallery_session(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "clstudio", "run", str(KERNELS / "vector_add.json"), "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["ok"] is True


@pytest.mark.opencl
def test_a_hanging_kernel_ends_as_a_timeout_not_a_hung_command(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = "__kernel void spin(__global int *x) { for (;;) x[0]++; }"
    path = write_session(
        tmp_path,
        source=source,
        kernel="spin",
        global_size=[1],
        timeout_s=1,
        args={"x": {"kind": "buffer", "dtype": "int32", "shape": [1]}},
        references={},
    )
    status, result = run_json(capsys, path)
    assert status == 1
    assert result["error"]["stage"] == "timeout"
    assert "spin" in result["error"]["message"]


@pytest.mark.opencl
def test_an_overrun_is_reported_by_the_guard_bands_and_fails_the_command(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    source = "__kernel void over(__global float *c) { c[get_global_id(0) + 4] = 1.0f; }"
    path = write_session(
        tmp_path,
        source=source,
        kernel="over",
        args={"c": {"kind": "buffer", "dtype": "float32", "shape": [256], "access": "out"}},
        references={},
    )
    status, result = run_json(capsys, path)
    assert status == 1
    assert result["error"] is None
    assert result["guards"]["c"] == {
        "ok": False,
        "before": 0,
        "after": 4,
        "first_index": 256,
        "message": "kernel wrote past the end of 'c': 4 elements, first at index 256",
    }


@pytest.mark.opencl
def test_a_reader_that_stops_early_gets_no_traceback() -> None:
    # The reader closes its end before the device list is written (`... | head`).
    with subprocess.Popen(
        [sys.executable, "-m", "clstudio", "devices"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as process:  # closes stderr too: an open pipe left to the collector is a ResourceWarning
        assert process.stdout is not None and process.stderr is not None
        process.stdout.close()
        stderr = process.stderr.read()
        process.wait(timeout=120)
    assert "Traceback" not in stderr
    assert process.returncode == 1


class _WorkerOnAMachineWithoutDrivers:
    """What the worker answers where no driver is installed (see test_icd_entries.py)."""

    def __enter__(self) -> "_WorkerOnAMachineWithoutDrivers":
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def devices(self) -> DeviceInventory:
        return DeviceInventory((), NO_PLATFORM_HELP)


def test_devices_with_no_device_says_how_to_get_one_and_exits_1(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from clstudio.cli import remote_options  # where the commands make their worker

    monkeypatch.setattr(remote_options, "WorkerClient", _WorkerOnAMachineWithoutDrivers)
    assert main(["devices"]) == 1
    out = capsys.readouterr().out
    assert "No OpenCL platform is installed" in out
    assert "pip install pocl-binary-distribution" in out
    assert main(["devices", "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["platforms"] == []


@pytest.mark.opencl
def test_peaks_json_names_every_figure_with_its_unit(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLSTUDIO_DATA_DIR", str(tmp_path))
    status = main(["peaks", "--quick", "--json", "--only", "launch_latency"])
    data = json.loads(capsys.readouterr().out)
    assert status == 0
    assert data["format"] == "clstudio-peaks" and data["version"] == 1
    assert set(data["results"]) == {"launch_latency"}
    dispatch = data["results"]["launch_latency"]["dispatch"]
    assert dispatch["unit"] == "µs" and dispatch["value"] > 0 and dispatch["meaning"]
    assert not (tmp_path / "peaks.json").exists()  # a partial measurement is not kept


def test_peaks_refuses_an_unknown_test_with_the_names_it_knows(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["peaks", "--only", "flops"]) == 2
    assert "the tests are global_bandwidth, sp_compute" in capsys.readouterr().err


def _second_device() -> tuple[str, str] | None:
    """The spec and name of a device other than the first, when this machine has one.

    Asked of a worker: drivers from pip (Intel's) are set up only in its environment.
    """
    from clstudio.devices import is_simulator
    from clstudio.worker.client import WorkerClient

    with WorkerClient() as worker:
        devices = worker.devices().devices()
    real = [d for d in devices if not is_simulator(d.platform_name)]
    if len(real) < 2:
        return None
    # Platform and device: Intel's CPU is "AMD EPYC ...", which PoCL's name contains too.
    return f"{real[1].platform_name}:{real[1].name.strip()}", real[1].name.strip()


@pytest.mark.opencl
def test_run_on_two_devices_prints_both_results_and_their_comparison(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, data = run_json(capsys, write_session(tmp_path), "--device", "cpu", "--device", "cpu")
    assert status == 0
    assert data["format"] == "clstudio-device-runs" and data["version"] == 1
    assert [d["format"] for d in data["devices"]] == ["clstudio-run-result"] * 2
    (compared,) = data["comparison"]
    assert compared["output"] == "c" and compared["max_abs_diff"] == 0.0


@pytest.mark.opencl
def test_run_on_two_devices_saves_each_devices_outputs_in_a_folder_of_its_own(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "out"
    status, _ = run_json(
        capsys, write_session(tmp_path), "--device", "cpu", "--device", "cpu",
        "--save-outputs", str(out),
    )  # fmt: skip
    assert status == 0
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*.npy")) == [
        "device-1/c.npy",
        "device-2/c.npy",
    ]
    np.testing.assert_array_equal(
        np.load(out / "device-1" / "c.npy"), np.load(out / "device-2" / "c.npy")
    )


@pytest.mark.opencl
def test_run_on_a_second_installed_device_compares_it_with_the_first(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    second = _second_device()
    if second is None:
        pytest.skip("only one OpenCL device here: make intel adds a second")
    spec, name = second
    status, data = run_json(capsys, write_session(tmp_path), "--device", "cpu", "--device", spec)
    assert [d["ok"] for d in data["devices"]] == [True, True]
    assert data["devices"][1]["device"] == name
    assert data["comparison"][0]["max_rel_diff"] < 1e-6
    assert status == 0


@pytest.mark.opencl
def test_run_on_one_device_keeps_the_single_result_format(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, data = run_json(capsys, write_session(tmp_path), "--device", "no such device")
    assert status == 1
    assert data["format"] == "clstudio-run-result"
    assert "no OpenCL device matches" in data["error"]["message"]
