"""`clstudio devices` follows LANG; its --json stays English, the same byte for byte."""

import json

import pytest

from clstudio.cli import main
from clstudio.common import LANGUAGE_VARIABLE


def devices_output(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: str, *options: str
) -> str:
    """What `LANG=lang clstudio devices ...` prints, with no language chosen in CL Studio."""
    for variable in (LANGUAGE_VARIABLE, "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)  # --json chose English last time
    monkeypatch.setenv("LANG", lang)
    assert main(["devices", *options]) == 0
    return capsys.readouterr().out


@pytest.mark.opencl
def test_devices_json_is_identical_in_chinese_and_in_c(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    chinese = devices_output(capsys, monkeypatch, "zh_CN.UTF-8", "--json")
    plain = devices_output(capsys, monkeypatch, "C", "--json")
    assert chinese.encode() == plain.encode()
    fields = json.loads(chinese)["platforms"][-1]["devices"][0]["fields"]
    units = next(f for f in fields if f["name"] == "CL_DEVICE_MAX_COMPUTE_UNITS")
    assert (units["label"], units["group"]) == ("Max compute units", "Compute")


@pytest.mark.opencl
def test_devices_text_is_in_the_language_of_lang(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    chinese = devices_output(capsys, monkeypatch, "zh_CN.UTF-8")
    assert "平台数：" in chinese and "最大计算单元数" in chinese and "[计算]" in chinese
    assert "Max compute units" not in chinese  # English under C: test_cli.py
