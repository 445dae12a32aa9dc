"""`clstudio run`, `check` and `export` of a session whose image is CL_UNSIGNED_INT8, read
with read_imageui: the exported programs in both languages save what the app saves."""

import json
from pathlib import Path

import numpy as np
import pytest

from clstudio.cli import main
from clstudio.engine import Engine
from clstudio.session import load_session
from debugger.debugger_testing import needs_oclgrind
from hostcode.exported_programs import export_both, run_saving_outputs, signature_of
from image_kernels import SOBEL, sobel_expected, threshold_expected, write_threshold
from session.session_data import file_session

pytestmark = pytest.mark.opencl


def test_run_passes_openvxs_rule_and_reports_the_image_as_bytes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    session = write_threshold(tmp_path)
    assert main(["run", str(session), "--json", "--save-outputs", str(tmp_path / "app")]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["references"]["out"]["ok"]
    assert (report["outputs"]["out"]["dtype"], report["outputs"]["out"]["shape"]) == (
        "uint8",
        [48, 64],
    )
    out = np.load(tmp_path / "app" / "out.npy")
    assert 0 < np.count_nonzero(out) < out.size


def test_a_format_the_device_lacks_is_a_message_not_a_traceback(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    session = write_threshold(tmp_path)
    data = json.loads(session.read_text())
    data["args"]["in"].update(order="LUMINANCE", channel_type="UNORM_INT8")
    data["device"] = {"platform": "portable", "device": ""}
    session.write_text(json.dumps(data))
    assert main(["run", str(session)]) != 0
    captured = capsys.readouterr()
    said = captured.out + captured.err
    assert "does not support the image format CL_LUMINANCE, CL_UNORM_INT8" in said
    assert "pthread" in said and "Traceback" not in said


@needs_oclgrind
def test_check_finds_no_problem_in_the_threshold(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    session = write_threshold(tmp_path)
    status = main(["check", str(session)])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "no problems found" in out


def test_both_exports_save_what_the_app_saves(tmp_path: Path) -> None:
    session = load_session(write_threshold(tmp_path))
    result = Engine().run(session)
    assert result.ok, result.error
    np.testing.assert_array_equal(
        result.outputs["out"], threshold_expected(result.inputs["in"], 100)
    )
    commands = export_both(session, signature_of(result, "vx_threshold"), tmp_path / "out")
    for language, command in commands.items():
        saved = tmp_path / language
        done = run_saving_outputs(command, saved)
        assert "out: ok" in done.stdout, (language, done.stdout)
        np.testing.assert_array_equal(np.load(saved / "out.npy"), result.outputs["out"])


def test_amds_sobel_filter_matches_its_cpu_reference_and_exports(tmp_path: Path) -> None:
    """The SDK's SobelFilterImage: RGBA CL_UNSIGNED_INT8 in and out, through read_imageui."""
    picture = {"image": {"name": "test_picture"}}
    path = file_session(
        tmp_path,
        "sobel",
        "sobel_filter",
        SOBEL,
        device={"platform": "portable", "device": ""},
        global_size=[64, 48],
        args={
            "inputImage": {
                "kind": "image",
                "shape": [48, 64],
                "order": "RGBA",
                "channel_type": "UNSIGNED_INT8",
                "init": picture,
            },
            "outputImage": {
                "kind": "image",
                "shape": [48, 64],
                "order": "RGBA",
                "channel_type": "UNSIGNED_INT8",
                "access": "write_only",
            },
        },
    )
    session = load_session(path)
    result = Engine().run(session)
    assert result.ok, result.error
    out = result.outputs["outputImage"]
    expected = sobel_expected(result.inputs["inputImage"])
    # native_sqrt may differ from the reference's sqrt in its last bit: at most 1 after
    # truncation, as the SDK's own comparison allows.
    assert np.abs(out.astype(int) - expected).max() <= 1
    assert out[1:-1, 1:-1].any()  # edges were found
    commands = export_both(session, signature_of(result, "sobel_filter"), tmp_path / "out")
    for language, command in commands.items():
        saved = tmp_path / language
        run_saving_outputs(command, saved)
        np.testing.assert_array_equal(np.load(saved / "outputImage.npy"), out)
