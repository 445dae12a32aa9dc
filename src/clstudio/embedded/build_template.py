"""The build options a host program passes with its kernel, read from its own strings.

Host code often builds its options at run time from literals (`"-D Ta=" + dt_a`,
`"-cl-std=CL2.0 "`, InfiniCore's operators do). The literals are read here, never run:
an option whose value the host computes is an element type when the kernel's own
default for it (`#ifndef Ta` / `#define Ta float`) is a floating type, and `--dtype`
gives it (`f32`: float, `f16`: half); any other computed value is left to the kernel's
default. A fixed option inside `if (…)` joins when that condition names the chosen
type (`INFINI_DTYPE_F16`, `half`), and is otherwise left out and said so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from clstudio.common import gettext

if TYPE_CHECKING:
    from clstudio.embedded.host_files import EmbeddedSource, HostFile

Dtype = Literal["f32", "f16"]
DTYPES: tuple[Dtype, ...] = ("f32", "f16")
ELEMENT_TYPES: dict[Dtype, str] = {"f32": "float", "f16": "half"}
_TYPE_WORDS: dict[Dtype, re.Pattern[str]] = {
    "f32": re.compile(r"F32|\bfloat\b", re.IGNORECASE),
    "f16": re.compile(r"F16|\bhalf\b", re.IGNORECASE),
}
_OPTION = re.compile(r"(?:^|\s)(-D\s*([A-Za-z_]\w*)(?:=(\S*))?|-cl-[\w-]+(?:=\S+)?)")
_FLOATING = re.compile(r"(?:float|half|double)(2|3|4|8|16)?")
_IF = re.compile(r"\bif\s*\(")


@dataclass(frozen=True)
class TemplateOption:
    """One option the host code writes: `-D NAME=value`, `-D NAME=` + (computed), `-cl-…`."""

    text: str
    name: str  # the macro's name; "" for a -cl- option
    value: str | None  # None: the host computes it at run time
    condition: str  # the host's `if (…)` around it; "" when it is always passed
    line: int


@dataclass(frozen=True)
class OptionNote:
    """What the import did with one of the host's options, in words."""

    option: str  # the macro's name; "" for a -cl- option
    text: str


@dataclass(frozen=True)
class ChosenOptions:
    options: str  # the build options, as the session keeps them
    notes: tuple[OptionNote, ...]  # what was left out or left to the kernel


def template_of(host: HostFile) -> tuple[TemplateOption, ...]:
    """The build options written in the host file's strings outside its kernels."""
    kernels = {source.index for source in host.sources}
    found = []
    for index, string in enumerate(host.strings):
        if index in kernels or not string.text.lstrip().startswith("-"):
            continue
        condition = _condition_before(host.text, string.start)
        for match in _OPTION.finditer(string.text):
            name, value = match.group(2) or "", match.group(3)
            computed = bool(name) and value == "" and match.end() == len(string.text.rstrip())
            found.append(
                TemplateOption(
                    match.group(1), name, None if computed else value or "", condition, string.line
                )
            )
    return tuple(found)


def chosen_options(
    template: tuple[TemplateOption, ...], source: EmbeddedSource, dtype: Dtype
) -> ChosenOptions:
    """The options for `dtype`: element types given, the rest as the host would pass them."""
    defaults = dict(re.findall(r"#\s*define\s+([A-Za-z_]\w*)[ \t]+([^\n]+)", source.text))
    options: list[str] = []
    notes: list[OptionNote] = []
    for option in template:
        if option.condition:
            chosen = [d for d in DTYPES if _TYPE_WORDS[d].search(option.condition)]
            if not chosen:
                said = gettext("line {line}: {option} is passed only when {condition}; left out")
                notes.append(
                    OptionNote(
                        option.name,
                        said.format(
                            line=option.line, option=option.text, condition=option.condition
                        ),
                    )
                )
                continue
            if dtype not in chosen:
                continue
        if option.value is not None:
            options.append(option.text)
            continue
        floating = _FLOATING.fullmatch(defaults.get(option.name, "").strip())
        if floating is None:
            default = defaults.get(option.name)
            if default is None:
                said = gettext(
                    "line {line}: the host computes {name} at run time and the kernel does not "
                    "use it; left out"
                )
            else:
                said = gettext(
                    "line {line}: the host computes {name} at run time; the kernel's default "
                    "({default}) applies: set it in the build options"
                )
            text = said.format(line=option.line, name=option.name, default=default)
            notes.append(OptionNote(option.name, text))
            continue
        options.append(f"-D {option.name}={ELEMENT_TYPES[dtype]}{floating.group(1) or ''}")
    return ChosenOptions(" ".join(options), tuple(notes))


def _condition_before(text: str, offset: int) -> str:
    """The condition of the `if` whose body holds `offset`, as written; "" when none.

    Walks back over the enclosing statement: to the `{` that opens the block holding
    `offset` (an `if (…) {` body) or, without braces, to the end of the statement before.
    """
    position = offset
    while position > 0:
        position -= 1
        ch = text[position]
        if ch == "{":
            return _if_condition(text[:position])
        if ch in ";}":  # the statement before ends here
            return _if_condition_unbraced(text[position + 1 : offset])
    return _if_condition_unbraced(text[:offset])


def _if_condition(before: str) -> str:
    """The condition of an `if (…)` that `before` ends with, else ""."""
    stripped = before.rstrip()
    if not stripped.endswith(")"):
        return ""
    depth = 0
    for position in range(len(stripped) - 1, -1, -1):
        if stripped[position] == ")":
            depth += 1
        elif stripped[position] == "(":
            depth -= 1
            if depth == 0:
                head = stripped[:position].rstrip()
                if head.endswith("if") and not head[-3:-2].isalnum():
                    return " ".join(stripped[position + 1 : -1].split())
                return ""
    return ""


def _if_condition_unbraced(statement: str) -> str:
    """The condition of `if (…) stmt` when the statement holding the option starts so."""
    match = _IF.search(statement)
    if match is None or statement[: match.start()].strip():
        return ""
    depth = 0
    for position in range(match.end() - 1, len(statement)):
        if statement[position] == "(":
            depth += 1
        elif statement[position] == ")":
            depth -= 1
            if depth == 0:
                return " ".join(statement[match.end() : position].split())
    return ""
