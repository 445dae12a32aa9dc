"""A host program's file read for the kernels it embeds: which strings hold OpenCL C.

The file is refused before it is read when it is too large or not a regular file, and
after when it is binary or not text; then its own language's lexer lists its strings
(c_strings, python_strings) and a string is OpenCL C when it holds a kernel function.
A kernel the host program assembles at run time (joined with `+`, a macro or
`.format`, an f-string) is named with its line: it cannot be opened as it is written.
"""

from __future__ import annotations

import codecs
import hashlib
import io
import re
import tokenize
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from clstudio.common import MAX_TEXT_BYTES, gettext, kernel_word_pattern, open_regular_file
from clstudio.embedded.c_strings import scan_c
from clstudio.embedded.host_strings import HostScan, HostString
from clstudio.embedded.python_strings import scan_python

Language = Literal["c", "python"]
C_SUFFIXES = (".c", ".cc", ".cpp", ".cxx", ".h", ".hh", ".hpp", ".hxx")
PYTHON_SUFFIXES = (".py",)
HOST_SUFFIXES = C_SUFFIXES + PYTHON_SUFFIXES
MAX_HOST_FILE_BYTES = MAX_TEXT_BYTES

# `__kernel void name(`, attributes allowed between (reqd_work_group_size and friends,
# or a macro for them); the kernel word may be a macro standing for it (cluda's KERNEL).
_KERNEL_FUNCTION = r"[^;{}#]*?\bvoid\s+([A-Za-z_]\w*)\s*\("


class HostFileError(Exception):
    """A host file that cannot be read for kernels; the message names the file and why."""


@dataclass(frozen=True)
class KernelFunction:
    name: str
    line: int  # in the kernel source, 1-based
    host_line: int  # in the host file


@dataclass(frozen=True)
class EmbeddedSource:
    """A string of the host file that holds OpenCL C."""

    index: int  # which string of the file, counting every string from 0
    string: HostString
    kernels: tuple[KernelFunction, ...]

    @property
    def text(self) -> str:
        return self.string.text

    @property
    def line(self) -> int:
        return self.string.line


@dataclass(frozen=True)
class Assembled:
    """A kernel the host program puts together at run time: where, and with what."""

    line: int
    joined: str  # "+", "%", ".", "f-string" or a macro's name


@dataclass(frozen=True)
class HostFile:
    path: Path
    text: str
    encoding: str
    language: Language
    sha256: str
    strings: tuple[HostString, ...]
    sources: tuple[EmbeddedSource, ...]
    assembled: tuple[Assembled, ...]
    problem: str = ""  # why the strings after some line could not be read

    def host_line(self, source: EmbeddedSource, line: int) -> int:
        """The line of this file where line `line` of an embedded source is."""
        return source.string.host_line(line, self.text)


def language_of(path: Path) -> Language | None:
    suffix = path.suffix.lower()
    if suffix in C_SUFFIXES:
        return "c"
    if suffix in PYTHON_SUFFIXES:
        return "python"
    return None


def read_host_file(path: Path) -> HostFile:
    """The host file at `path` and the kernels in its strings; HostFileError if unreadable."""
    language = language_of(path)
    if language is None:
        problem = gettext("{file}: not a host source file (expected one of {suffixes})")
        raise HostFileError(problem.format(file=path, suffixes=" ".join(HOST_SUFFIXES)))
    data = read_host_bytes(path)
    text, encoding = decode_host_text(path, data, language)
    scan = scan_c(text) if language == "c" else scan_python(text)
    return _found(path, text, encoding, language, hashlib.sha256(data).hexdigest(), scan)


def read_host_bytes(path: Path) -> bytes:
    """The file's bytes: a regular file of at most MAX_HOST_FILE_BYTES, measured first."""
    try:
        with open_regular_file(path, MAX_HOST_FILE_BYTES) as stream:
            data = stream.read(MAX_HOST_FILE_BYTES + 1)
    except OSError as exc:
        problem = gettext("{file}: cannot read it: {reason}")
        raise HostFileError(problem.format(file=path, reason=exc.strerror or exc)) from None
    if len(data) > MAX_HOST_FILE_BYTES:  # it grew since it was measured
        problem = gettext("{file}: cannot read it: {reason}")
        reason = gettext("the file is larger than the {most} limit").format(
            most=f"{MAX_HOST_FILE_BYTES // 2**20} MiB"
        )
        raise HostFileError(problem.format(file=path, reason=reason))
    return data


def decode_host_text(path: Path, data: bytes, language: Language) -> tuple[str, str]:
    """The file's text and the encoding that gives its bytes back exactly."""
    if b"\0" in data:
        problem = gettext("{file}: a binary file (it holds NUL bytes), not program text")
        raise HostFileError(problem.format(file=path))
    encoding = "utf-8"
    if language == "python":
        try:
            encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
            codecs.lookup(encoding)
        except (SyntaxError, LookupError) as exc:
            problem = gettext("{file}: {reason}")
            raise HostFileError(problem.format(file=path, reason=exc)) from None
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        problem = gettext("{file}: not {encoding} text (bad byte at offset {offset})")
        raise HostFileError(
            problem.format(file=path, encoding=encoding.upper(), offset=exc.start)
        ) from None
    return text, encoding


def _found(
    path: Path, text: str, encoding: str, language: Language, sha256: str, scan: HostScan
) -> HostFile:
    sources = []
    assembled = []
    # A macro for __kernel may be defined in another string (pyopencl's CLUDA_PREAMBLE).
    kernel_word = re.compile(kernel_word_pattern("\n".join(s.text for s in scan.strings)))
    kernel_function = re.compile(kernel_word.pattern + _KERNEL_FUNCTION)
    for index, string in enumerate(scan.strings):
        value = string.text
        functions = tuple(
            KernelFunction(
                match.group(1),
                value.count("\n", 0, match.start()) + 1,
                string.host_line(value.count("\n", 0, match.start()) + 1, text),
            )
            for match in kernel_function.finditer(value)
        )
        if string.joined == "f-string" or (string.joined and not functions):
            if kernel_word.search(value):
                assembled.append(Assembled(string.line, string.joined))
            continue
        if functions:
            sources.append(EmbeddedSource(index, string, functions))
    return HostFile(
        path,
        text,
        encoding,
        language,
        sha256,
        scan.strings,
        tuple(sources),
        tuple(assembled),
        scan.problem,
    )
