"""Record what the pip Oclgrind's debugger answers, for the parser's tests.

    PYTHONPATH=src .venv/bin/python tests/debugger/record_transcripts.py

Each transcript holds a debug run's commands (`$ command`), each followed by the answer
on stdout and, as lines starting with `! `, what stderr carried meanwhile. Run it again
when Oclgrind changes: the parser's tests then show what its new wording breaks.
"""

from __future__ import annotations

import sys
from pathlib import Path

from clstudio.debugger.debug_plan import plan_debug
from clstudio.debugger.pipe import DebuggerEnded, DebuggerProcess
from clstudio.session import Session, load_session, with_sizes

HERE = Path(__file__).parent
KERNELS = HERE.parents[1] / "kernels"
TRANSCRIPTS = HERE / "transcripts"
LIMIT_S = 60.0


def gallery(name: str, sizes: dict[str, int]) -> Session:
    return with_sizes(load_session(KERNELS / f"{name}.json"), sizes)


def scripts() -> dict[str, tuple[Session, list[str]]]:
    vectors = load_session(HERE / "sessions" / "vectors.json")
    helper = load_session(HERE / "sessions" / "helper.json")
    return {
        "vector_add": (
            gallery("vector_add", {"N": 16}),
            [
                "info",
                "break 17",
                "workitem 5 0 0",
                "continue",
                "print i n a b zz",
                "workitem 10",  # after a pointer was printed: in hexadecimal
                "info",
                "workitem 5",
                "print a[5] c[5]",
                "info",
                "gmem 1000000000010 8",
                "gmem 2000000000014 4",
                "backtrace",
                "info break",
                "list 17",
                "next",
                "info",
                "next",
                "workitem 5",
                "workitem 99",
                "workitem 1 2",
                "break 999",
                "delete 7",
                "print",
                "gmem 3 4",
                "frobnicate",
                "continue",
            ],
        ),
        "reduction": (
            gallery("reduction", {"N": 16, "L": 8}),
            [
                "info",
                "break 26",
                "workitem 3",
                "continue",
                "print gid lid stride",
                "print scratch",
                "info",
                "lmem 1000000000000 32",
                "next",
                "next",
                "next",
                "workitem 0",
                "workitem 3",
                "workitem 4",
                "workitem 3",
                "info",
                "continue",
                "workitem 3",
                "continue",
                "print lid stride",
                "delete 1",
                "break 31",
                "continue",
                "workitem 8",
                "info",
            ],
        ),
        "vectors": (
            vectors,
            [
                "info",
                "break 18",
                "continue",
                "print v w c s flag d f big arr id tile grid",
                "print arr[1] tile[1] out[0]",
                "info",
                "step",
                "step",
                "workitem 2",
                "next",
                "next",
                "next",
                "next",  # the write out of bounds: Oclgrind reports it and breaks in
                "info",
            ],
        ),
        "helper": (
            helper,
            [
                "info",
                "break 10",
                "workitem 2",
                "continue",
                "step",
                "backtrace",
                "info",
                "next",
                "next",
                "next",
                "backtrace",
            ],
        ),
    }


def record(session: Session, commands: list[str]) -> str:
    plan = plan_debug(session, ())
    process = DebuggerProcess(plan.environment)
    process.begin(plan)
    blocks = []
    try:
        for command in commands:
            try:
                (answer,) = process.ask([command], LIMIT_S)
            except DebuggerEnded as ended:
                answer = ended.text + "\n(the process ended)"
            reports = process.take_reports()
            block = [f"$ {command}", *answer.splitlines()]
            block += [f"! {row}" for row in reports.splitlines()]
            blocks.append("\n".join(block))
            if answer.endswith("(the process ended)"):
                break
    finally:
        process.close()
    return "\n".join(blocks) + "\n"


def main() -> int:
    TRANSCRIPTS.mkdir(exist_ok=True)
    for name, (session, commands) in scripts().items():
        (TRANSCRIPTS / f"{name}.txt").write_text(record(session, commands), encoding="utf-8")
        print(f"recorded {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
