"""The core's messages follow the chosen language, and the catalogues are complete."""

import importlib.util
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import pytest

from clstudio.common import (
    ENGLISH,
    LANGUAGE_VARIABLE,
    current_language,
    gettext,
    hold_language,
    language_of,
    set_language,
    translation,
)

ROOT = Path(__file__).resolve().parents[2]


def _catalogues() -> ModuleType:
    spec = importlib.util.spec_from_file_location("catalogues", ROOT / "translations/catalogues.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("catalogues", module)  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def language(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[str], None]]:
    """Choose a language for one test; the next test speaks English again."""
    monkeypatch.delenv(LANGUAGE_VARIABLE, raising=False)

    def choose(code: str) -> None:
        set_language(code)

    yield choose
    monkeypatch.setenv(LANGUAGE_VARIABLE, ENGLISH)


def test_the_system_language_is_read_as_gettext_reads_it(
    monkeypatch: pytest.MonkeyPatch, language: Callable[[str], None]
) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    assert current_language() == "zh_CN"
    monkeypatch.setenv("LANG", "C")
    assert current_language() == ENGLISH
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert current_language() == ENGLISH  # no French catalogue: English, not an error
    monkeypatch.setenv("LANGUAGE", "zh:fr")
    assert current_language() == "zh_CN"


def test_a_choice_wins_over_the_system_and_reaches_later_processes(
    monkeypatch: pytest.MonkeyPatch, language: Callable[[str], None]
) -> None:
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    language(ENGLISH)
    assert current_language() == ENGLISH
    assert language_of(None) == "zh_CN"  # what "System Language" would give
    child = subprocess.run(
        [sys.executable, "-c", "from clstudio.common import current_language as c; print(c())"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert child.stdout.strip() == ENGLISH


def test_a_process_that_holds_its_language_keeps_to_it_until_a_choice(
    monkeypatch: pytest.MonkeyPatch, language: Callable[[str], None]
) -> None:
    monkeypatch.setattr(translation, "_held", [])
    monkeypatch.setenv("LANGUAGE", "zh_CN")
    hold_language()  # as a worker does once its environment is set
    monkeypatch.setenv("LANGUAGE", "en")
    assert current_language() == "zh_CN"
    assert gettext("none") != "none"  # still in Chinese
    language(ENGLISH)  # a choice made in this process counts at once
    assert current_language() == ENGLISH
    assert gettext("none") == "none"


def test_catalogues_have_no_empty_stale_or_mismatched_entries() -> None:
    assert _catalogues().problems("zh_CN") == []


def test_the_compiled_catalogues_are_those_of_the_sources(tmp_path: Path) -> None:
    """`make` compiles them; a catalogue edited since is compiled again by the next make."""
    catalogues = _catalogues()
    catalogues.compile_all("zh_CN", tmp_path)
    for compiled in (
        Path("clstudio_zh_CN.qm"),
        Path("zh_CN/LC_MESSAGES/clstudio.mo"),
    ):
        assert (tmp_path / compiled).read_bytes() == (catalogues.COMPILED / compiled).read_bytes()
