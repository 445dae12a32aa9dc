"""The command line follows LANG: Chinese for people under zh_CN, and --json the same in any."""

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from clstudio.cli import main
from clstudio.cli.translated_parser import columns, wrapped
from clstudio.common import LANGUAGE_VARIABLE

KERNELS = Path(__file__).parents[2] / "kernels"
# The gallery's vector add broken twice: it subtracts, and its `if (i < n)` guard is gone
# while the global size runs 16 work-items past the end of `c`.
BROKEN = """__kernel void vector_add(__global const float *a, __global const float *b,
                         __global float *c, const uint n) {
    size_t i = get_global_id(0);
    c[i] = a[i] - b[i];
}
"""
# Times differ from run to run: a number, with its unit if it has one, stands for any.
_NUMBER = re.compile(r"\d+(?:\.\d+)?(?:e-?\d+)?(?: ?(?:ns|µs|ms|s)\b)?")


def _broken_session(folder: Path) -> Path:
    data = json.loads((KERNELS / "vector_add.json").read_text(encoding="utf-8"))
    del data["source_file"]
    data.update(source=BROKEN, sizes={"N": 256}, global_size=["N + 16"], repeats=1)
    path = folder / "broken.json"
    path.write_text(json.dumps(data))
    return path


@pytest.fixture
def speak(monkeypatch: pytest.MonkeyPatch) -> Callable[[str], None]:
    """Make the environment ask for a language as a terminal would (LANG alone)."""

    def choose(lang: str) -> None:
        for variable in (LANGUAGE_VARIABLE, "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
            monkeypatch.delenv(variable, raising=False)  # tests/conftest chose English
        monkeypatch.setenv("LANG", lang)

    return choose


def _output(
    capsys: pytest.CaptureFixture[str], speak: Callable[[str], None], lang: str, *argv: object
) -> tuple[int, str]:
    speak(lang)  # again each time: --json switches this process to English
    status = main([str(arg) for arg in argv])
    return status, capsys.readouterr().out


def _timeless(value: object) -> object:
    """`value` with every number, and every number written into a text, made the same."""
    if isinstance(value, dict):
        return {key: _timeless(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_timeless(item) for item in value]
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int | float):
        return 0
    return _NUMBER.sub("0", str(value))


@pytest.mark.opencl
def test_run_json_is_the_same_english_under_chinese_and_c(
    capsys: pytest.CaptureFixture[str], speak: Callable[[str], None], tmp_path: Path
) -> None:
    session = _broken_session(tmp_path)
    zh_status, zh = _output(capsys, speak, "zh_CN.UTF-8", "run", session, "--json")
    c_status, c = _output(capsys, speak, "C", "run", session, "--json")
    assert zh_status == c_status == 1
    assert _timeless(json.loads(zh)) == _timeless(json.loads(c))
    result = json.loads(zh)
    assert result["references"]["c"]["message"].startswith("256 of 256 values differ beyond")
    assert result["guards"]["c"]["message"].startswith("kernel wrote past the end of 'c'")


@pytest.mark.opencl
def test_the_gallery_run_prints_the_same_json_under_chinese_and_c(
    capsys: pytest.CaptureFixture[str], speak: Callable[[str], None]
) -> None:
    vector_add = KERNELS / "vector_add.json"
    _, zh = _output(capsys, speak, "zh_CN.UTF-8", "run", vector_add, "--json")
    _, c = _output(capsys, speak, "C", "run", vector_add, "--json")
    assert _timeless(json.loads(zh)) == _timeless(json.loads(c))


def test_exercise_list_json_is_identical_under_chinese_and_c(
    capsys: pytest.CaptureFixture[str], speak: Callable[[str], None]
) -> None:
    _, zh = _output(capsys, speak, "zh_CN.UTF-8", "exercise", "list", "--json")
    _, c = _output(capsys, speak, "C", "exercise", "list", "--json")
    assert zh == c
    first = json.loads(zh)["exercises"][0]
    assert (first["title"], first["summary"]) == (
        "Vector add with its guard",
        "c = a + b when the length is not a multiple of the work-group size",
    )


def test_exercise_list_names_each_exercise_in_the_readers_language(
    capsys: pytest.CaptureFixture[str], speak: Callable[[str], None]
) -> None:
    _, zh = _output(capsys, speak, "zh_CN.UTF-8", "exercise", "list")
    _, c = _output(capsys, speak, "C", "exercise", "list")
    assert zh.splitlines()[0].split() == ["vector_add", "带边界检查的向量加法"]
    assert "用 __local 内存做求和归约" in zh
    assert c.splitlines()[0].split() == ["vector_add", "Vector", "add", "with", "its", "guard"]


@pytest.mark.opencl
def test_a_failing_exercise_check_tells_a_chinese_reader_in_chinese(
    capsys: pytest.CaptureFixture[str], speak: Callable[[str], None]
) -> None:
    starter = Path(__file__).parents[2] / "exercises" / "vector_add" / "starter.cl"
    argv = ("exercise", "check", "vector_add", starter, "--no-performance")
    status, zh = _output(capsys, speak, "zh_CN.UTF-8", *argv)
    assert status == 1
    assert zh.startswith("vector_add：5 个测试用例中通过了 0 个")
    assert "  失败  n = 1：c[0]：应为 " in zh and "，实际为 0" in zh
    assert zh.rstrip().endswith("状态：未通过")
    _, c = _output(capsys, speak, "C", *argv)
    assert c.startswith("vector_add: 0 of 5 cases pass")
    assert "  FAIL  n = 1: c[0]: expected " in c and c.rstrip().endswith("status: failing")


@pytest.mark.opencl
def test_a_failing_run_tells_a_chinese_reader_in_chinese(
    capsys: pytest.CaptureFixture[str], speak: Callable[[str], None], tmp_path: Path
) -> None:
    session = _broken_session(tmp_path)
    status, out = _output(capsys, speak, "zh_CN.UTF-8", "run", session)
    assert status == 1
    assert "256 个值中有 256 个超出容差 rtol=0, atol=0" in out
    assert "内核写到了 'c' 的末尾之后：16 个元素，第一个在下标 256" in out
    _, out = _output(capsys, speak, "C", "run", session)
    assert "256 of 256 values differ beyond rtol=0, atol=0" in out
    assert "kernel wrote past the end of 'c': 16 elements, first at index 256" in out


def test_help_is_chinese_and_fits_the_terminal(
    capsys: pytest.CaptureFixture[str],
    speak: Callable[[str], None],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    speak("zh_CN.UTF-8")
    with pytest.raises(SystemExit):
        main(["run", "--help"])
    text = capsys.readouterr().out
    assert text.startswith("用法：clstudio run")
    assert "显示此帮助信息并退出" in text and "会话文件（.json）" in text
    assert all(columns(line) <= 80 for line in text.splitlines())


@pytest.mark.parametrize(
    ("argv", "chinese", "english"),
    [
        (["run"], "缺少以下必需的参数：session", "the following arguments are required: session"),
        (
            ["export", "s.json", "-o", "out", "--lang", "rust"],
            "参数 --lang：无效的选择：'rust'（可选：'python', 'c', 'both'）",
            "argument --lang: invalid choice: 'rust' (choose from 'python', 'c', 'both')",
        ),
        (["devices", "--bogus"], "无法识别的参数：--bogus", "unrecognized arguments: --bogus"),
        (["run", "s.json", "--device"], "参数 --device：需要一个值", "expected one argument"),
    ],
)
def test_usage_errors_are_chinese_under_chinese_and_english_under_c(
    capsys: pytest.CaptureFixture[str],
    speak: Callable[[str], None],
    argv: list[str],
    chinese: str,
    english: str,
) -> None:
    for lang, said, usage_word, error_word in (
        ("zh_CN.UTF-8", chinese, "用法：", "错误："),
        ("C", english, "usage: ", "error: "),
    ):
        speak(lang)
        with pytest.raises(SystemExit) as done:
            main(argv)
        assert done.value.code == 2
        usage, error = capsys.readouterr().err.splitlines()
        assert usage.startswith(f"{usage_word}clstudio") and said in error, (lang, error)
        assert error.startswith("clstudio") and error_word in error, (lang, error)


def test_chinese_wraps_between_characters_and_english_at_spaces() -> None:
    assert wrapped("运行 clstudio devices 列出设备", 12) == [
        "运行",
        "clstudio",
        "devices 列出",
        "设备",
    ]
    assert wrapped("在这个设备上运行，而不用", 8) == ["在这个设", "备上运行，", "而不用"]
    assert columns("设备 cpu") == 8
