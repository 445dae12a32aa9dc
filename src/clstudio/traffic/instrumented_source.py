"""The instrumented build: a kernel's source rewritten so that every `__global` and
`__local` access also appends (access, byte offset, work-item, phase) to a log buffer.

Each access `a[i]` becomes `(*__cls_at_a(&(a[i]), id, ...))`: the index is evaluated
once, as before, and the element is the same lvalue, so loads, stores and updates
behave as in the original. A barrier also counts the work-item's phase. A pointer kept
from a buffer's (`p = a + i`) is followed to a's elements, and a macro that names a
buffer is expanded where the kernel uses it (buffer_macros). Whatever the rewrite
cannot follow (a buffer passed on, a pointer that moves, a barrier outside the kernel)
is refused with the reason, never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass

from clstudio.common import gettext, kernel_words
from clstudio.traffic.buffer_macros import (
    BufferMacros,
    Expansion,
    MacroRefusal,
    OptionMacro,
    option_macros,
)
from clstudio.traffic.c_tokens import Token, matching, tokenize

LOG_ARG = "__cls_log"
CAPACITY_ARG = "__cls_cap"
STRIDE_ARG = "__cls_stride"
HEADER = 64  # log[0] counts records; log[1 + 8k ...] holds buffer k's sizes
WRAPPED = HEADER - 1  # log[WRAPPED] is 1 once the count went past 2**32 - 1 and wrapped
SLOTS_PER_BUFFER = 8
RECORD = 3  # uints per record: access | phase << 16, byte offset, work-item
MAX_BUFFERS = (WRAPPED - 1) // SLOTS_PER_BUFFER
MAX_ACCESSES = 1 << 16
_GLOBAL = ("__global", "global")
_LOCAL = ("__local", "local")
_DROPPED = ("restrict", "__restrict", "__restrict__", "volatile")
_ASSIGN = ("=",)
_UPDATE = ("+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=")
_BARRIERS = ("barrier", "work_group_barrier")
# Rounds of expansion: a buffer that a macro's address space declares (pyopencl's
# cluda writes `GLOBAL_MEM float *a`) is known only once that macro is expanded.
_EXPANSION_ROUNDS = 4
_ATOMIC_PREFIXES = ("atomic_", "atom_")
_CONTEXT = "__cls_log, __cls_cap, __cls_on, __cls_phase, __cls_item"
_RECORD_FUNCTION = f"""
void __cls_record(__global uint *log, uint cap, uint on, uint phase, uint item,
                  uint access, uint offset)
{{
    if (on) {{
        uint slot = atomic_inc(log);
        if (slot < cap) {{
            log[{HEADER} + {RECORD} * slot] = access | (phase << 16);
            log[{HEADER} + {RECORD} * slot + 1] = offset;
            log[{HEADER} + {RECORD} * slot + 2] = item;
        }} else if (slot == 0xFFFFFFFFu) {{
            log[{WRAPPED}] = 1u;
        }}
    }}
}}
"""
_PROLOGUE = (
    " uint __cls_phase = 0;"
    " uint __cls_item = (uint)(get_global_id(0) + get_global_size(0)"
    " * (get_global_id(1) + get_global_size(1) * get_global_id(2)));"
    " uint __cls_on = (uint)(get_group_id(0) + get_num_groups(0)"
    " * (get_group_id(1) + get_num_groups(1) * get_group_id(2)))"
    f" % {STRIDE_ARG} == 0;"
)


class TrafficRefusal(Exception):
    """A kernel the instrumentation cannot follow; the message says why, for a learner."""


@dataclass(frozen=True)
class TracedBuffer:
    """A `__global` or `__local` buffer whose accesses are logged."""

    name: str
    space: str  # "global" or "local"
    is_array: bool  # a __local array declared in the kernel (else a pointer argument)
    dims: int  # subscripts per access: 1 for a pointer


@dataclass(frozen=True)
class Access:
    """One access in the source: `text` on `line`, a load, a store or an update."""

    buffer: int  # index into InstrumentedKernel.buffers
    kind: str  # "load", "store" or "update"
    line: int
    text: str


@dataclass(frozen=True)
class InstrumentedKernel:
    source: str
    buffers: tuple[TracedBuffer, ...]
    accesses: tuple[Access, ...]  # an access's id is its index
    parameters: tuple[str, ...]  # the kernel's, in order, before the log's three


def instrument(source: str, kernel: str, options: str = "") -> InstrumentedKernel:
    """The rewritten source of `kernel`, or TrafficRefusal saying why it cannot be;
    `options`, the build's, say which macros -D defines."""
    try:
        return _Rewrite(source, kernel, option_macros(options)).run()
    except MacroRefusal as refused:
        raise TrafficRefusal(str(refused)) from None


