"""Program text built line by line, with the line range of each of the eleven steps."""

from __future__ import annotations

from dataclasses import dataclass

from clstudio.hostcode.steps import HOST_STEPS


@dataclass(frozen=True)
class StepRegion:
    """The lines of one step in a program, 1-based and inclusive, as an editor counts them."""

    number: int
    title: str
    first_line: int
    last_line: int

    def __contains__(self, line: int) -> bool:
        return self.first_line <= line <= self.last_line


class CodeText:
    """Collects lines; step(n) opens the region of step n, which runs until the next one ends it."""

    def __init__(self, indent: str) -> None:
        self._indent = indent
        self._depth = 0
        self.lines: list[str] = []
        self._open: tuple[int, int] | None = None  # step number, its first line
        self.regions: list[StepRegion] = []

    @property
    def pad(self) -> str:
        """The indentation of the current depth."""
        return self._indent * self._depth

    def add(self, *lines: str) -> None:
        """Lines at the current depth; an empty string is an empty line."""
        for text in lines:
            self.lines.extend(self.pad + line if line else "" for line in text.split("\n"))

    def indented(self) -> _Indent:
        return _Indent(self)

    def step(self, number: int, comment: str) -> None:
        """Start step `number` with its numbered comment, the lesson's name first."""
        self.end_step()
        title = HOST_STEPS[number - 1].title
        self._open = (number, len(self.lines) + 1)
        self.add(comment.format(f"Step {number}: {title}"))

    def end_step(self) -> None:
        if self._open is None:
            return
        number, first = self._open
        last = len(self.lines)
        while last > first and not self.lines[last - 1].strip():
            last -= 1
        self.regions.append(StepRegion(number, HOST_STEPS[number - 1].title, first, last))
        self._open = None

    def text(self) -> str:
        self.end_step()
        return "\n".join(self.lines).rstrip("\n") + "\n"


class _Indent:
    def __init__(self, code: CodeText) -> None:
        self._code = code

    def __enter__(self) -> None:
        self._code._depth += 1

    def __exit__(self, *_exc: object) -> None:
        self._code._depth -= 1
