"""The starters' comments in Chinese: every block translated, the code the same byte for byte."""

from __future__ import annotations

from pathlib import Path

import pytest

from clstudio.common import LANGUAGE_VARIABLE, translated_comments
from clstudio.common.kernel_comments import comment_blocks
from clstudio.exercises import exercises_dir

STARTERS = sorted(exercises_dir().glob("*/starter*.cl"))


def code_of(source: str) -> list[str]:
    """The source without its comments: whole comment lines dropped, a comment after code cut."""
    lines = [line for line in source.split("\n") if not line.lstrip().startswith("//")]
    return [line.split("//")[0].rstrip() if '"' not in line else line for line in lines]


@pytest.fixture
def chinese(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(LANGUAGE_VARIABLE, "zh_CN")


@pytest.mark.parametrize("starter", STARTERS, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_every_starter_comment_is_chinese_and_the_code_unchanged(
    chinese: None, starter: Path
) -> None:
    source = starter.read_text(encoding="utf-8")
    translated = translated_comments(source)
    assert code_of(translated) == code_of(source)
    english = {block.text for block in comment_blocks(source)}
    left = [
        b.text for b in comment_blocks(translated) if b.text in english and "(angle)" not in b.text
    ]
    assert left == []  # the RoPE formulas alone read the same in both languages


def test_english_leaves_the_source_as_it_is() -> None:
    for starter in STARTERS:
        source = starter.read_text(encoding="utf-8")
        assert translated_comments(source) == source


def test_a_comment_after_code_stays_on_its_line_and_a_string_is_no_comment(chinese: None) -> None:
    source = (
        "    __local float tile[TILE][TILE + 1];  "
        "// + 1: the columns of a tile fall in different banks\n"
        '    printf("http://example.org // Update y[i] here.\\n");\n'
        "    // Update y[i] here.\n"
        "    //\n"
    )
    assert translated_comments(source).split("\n") == [
        "    __local float tile[TILE][TILE + 1];  // + 1：让一个图块的各列落在不同的存储体中",
        '    printf("http://example.org // Update y[i] here.\\n");',
        "    // 在这里更新 y[i]。",
        "    //",
        "",
    ]