def _refuse(line: int, why: str) -> TrafficRefusal:
    return TrafficRefusal(gettext("line {line}: {why}").format(line=line, why=why))


class _Rewrite:
    def __init__(
        self,
        source: str,
        kernel: str,
        predefined: tuple[OptionMacro, ...],
        expansions: tuple[Expansion, ...] = (),
        rounds: int = 0,
    ) -> None:
        self.source = source
        self.kernel = kernel
        self.predefined = predefined  # the macros the build options define, -D AT(i)=a[i] too
        self.expansions = expansions  # of the macros that name a buffer, so far
        self.rounds = rounds  # of expansion before this one
        self.tokens = tokenize(source)
        self.buffers: list[TracedBuffer] = []
        self.parameters: list[str] = []
        self.types: list[str] = []  # each buffer's element pointer type, as C text
        self.accesses: list[Access] = []
        self.local_statements: dict[int, tuple[int, int]] = {}  # first token: (its ";", buffer)
        self.aliases: dict[str, int] = {}  # a pointer kept from a buffer's: that buffer
        self.declared: set[int] = set()  # each alias's name and buffer where it is declared
        self.macros: frozenset[str] = frozenset()  # those that name a buffer, expanded

    def run(self) -> InstrumentedKernel:
        qualifier, name, close, body = self._find_kernel()
        self._read_parameters(name + 2, close)
        body_end = matching(self.tokens, body)
        self._read_local_arrays(body + 1, body_end)
        watched = {b.name for b in self.buffers} | set(self.aliases)
        macros = BufferMacros(
            self.tokens, watched | {*_BARRIERS, *_GLOBAL, *_LOCAL}, self.predefined
        )
        self.macros = frozenset(macros.macros)
        if self.rounds < _EXPANSION_ROUNDS:
            expanded, expansions = macros.expand(
                self.source, self.tokens, name + 2, body_end, self.expansions
            )
            if expanded != self.source:
                rewrite = _Rewrite(
                    expanded, self.kernel, self.predefined, expansions, self.rounds + 1
                )
                return rewrite.run()
        if not self.buffers:
            raise TrafficRefusal(gettext("the kernel has no __global or __local buffer to follow"))
        if len(self.buffers) > MAX_BUFFERS:
            raise TrafficRefusal(
                gettext("the kernel has more than {most} buffers to follow").format(
                    most=MAX_BUFFERS
                )
            )
        self._check_outside(body, body_end)
        pieces = [
            self.source[: self.tokens[qualifier].start],
            self._helpers(),
            self.source[self.tokens[qualifier].start : self.tokens[close].start],
            f", __global uint *{LOG_ARG}, const uint {CAPACITY_ARG}, const uint {STRIDE_ARG}",
            self.source[self.tokens[close].start : self.tokens[body].end],
            _PROLOGUE,
            self._argument_sizes(),
            self._rewrite(body + 1, body_end),
            self.source[self.tokens[body_end].start :],
        ]
        if len(self.accesses) > MAX_ACCESSES:
            raise TrafficRefusal(gettext("the kernel has too many accesses to follow"))
        return InstrumentedKernel(
            "".join(pieces), tuple(self.buffers), tuple(self.accesses), tuple(self.parameters)
        )

    def _find_kernel(self) -> tuple[int, int, int, int]:
        """The token indices of its __kernel, its name, its ")" and its body's "{"."""
        tokens = self.tokens
        # cluda's `KERNEL REQD_WG_SIZE(16, 1, 1) void k(...)`: a macro standing for
        # __kernel marks it too, attributes and their macros between.
        qualifiers = set(kernel_words(self.source))
        for index, token in enumerate(tokens[:-1]):
            if token.text != self.kernel or tokens[index + 1].text != "(":
                continue
            start = index
            while (
                start > 0
                and tokens[start - 1].text not in (";", "{", "}")
                and (tokens[start - 1].kind != "pp")
            ):
                start -= 1
            marked = [i for i in range(start, index) if tokens[i].text in qualifiers]
            close = matching(tokens, index + 1)
            opens = 0 < close < len(tokens) - 1 and tokens[close + 1].text == "{"
            if marked and opens and matching(tokens, close + 1) > 0:
                return marked[-1], index, close, close + 1
        raise TrafficRefusal(
            gettext("no definition of kernel '{kernel}' was found in the source").format(
                kernel=self.kernel
            )
        )

    def _read_parameters(self, first: int, close: int) -> None:
        start = first
        for index in range(first, close + 1):
            token = self.tokens[index]
            if index == close or (token.text == "," and self._depth(first, index) == 0):
                self._read_parameter(self.tokens[start:index])
                start = index + 1

    def _depth(self, first: int, index: int) -> int:
        depth = 0
        for token in self.tokens[first:index]:
            depth += token.text in ("(", "[") and token.kind == "punct"
            depth -= token.text in (")", "]") and token.kind == "punct"
        return depth

    def _read_parameter(self, tokens: list[Token]) -> None:
        words = [t.text for t in tokens]
        if tokens and tokens[-1].kind == "ident":
            self.parameters.append(tokens[-1].text)
        if any(w.startswith("image") and w.endswith("_t") for w in words):
            raise _refuse(
                tokens[-1].line,
                gettext("an image argument, which the instrumentation cannot follow"),
            )
        if "*" not in words or not (set(words) & {*_GLOBAL, *_LOCAL}):
            return
        name = tokens[-1]
        if name.kind != "ident" or words.count("*") != 1:
            raise _refuse(name.line, gettext("a pointer argument the instrumentation cannot read"))
        space = "global" if set(words) & set(_GLOBAL) else "local"
        kept = [w for w in words[:-1] if w not in _DROPPED]
        self._add(TracedBuffer(name.text, space, False, 1), " ".join(kept), name.line)

    def _add(self, buffer: TracedBuffer, pointer_type: str, line: int) -> None:
        if any(b.name == buffer.name for b in self.buffers):
            raise _refuse(
                line,
                gettext("'{name}' is declared twice").format(name=buffer.name),
            )
        self.buffers.append(buffer)
        self.types.append(pointer_type)

    def _read_local_arrays(self, first: int, last: int) -> None:
        """Read the `__local` arrays declared in the kernel's own scope, and the
        pointers kept from a buffer's anywhere in it."""
        depth = 0
        index = first
        while index < last:
            token = self.tokens[index]
            depth += token.text == "{"
            depth -= token.text == "}"
            if token.text in (*_GLOBAL, *_LOCAL) and token.kind == "ident":
                end = self._read_alias(index)
                if end:
                    index = end
                elif token.text in _LOCAL:
                    if depth != 0:
                        raise _refuse(token.line, gettext("a __local declaration inside a block"))
                    index = self._read_local_array(index)
            index += 1
        self._check_aliases_stay(first, last)

    def _read_alias(self, first: int) -> int:
        """The ";" of `__global T *p = a + offset;` (or `= a`, `= a - offset`) at
        tokens[first], whose p then stands for a's elements from that one on; 0 when the
        statement is no such declaration (then a's name in it is refused as any other
        use of it)."""
        tokens = self.tokens
        end = first
        while end < len(tokens) and tokens[end].text not in (";", "{", "}"):
            end += 1
        texts = [t.text for t in tokens[first:end]]
        if end >= len(tokens) or "=" not in texts or "," in texts:
            return 0
        equals = first + texts.index("=")
        name, base = tokens[equals - 1], tokens[equals + 1] if equals + 1 < end else None
        star = equals - 2
        while star > first and tokens[star].text in _DROPPED:
            star -= 1  # __global float *restrict p
        if name.kind != "ident" or tokens[star].text != "*" or texts.count("*") != 1:
            return 0
        names = {b.name: k for k, b in enumerate(self.buffers)}
        if base is None or base.text not in (*names, *self.aliases):
            return 0
        if equals + 2 < end and tokens[equals + 2].text not in ("+", "-"):
            return 0
        buffer = self.aliases.get(base.text, names.get(base.text, -1))
        declared = texts[: equals - 1 - first]
        if tokens[first - 1].text == "const":
            declared.insert(0, "const")
        if self.buffers[buffer].is_array or _words(declared) != _words(self.types[buffer].split()):
            return 0
        if name.text in self.aliases or name.text in names:
            raise _refuse(name.line, gettext("'{name}' is declared twice").format(name=name.text))
        self.aliases[name.text] = buffer
        self.declared |= {equals - 1, equals + 1}
        return end

    def _check_aliases_stay(self, first: int, last: int) -> None:
        """Refuse a kept pointer that moves: it must stand for one place all along."""
        for index in range(first, last):
            token = self.tokens[index]
            if token.kind != "ident" or token.text not in self.aliases:
                continue
            after = self.tokens[index + 1].text
            before = self.tokens[index - 1]
            # Its declaration's "=" initialises it, and *p = x stores to its element;
            # p = q, p += 4, p++ and *p++ move it.
            kept = index in self.declared or (before.text == "*" and self._is_unary(index - 1))
            assigned = after in (*_ASSIGN, *_UPDATE) and not kept
            if (
                assigned
                or after in ("++", "--")
                or before.text in ("++", "--")
                or (before.text == "&" and self._is_unary(index - 1))
            ):
                raise _refuse(
                    token.line,
                    gettext(
                        "the pointer '{name}' kept from a buffer's is moved or its address "
                        "taken, which the instrumentation cannot follow"
                    ).format(name=token.text),
                )

    def _read_local_array(self, first: int) -> int:
        end = first
        while self.tokens[end].text != ";":
            end += 1
        words = self.tokens[first:end]
        texts = [t.text for t in words]
        if "," in texts or "=" in texts or "[" not in texts:
            raise _refuse(
                words[0].line,
                gettext("a __local declaration other than one array per statement"),
            )
        bracket = texts.index("[")
        name = words[bracket - 1]
        dims = texts.count("[")
        if dims >= SLOTS_PER_BUFFER:
            raise _refuse(name.line, gettext("a __local array of too many dimensions"))
        self.local_statements[first] = (end, len(self.buffers))
        kept = [w for w in texts[: bracket - 1] if w not in _DROPPED]
        self._add(TracedBuffer(name.text, "local", True, dims), " ".join(kept) + " *", name.line)
        return end

    def _check_outside(self, body: int, body_end: int) -> None:
        names = {b.name for b in self.buffers}
        for index, token in enumerate(self.tokens):
            if token.kind == "pp":
                words = [t.text for t in tokenize(token.text[1:])]
                about = words[:1] in (["define"], ["undef"], ["ifdef"], ["ifndef"])
                if about and words[1:2] and words[1] in self.macros:
                    continue  # expanded where the kernel uses it, or not used there
                said = set(words) & (names | set(_BARRIERS))
                if said:
                    raise _refuse(
                        token.line,
                        gettext(
                            "a macro names '{name}', which the instrumentation cannot follow"
                        ).format(name=sorted(said)[0]),
                    )
            elif token.text in _BARRIERS and not body < index < body_end:
                raise _refuse(token.line, gettext("a barrier outside the kernel's own body"))

    def _helpers(self) -> str:
        parts = [_RECORD_FUNCTION]
        for buffer, pointer in zip(self.buffers, self.types, strict=True):
            space = "__global" if buffer.space == "global" else "__local"
            parts.append(
                f"{pointer} __cls_at_{buffer.name}({pointer} p, {pointer} base, uint access,"
                " __global uint *log, uint cap, uint on, uint phase, uint item)\n{\n"
                "    __cls_record(log, cap, on, phase, item, access,"
                f" (uint)(({space} const char *)p - ({space} const char *)base));\n"
                "    return p;\n}\n"
            )
        # On the kernel's first line, so that the build's line numbers stay the source's.
        return " ".join(" ".join(part.split()) for part in parts) + " "

    def _argument_sizes(self) -> str:
        sizes = [
            f"{LOG_ARG}[{_slot(k)}] = sizeof(*{b.name});"
            for k, b in enumerate(self.buffers)
            if not b.is_array
        ]
        return f" if (__cls_item == 0u) {{ {' '.join(sizes)} }}" if sizes else ""

    def _array_sizes(self, k: int) -> str:
        buffer = self.buffers[k]
        sizes = [
            f"{LOG_ARG}[{_slot(k) + level}] = sizeof({buffer.name}{'[0]' * level});"
            for level in range(buffer.dims + 1)
        ]
        return f" if (__cls_item == 0u) {{ {' '.join(sizes)} }}"

    def _rewrite(self, first: int, last: int) -> str:
        """The text of tokens[first:last] with every traced access and barrier rewritten."""
        names = {**{b.name: k for k, b in enumerate(self.buffers)}, **self.aliases}
        out: list[str] = []
        index = first
        copied = self.tokens[first - 1].end  # the text after the opening bracket
        while index < last:
            token = self.tokens[index]
            if index in self.local_statements:
                end, buffer = self.local_statements[index]
                out.append(self.source[copied : self.tokens[end].end])
                out.append(self._array_sizes(buffer))
                copied = self.tokens[end].end
                index = end + 1
                continue
            previous = self.tokens[index - 1].text if index > 0 else ""
            if index in self.declared:
                index += 1  # a pointer kept from a buffer's, declared: no access there
                continue
            if token.kind == "ident" and token.text in names and previous not in (".", "->"):
                sum_end = self._dereferenced_sum(index)
                if sum_end > 0:
                    start, end, text = self._offset_access(index, names[token.text], sum_end)
                else:
                    start, end, text = self._access(index, names[token.text])
                out.append(self.source[copied : self.tokens[start].start])
                out.append(text)
                copied = self.tokens[end - 1].end
                index = end
                continue
            if token.text in _BARRIERS and self.tokens[index + 1].text == "(":
                close = matching(self.tokens, index + 1)
                out.append(self.source[copied : token.start])
                arguments = self._rewrite(index + 2, close)
                out.append(f"({token.text}({arguments}), ++__cls_phase)")
                copied = self.tokens[close].end
                index = close + 1
                continue
            if token.kind == "ident" and token.text.startswith("work_group_"):
                raise _refuse(
                    token.line,
                    gettext(
                        "{call} acts for the whole work-group, which the instrumentation "
                        "cannot follow"
                    ).format(call=token.text),
                )
            index += 1
        out.append(self.source[copied : self._end_of(last)])
        return "".join(out)

    def _end_of(self, last: int) -> int:
        return self.tokens[last].start if last < len(self.tokens) else len(self.source)

    def _access(self, index: int, buffer: int) -> tuple[int, int, str]:
        """(first token, past the last, rewritten text) of the access at tokens[index]."""
        tokens = self.tokens
        token = tokens[index]
        subscripts: list[str] = []
        at = index + 1
        after = tokens[at].text if at < len(tokens) else ""
        if self.buffers[buffer].dims == 1 and after == "->":
            return self._element(index, buffer, index, at, ["0"])
        dereferenced = index > 0 and tokens[index - 1].text == "*" and self._is_unary(index - 1)
        # *p++ moves p: that is pointer arithmetic, refused below as any other.
        if self.buffers[buffer].dims == 1 and dereferenced and after not in ("[", "++", "--"):
            return self._element(index, buffer, index - 1, at, ["0"])
        while at < len(tokens) and tokens[at].text == "[":
            close = matching(tokens, at)
            if close < 0:
                raise _refuse(token.line, gettext("an unclosed subscript"))
            subscripts.append(self._rewrite(at + 1, close))
            at = close + 1
        return self._element(index, buffer, index, at, subscripts)

    def _dereferenced_sum(self, index: int) -> int:
        """Past the `)` of `*(name + offset)` around tokens[index], the element
        name[offset] as Rodinia writes it; 0 for any other use of the name."""
        tokens = self.tokens
        if index < 2 or tokens[index - 1].text != "(" or tokens[index - 2].text != "*":
            return 0
        if not self._is_unary(index - 2) or tokens[index + 1].text != "+":
            return 0
        close = matching(tokens, index - 1)
        return close + 1 if close > index + 2 else 0

    def _offset_access(self, index: int, buffer: int, end: int) -> tuple[int, int, str]:
        """`*(name + offset)`, traced as the element name[offset] it is."""
        if self.buffers[buffer].dims != 1:
            return self._access(index, buffer)
        offset = self._rewrite(index + 2, end - 1)
        return self._element(index, buffer, index - 2, end, [offset])

    def _element(
        self, index: int, buffer: int, start: int, at: int, subscripts: list[str]
    ) -> tuple[int, int, str]:
        """The traced access to one element of buffer, written in tokens[start:at]
        (`name[i]`, `*(name + i)`, `*name`, or `name` before `->`), and its components
        after (`.x`, `->lat`), which stay as written."""
        tokens = self.tokens
        token = tokens[index]
        name = token.text
        if len(subscripts) != self.buffers[buffer].dims:
            raise _refuse(
                token.line,
                gettext(
                    "'{name}' is used other than as one element {name}[...] (passed to a "
                    "function, pointer arithmetic, vloadn or a whole row), which the "
                    "instrumentation cannot follow"
                ).format(name=name),
            )
        past = self._past_components(at)
        after = tokens[past].text if past < len(tokens) else ""
        before = tokens[start - 1]
        kind = "load"
        if after in _ASSIGN:
            kind = "store"
        elif after in _UPDATE or after in ("++", "--") or before.text in ("++", "--"):
            kind = "update"
        element = name + "".join(f"[{s}]" for s in subscripts)
        traced = self.buffers[buffer]
        access = len(self.accesses)
        base = f"({self.types[buffer]}){traced.name}" if traced.is_array else traced.name
        call = f"__cls_at_{traced.name}(&({element}), {base}, {access}u, {_CONTEXT})"
        pointed = at < len(tokens) and tokens[at].text == "->"
        text = call if pointed else f"(*{call})"
        if before.text == "&" and self._is_unary(start - 1):
            call_name = tokens[start - 3].text if start >= 3 else ""
            if tokens[start - 2].text != "(" or not call_name.startswith(_ATOMIC_PREFIXES):
                raise _refuse(
                    token.line,
                    gettext(
                        "the address of an element of '{name}' is taken (&{name}[...]), "
                        "which the instrumentation cannot follow"
                    ).format(name=name),
                )
            kind = "update"
            if past == at:  # &name[i] is the pointer the call returns
                start -= 1
                text = call
        source_text = self._written(tokens[start].start, tokens[past - 1].end)
        self.accesses.append(Access(buffer, kind, token.line, source_text))
        return start, at, text

    def _past_components(self, at: int) -> int:
        """Past the components `.x`, `->lat`, `.row[i]` that follow an element at tokens[at]."""
        tokens = self.tokens
        while at + 1 < len(tokens):
            if tokens[at].text in (".", "->") and tokens[at + 1].kind == "ident":
                at += 2
            elif at > 0 and tokens[at].text == "[" and tokens[at - 1].kind == "ident":
                close = matching(tokens, at)
                if close < 0:
                    break
                at = close + 1
            else:
                break
        return at

    def _written(self, start: int, end: int) -> str:
        """The source's text of an access, as the learner wrote it: a macro's
        invocation where the access comes from one."""
        for expansion in self.expansions:
            if expansion.start <= start < expansion.end:
                return expansion.text
        return " ".join(self.source[start:end].split())

    def _is_unary(self, index: int) -> bool:
        before = self.tokens[index - 1] if index > 0 else None
        if before is None:
            return True
        return not (before.kind in ("ident", "number") or before.text in (")", "]"))


def _words(declared: list[str]) -> list[str]:
    """A pointer type's words as the compiler reads them: in any order, the address
    space's short name as its long one, the qualifiers that change nothing dropped."""
    spaces = {"global": "__global", "local": "__local"}
    return sorted(spaces.get(w, w) for w in declared if w not in _DROPPED)


def _slot(buffer: int) -> int:
    return 1 + SLOTS_PER_BUFFER * buffer
