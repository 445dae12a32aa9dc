"""A wheel built from a clean clone holds every compiled catalogue and starts in Chinese.

`make` compiles the catalogues into the source tree, which a clean clone lacks: the build
itself must compile them (setup.py), or `pip install .` ships English only. The wheel is
built as pip builds it, in an isolated environment from [build-system] requires, from
`git archive HEAD`: what is committed, not the working tree.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
LANGUAGES = sorted(p.name for p in (ROOT / "translations").iterdir() if p.is_dir())

QT_SPEAKS = """
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication
import clstudio
from clstudio.ui.language import install_translators
from clstudio.ui.settings import SYSTEM_LANGUAGE
app = QApplication([])
print(clstudio.__file__)
print(len(install_translators(app, SYSTEM_LANGUAGE)))
print(QCoreApplication.translate("HostProgramLesson", "The OpenCL host program"))
"""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs a git checkout to archive")
    work = tmp_path_factory.mktemp("wheel")
    clone = work / "clone"
    clone.mkdir()
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "HEAD"], capture_output=True, check=True
    )
    subprocess.run(["tar", "-x", "-C", str(clone)], input=archive.stdout, check=True)
    assert not (clone / "src" / "clstudio" / "locale").exists()  # as a clean clone has it
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    # As `pip install .` in a new venv: PySide6 is then only among the build's requires.
    subprocess.run([sys.executable, "-m", "venv", str(work / "venv")], check=True)
    python = str(work / "venv" / "bin" / "python")
    pip = [python, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(work / "dist")]
    built = subprocess.run([*pip, str(clone)], env=env, capture_output=True, text=True, timeout=900)
    assert built.returncode == 0, built.stdout + built.stderr
    [found] = (work / "dist").glob("clstudio-*.whl")
    return found


@pytest.mark.slow
def test_the_wheel_holds_every_compiled_catalogue(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assert LANGUAGES
    for language in LANGUAGES:
        assert f"clstudio/locale/clstudio_{language}.qm" in names
        assert f"clstudio/locale/{language}/LC_MESSAGES/clstudio.mo" in names


@pytest.mark.slow
def test_the_installed_wheel_starts_in_chinese(wheel: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "CLSTUDIO_LANGUAGE")}
    env.update(PYTHONPATH=str(site), LANG="zh_CN.UTF-8", LC_ALL="", LANGUAGE="")
    env["QT_QPA_PLATFORM"] = "offscreen"

    def python(*args: str) -> str:
        done = subprocess.run(
            [sys.executable, *args],
            env=env,
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    helped = python("-m", "clstudio", "--help")
    assert "用法" in helped and "打开应用" in helped
    where, translators, title = python("-c", QT_SPEAKS).splitlines()
    assert Path(where).is_relative_to(site)  # the wheel's clstudio, not the source tree's
    assert int(translators) >= 1
    assert title == "OpenCL 主机程序"


@pytest.mark.slow
def test_the_wheel_holds_the_capture_layers_c_source(wheel: Path) -> None:
    """`clstudio capture` compiles the layer on the learner's machine from this file."""
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "clstudio/capture/layer/clstudio_capture_layer.c" in names
    assert "clstudio/capture/hook/sitecustomize.py" in names
