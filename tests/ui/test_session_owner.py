"""One owner of the session: outside the document itself, only the Workbench assigns it."""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "src" / "clstudio" / "ui"
OWNERS = {UI / "workbench.py", UI / "document.py"}


def session_assignments(path: Path) -> list[int]:
    """Lines that assign `<something>.session = ...`."""
    lines = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets = (
            node.targets
            if isinstance(node, ast.Assign)
            else [node.target]
            if isinstance(node, ast.AnnAssign | ast.AugAssign)
            else []
        )
        lines += [t.lineno for t in targets if isinstance(t, ast.Attribute) and t.attr == "session"]
    return lines


def test_only_the_workbench_writes_the_documents_session() -> None:
    writers = {
        f"{path.relative_to(UI)}:{line}"
        for path in UI.rglob("*.py")
        if path not in OWNERS
        for line in session_assignments(path)
    }
    assert writers == set()
    assert session_assignments(UI / "workbench.py")  # the rule's owner is still there
