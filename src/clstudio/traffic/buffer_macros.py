"""The macros that name a traced buffer or a barrier, expanded where the kernel's body
uses them, so that the rewrite sees each access (NVIDIA's `AS(i, j)` for
`As[j + i * BLOCK_SIZE]`, Parboil's `A(i, j)` for `A[i + j * lda]`).

Only those macros are expanded, and only in the kernel's body: every other macro
(`BLOCK_SIZE`, a `-D` option, the device's own) is left to the compiler, as written. An
invocation's expansion takes its place on its own line, and the lines it spanned follow
it, so every line keeps its number. What this expansion cannot tell as the compiler
would (a definition under `#if`, defined twice or undefined, `#`, `##`, `...`) is refused
with the reason where the kernel uses it, never guessed.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, replace

from clstudio.common import gettext
from clstudio.traffic.c_tokens import Token, matching, tokenize

_CONDITIONALS = ("if", "ifdef", "ifndef")


# A -D option as a definition: its name (with its parameters, `AT(i)`) and its body.
OptionMacro = tuple[str, str]


def option_macros(options: str) -> tuple[OptionMacro, ...]:
    """The macros `-D NAME[=VALUE]` options define (`-DNAME` too); VALUE is 1 when left out,
    as the compiler has it."""
    try:
        words = shlex.split(options)
    except ValueError:
        words = options.split()
    found = []
    for at, word in enumerate(words):
        if not word.startswith("-D"):
            continue
        value = words[at + 1] if word == "-D" and at + 1 < len(words) else word[2:]
        head, equals, body = value.partition("=")
        if re.match(r"[A-Za-z_]\w*(?:\([^()]*\))?$", head):
            found.append((head, body if equals else "1"))
    return tuple(found)


def _name_of(head: str) -> str:
    return head.split("(", 1)[0]


class MacroRefusal(Exception):
    """A macro naming a buffer whose expansion cannot be told; the message says why."""


@dataclass(frozen=True)
class Expansion:
    """Where an invocation's expansion lies in the expanded source, and what it replaced."""

    start: int
    end: int
    text: str  # the invocation as the source writes it, on one line


@dataclass(frozen=True)
class _Macro:
    name: str
    params: tuple[str, ...] | None  # None: an object-like macro
    body: tuple[str, ...]
    line: int
    problem: str = ""  # why its expansion cannot be told, when it cannot


