"""Run each case's session on Oclgrind and write where Oclgrind itself reports, for the test.

    python tests/checkmode/oclgrind_suite/record_lines.py
Each case runs in a fresh process (Oclgrind reads its switches and counts its errors per
process). Oclgrind's log is read here with nothing of CL Studio's parser: a message is
an unindented headline, and its place is the first `At line L` under it, so that the
test compares CL Studio's problems with what Oclgrind printed.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).parent
_AT = re.compile(r"^\tAt line (\d+) \(column \d+\) of input\.cl:")
_SKIPPED = re.compile(r"^(Oclgrind - OpenCL runtime error detected|Oclgrind: \d+ errors)")


def run_one(session_path: Path) -> str:
    """Oclgrind's log for one session, run as check mode plans it."""
    from clstudio.checkmode import plan_check
    from clstudio.session import load_session

    plan = plan_check(load_session(session_path))
    os.chdir(tempfile.mkdtemp())  # the process ends right after
    os.environ.update(dict(plan.environment))
    from clstudio.engine import Engine, check_session

    check_session(Engine(), plan, lambda: ("", ""))
    return Path("oclgrind.log").read_text() if Path("oclgrind.log").exists() else ""


def messages(log: str) -> list[list[object]]:
    """[headline, line] per message: line 0 when it names no place in the source."""
    found: list[list[object]] = []
    for text in log.splitlines():
        if text and not text[0].isspace():
            found.append([text.strip(), 0])
        elif found and found[-1][1] == 0 and (at := _AT.match(text)):
            found[-1][1] = int(at.group(1))
    return [m for m in found if not _SKIPPED.match(str(m[0]))]


def main() -> None:
    suite = json.loads((HERE / "suite.json").read_text())
    said = {}
    for name in suite["cases"]:
        session = HERE / "third_party" / (name.replace("/", "-") + ".json")
        with tempfile.TemporaryDirectory() as scratch:
            log = Path(scratch) / "log"
            subprocess.run([sys.executable, __file__, str(session), str(log)], check=True)
            said[name] = messages(log.read_text())
    suite["oclgrind_said"] = said
    (HERE / "suite.json").write_text(json.dumps(suite, indent=1) + "\n")


if __name__ == "__main__":
    if len(sys.argv) > 1:
        Path(sys.argv[2]).write_text(run_one(Path(sys.argv[1])))
    else:
        main()
