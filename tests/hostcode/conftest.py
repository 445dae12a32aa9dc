"""Every gallery session run by the engine, and exported, built and run in both languages.

The programs are made once per test session and shared by the tests. One Python
process runs all the Python programs while the C programs build and run beside it.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from clstudio.common import KernelSignature, RunResult
from clstudio.engine import Engine
from clstudio.hostcode import export_program
from clstudio.hostcode.bundled_pocl import POCL_PLATFORM
from clstudio.session import load_session
from hostcode.exported_programs import signature_of
from hostcode.pocl_gallery import ON_POCL, POCL_GALLERY, GalleryPrograms, GalleryRuns

# Runs each main.py as `python main.py --save-outputs OUT` would, in one interpreter.
RUN_ALL = """
import json, runpy, sys
codes = {}
for folder in sys.argv[1:]:
    sys.argv = [folder + "/main.py", "--save-outputs", folder + "/OUT"]
    try:
        runpy.run_path(folder + "/main.py", run_name="__main__")
        codes[folder] = 0
    except SystemExit as done:
        codes[folder] = done.code
print(json.dumps(codes))
"""


@pytest.fixture(scope="session")
def gallery_runs() -> GalleryRuns:
    """name -> (session, the engine's result, the kernel's signature)."""
    engine = Engine()
    runs: GalleryRuns = {}
    for example in POCL_GALLERY:
        session = load_session(example.path)
        result = engine.run(session)
        assert result.ok, (example.name, result.error)
        runs[example.path.stem] = (session, result, signature_of(result, session.kernel))
    return runs


def signatures_of(result: RunResult) -> dict[str, KernelSignature]:
    """Every kernel of the program the run built, by name."""
    assert result.build is not None
    return {kernel.name: kernel for kernel in result.build.kernels}


def export_gallery(runs: GalleryRuns, language: str, root: Path) -> dict[str, Path]:
    folders = {}
    for name, (session, result, signature) in runs.items():
        folders[name] = root / name
        export_program(
            session,
            signature,
            language,
            folders[name],
            ON_POCL,
            platform_name=POCL_PLATFORM,
            signatures=signatures_of(result),
        )
    return folders


@pytest.fixture(scope="session")
def gallery_programs(
    gallery_runs: GalleryRuns, tmp_path_factory: pytest.TempPathFactory
) -> GalleryPrograms:
    """(language, name) -> (folder, exit status, the C compiler's messages)."""
    python = export_gallery(gallery_runs, "python", tmp_path_factory.mktemp("python"))
    c = export_gallery(gallery_runs, "c", tmp_path_factory.mktemp("c"))
    runner = subprocess.Popen(
        [sys.executable, "-c", RUN_ALL, *map(str, python.values())],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    programs: GalleryPrograms = {}
    for name, folder in c.items():
        build = subprocess.run(["make", "-s", "-C", str(folder)], capture_output=True, text=True)
        status = build.returncode
        if status == 0:
            run = [str(folder / "run.sh"), "--save-outputs", str(folder / "OUT")]
            status = subprocess.run(run, capture_output=True, timeout=120).returncode
        programs["c", name] = (folder, status, build.stderr)
    out, errors = runner.communicate(timeout=300)
    assert runner.returncode == 0, errors
    codes = json.loads(out.splitlines()[-1])
    for name, folder in python.items():
        programs["python", name] = (folder, codes[str(folder)], "")
    return programs