class BufferMacros:
    """The source's macros whose expansion names one of `watched` (a buffer, a barrier),
    directly or through another such macro."""

    def __init__(
        self, tokens: list[Token], watched: set[str], options: tuple[OptionMacro, ...] = ()
    ) -> None:
        """`options`: the macros the build options define (-D NAME, -D 'AT(i)=a[i]')."""
        predefined = {_name_of(head) for head, _ in options}
        definitions: dict[str, list[_Macro]] = {}
        # A -D option is a #define before the source's first line (line 0: an option's).
        for head, body in options:
            words = tokenize(f"define {head} {body}")
            if len(words) > 1:
                macro = _read_definition(words, 0, False)
                definitions.setdefault(macro.name, []).append(macro)
        undefined: set[str] = set()
        # Each open conditional: "*" where it is known to hold, the name an #ifndef asks
        # about until its next line tells, "" where only the compiler knows.
        within: list[str] = []
        for token in tokens:
            if token.kind != "pp":
                continue
            words = tokenize(token.text[1:].replace("\\\n", " "))
            directive = words[0].text if words else ""
            named = words[1].text if len(words) > 1 else ""
            if within and within[-1] not in ("*", "") and directive != "define":
                within[-1] = ""
            if directive in _CONDITIONALS:
                within.append(named if directive == "ifndef" and len(words) == 2 else "")
            elif directive in ("else", "elif") and within:
                within[-1] = ""
            elif directive == "endif" and within:
                within.pop()
            elif directive == "undef" and named:
                undefined.add(named)
            elif directive == "define" and named:
                # `#ifndef X` then `#define X`: an include guard, or Stan Math's
                # `#ifndef A` / `#define A(i, j) A[...]`; it holds unless -D defines X (a
                # definition before it is one more, refused where the kernel uses it).
                if within and within[-1] == named and named not in predefined:
                    within[-1] = "*"
                elif within and within[-1] not in ("*", ""):
                    within[-1] = ""
                conditional = any(w != "*" for w in within)
                macro = _read_definition(words, token.line, conditional)
                definitions.setdefault(macro.name, []).append(macro)
        macros = {}
        for name, defined in definitions.items():
            macro = defined[0]
            if len(defined) > 1 or name in undefined:
                why = gettext("'{name}' is defined more than once or undefined")
                macro = replace(macro, problem=why.format(name=name))
            macros[name] = macro
        self.macros = _closure(macros, watched)

    def expand(
        self,
        source: str,
        tokens: list[Token],
        first: int,
        last: int,
        earlier: tuple[Expansion, ...] = (),
    ) -> tuple[str, tuple[Expansion, ...]]:
        """The source with each invocation in tokens[first:last] expanded, and where each
        expansion lies, `earlier` ones (in `source`) moved to where they now lie; the
        source itself when the range invokes none."""
        out: list[str] = []
        expansions: list[Expansion] = []
        replaced: list[tuple[int, int, int]] = []  # (start, end) in source, length change
        copied = 0
        index = first
        while index < last:
            token = tokens[index]
            macro = self.macros.get(token.text)
            previous = tokens[index - 1].text if index > 0 else ""
            end = (
                self._invocation_end(tokens, index) if macro and previous not in (".", "->") else 0
            )
            if macro is None or end == 0:
                index += 1
                continue
            if macro.problem:
                raise _refused(token.line, macro, macro.problem)
            written = source[token.start : tokens[end - 1].end]
            words = [t.text for t in tokens[index:end]]
            expanded = self._expand(words, frozenset(), token.line)
            out.append(source[copied : token.start])
            start = sum(len(part) for part in out)
            text = " ".join(expanded)
            out.append(text + "\n" * written.count("\n"))
            expansions.append(Expansion(start, start + len(text), " ".join(written.split())))
            replaced.append((token.start, tokens[end - 1].end, len(out[-1]) - len(written)))
            copied = tokens[end - 1].end
            index = end
        out.append(source[copied:])
        for before in earlier:
            if any(s < before.end and before.start < e for s, e, _ in replaced):
                continue  # expanded again
            moved = sum(change for _, e, change in replaced if e <= before.start)
            expansions.append(replace(before, start=before.start + moved, end=before.end + moved))
        return "".join(out), tuple(sorted(expansions, key=lambda e: e.start))

    def _invocation_end(self, tokens: list[Token], index: int) -> int:
        """Past the invocation at tokens[index]; 0 where a function-like macro's name
        is not followed by its arguments (then it is no invocation)."""
        if self.macros[tokens[index].text].params is None:
            return index + 1
        if index + 1 < len(tokens) and tokens[index + 1].text == "(":
            close = matching(tokens, index + 1)
            return close + 1 if close > 0 else 0
        return 0

    def _expand(self, words: list[str], hidden: frozenset[str], line: int) -> list[str]:
        """C's expansion of `words`, for these macros: arguments expanded before they
        are substituted, the result rescanned, a macro never within its own expansion."""
        out: list[str] = []
        at = 0
        while at < len(words):
            word = words[at]
            macro = self.macros.get(word)
            if macro is None or word in hidden:
                out.append(word)
                at += 1
                continue
            if macro.problem:
                raise _refused(line, macro, macro.problem)
            if macro.params is None:
                out += self._expand(list(macro.body), hidden | {word}, line)
                at += 1
                continue
            if at + 1 >= len(words) or words[at + 1] != "(":
                out.append(word)
                at += 1
                continue
            arguments, at = _arguments(words, at + 1)
            if len(arguments) != max(1, len(macro.params)) or (
                not macro.params and arguments != [[]]
            ):
                raise _refused(
                    line,
                    macro,
                    gettext("'{name}' is given the wrong number of arguments").format(name=word),
                )
            values = {
                p: self._expand(a, hidden, line)
                for p, a in zip(macro.params, arguments[: len(macro.params)], strict=True)
            }
            substituted = [v for w in macro.body for v in values.get(w, [w])]
            out += self._expand(substituted, hidden | {word}, line)
        return out


def _read_definition(words: list[Token], line: int, conditional: bool) -> _Macro:
    name = words[1]
    params: tuple[str, ...] | None = None
    body = words[2:]
    problem = ""
    if len(words) > 2 and words[2].text == "(" and words[2].start == name.end:
        close = next((i for i in range(2, len(words)) if words[i].text == ")"), len(words))
        params = tuple(w.text for w in words[3:close] if w.text != ",")
        body = words[close + 1 :]
        if "..." in params:
            problem = gettext("'{name}' takes a variable number of arguments")
    texts = tuple(w.text for w in body)
    if "#" in texts or "##" in texts:
        problem = gettext("'{name}' uses # or ##")
    if conditional:
        problem = gettext("'{name}' is defined under #if, #ifdef or #ifndef")
    return _Macro(name.text, params, texts, line, problem.format(name=name.text))


def _closure(macros: dict[str, _Macro], watched: set[str]) -> dict[str, _Macro]:
    """The macros whose expansion reaches a watched name."""
    found: dict[str, _Macro] = {}
    grew = True
    while grew:
        grew = False
        for name, macro in macros.items():
            if name not in found and set(macro.body) & (watched | set(found)):
                found[name] = macro
                grew = True
    return found


def _arguments(words: list[str], opening: int) -> tuple[list[list[str]], int]:
    """The arguments of the invocation whose "(" is words[opening], and past its ")"."""
    arguments: list[list[str]] = [[]]
    depth = 0
    for at in range(opening, len(words)):
        word = words[at]
        if word == "(":
            depth += 1
            if depth == 1:
                continue
        elif word == ")":
            depth -= 1
            if depth == 0:
                return arguments, at + 1
        elif word == "," and depth == 1:
            arguments.append([])
            continue
        arguments[-1].append(word)
    return arguments, len(words)


def _refused(line: int, macro: _Macro, why: str) -> MacroRefusal:
    if macro.line == 0:
        message = gettext(
            "line {line}: the macro '{name}' (a -D build option) names a buffer, and {why}, "
            "which the instrumentation cannot follow"
        )
    else:
        message = gettext(
            "line {line}: the macro '{name}' (line {defined}) names a buffer, and {why}, "
            "which the instrumentation cannot follow"
        )
    return MacroRefusal(message.format(line=line, name=macro.name, defined=macro.line, why=why))
