"""What a paused work-item sees, asked of the debugger: values, variables, memory, barriers.

Every number comes from the simulator that runs the kernel, never from a run
elsewhere. Elements of `__global` and `__local` buffers are read as memory dumps
(`gmem`, `lmem`) at the address the kernel's pointer holds, so they are exact;
private values are Oclgrind's printed text (floats to six digits).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

import numpy as np

from clstudio.common import ElementType, gettext
from clstudio.debugger.answers import parse_dump, parse_stop, parse_values
from clstudio.debugger.debug_results import BarrierState, KernelInfo, MemoryView, Value
from clstudio.debugger.declarations import NO_TYPE_NAMES, Declaration, kernel_declarations
from clstudio.debugger.values import (
    as_declared,
    element_type,
    flat,
    parse_value,
    read_elements,
    value_text,
)
from clstudio.expressions import ExpressionError, evaluate
from clstudio.session import BufferArg, LocalArg, Session

Ask = Callable[[Sequence[str]], tuple[str, ...]]
Ids = tuple[int, int, int]
EXPRESSION = re.compile(r"^(?P<name>[A-Za-z_]\w*)(?:\[\s*(?P<index>\d+|[A-Za-z_]\w*)\s*\])?$")
WHOLE_BUFFER = 64  # a __global buffer this small is shown whole
_BATCH = 64  # commands per write: their answers must fit the pipe while we write
_MEMORY_COMMANDS = {"global": "gmem", "constant": "gmem", "local": "lmem"}
_SUBSCRIPT = re.compile(r"\b([A-Za-z_]\w*)\s*\[([^\[\]]+)\]")


def expression_problem(expression: str) -> str | None:
    """Why `expression` cannot be printed, or None. Oclgrind 19.10 crashes on `v.x`,
    so only a name or a name with an index (a number or a variable) goes to it."""
    if EXPRESSION.match(expression.strip()):
        return None
    return gettext(
        "cannot print {expression}: give a variable (i), or an element of an array or a "
        "buffer with a number or a variable as index (a[5], a[i])"
    ).format(expression=expression)


class Inspector:
    """Reads the paused kernel's state through `ask` (commands in, answers out)."""

    def __init__(
        self, session: Session, ask: Ask, type_names: Mapping[str, str] = NO_TYPE_NAMES
    ) -> None:
        self._session = session
        self._ask = ask
        self._type_names = type_names
        self._scopes: dict[str, tuple[Declaration, ...]] = {}
        self.enter(session.kernel)
        self._last_local: dict[tuple[Ids, str], tuple[object, ...]] = {}

    def enter(self, function: str) -> None:
        """Where the work-item is: its names are those `function` declares."""
        if function not in self._scopes:
            self._scopes[function] = kernel_declarations(
                self._session.source, function, self._type_names
            )
        self.declarations = self._scopes[function]
        self._by_name = {d.name: d for d in self.declarations}

    def values(self, expressions: Sequence[str]) -> tuple[Value, ...]:
        """Each expression's value, typed by its declaration."""
        return tuple(self._value(e.strip()) for e in expressions)

    def variables(self, line: int) -> tuple[Value, ...]:
        """The private variables and by-value arguments in scope at `line`, that exist there."""
        names = [
            d.name
            for d in self.declarations
            if d.space == "private" and not d.pointer and d.in_scope(line)
        ]
        if not names:
            return ()
        printed = parse_values(self._print(names))
        values = [self._typed(name, printed.get(name, "not found")) for name in names]
        return tuple(v for v in values if v.value is not None)

    def local_arrays(self, group: Ids) -> tuple[MemoryView, ...]:
        """Each `__local` array of the work-group, whole; `changed` against the last read."""
        views = []
        for declaration in self.declarations:
            if declaration.space != "local":
                continue
            view = self._local_array(declaration)
            if view is None:
                continue
            before = self._last_local.get((group, view.name))
            if before is not None and len(before) == len(view.values):
                pairs = enumerate(zip(before, view.values, strict=True))
                view = replace(view, changed=tuple(i for i, (a, b) in pairs if a != b))
            self._last_local[(group, view.name)] = view.values
            views.append(view)
        return tuple(views)

    def global_window(self, name: str, index: int, radius: int = 8) -> MemoryView | None:
        """Elements of the `__global` buffer `name` around `index` (all of a small one)."""
        declaration = self._by_name.get(name)
        spec = self._session.args.get(name)
        if declaration is None or not declaration.pointer or not isinstance(spec, BufferArg):
            return None
        count = math.prod(spec.shape)
        first, last = (0, count) if count <= WHOLE_BUFFER else (index - radius, index + radius + 1)
        first, last = max(0, first), min(count, last)
        return self._memory(declaration, spec.dtype, first, last - first, count)

    def buffers(self, touched: dict[str, int]) -> tuple[MemoryView, ...]:
        """Each `__global` buffer around its `touched` element (else from its start)."""
        views = []
        for declaration in self.declarations:
            if declaration.pointer and declaration.space in ("global", "constant"):
                index = touched.get(declaration.name)
                view = self.global_window(declaration.name, index or 0)
                if view is not None:
                    views.append(replace(view, focus=index))
        return tuple(views)

    def touched(self, line_text: str) -> dict[str, int]:
        """The element of each pointer that `line_text` indexes (`c[i]`, `x[lid + stride]`),
        its index worked out from the variables' values; the first one per pointer."""
        found: dict[str, int] = {}
        for match in _SUBSCRIPT.finditer(line_text):
            name, index_text = match[1], match[2]
            declaration = self._by_name.get(name)
            if name in found or declaration is None or not declaration.pointer:
                continue
            index = self._evaluate(index_text)
            if index is not None:
                found[name] = index
        return found

    def _evaluate(self, text: str) -> int | None:
        """An index expression of integers, variables and arithmetic; None if it is more."""
        names = sorted(set(re.findall(r"[A-Za-z_]\w*", text)))
        values: dict[str, object] = {}
        if names:
            printed = parse_values(self._print(names))
            for name in names:
                value = self._typed(name, printed.get(name, "not found")).value
                if not isinstance(value, int):
                    return None
                values[name] = np.int64(value)
        c_like = re.sub(r"(?<![/])/(?![/])", "//", text)  # integer division, as in C
        try:
            result = evaluate(c_like, values)
        except ExpressionError:
            return None
        if result.shape != () or result.dtype.kind not in "iu" or int(result) < 0:
            return None
        return int(result)

    def barrier_state(self, info: KernelInfo, following: Ids, line: int) -> BarrierState:
        """Visits each work-item of the group (`workitem`), then returns to the followed one."""
        group = info.ids(following).group_id
        size = info.local_size
        locals_ = [
            (x, y, z) for z in range(size[2]) for y in range(size[1]) for x in range(size[0])
        ]
        arrived, waiting, finished = [], [], []
        for start in range(0, len(locals_), _BATCH):
            batch = locals_[start : start + _BATCH]
            gids = [
                tuple(g * s + i for g, s, i in zip(group, size, lid, strict=True)) for lid in batch
            ]
            answers = self._ask([f"workitem {' '.join(map(str, gid))}" for gid in gids])
            for lid, answer in zip(batch, answers, strict=True):
                seen = parse_stop(answer)
                if "finished" in seen.messages:
                    finished.append(lid)
                elif seen.line == line:
                    arrived.append(lid)
                else:
                    waiting.append(lid)
        self._ask([f"workitem {' '.join(map(str, following))}"])
        return BarrierState(line, tuple(arrived), tuple(waiting), tuple(finished))

    def _value(self, expression: str) -> Value:
        match = EXPRESSION.match(expression)
        if match is None:
            return Value(expression, "", "", None, expression_problem(expression) or "")
        name, index_text = match["name"], match["index"]
        if index_text is None:
            return self._printed(name)
        index = int(index_text) if index_text.isdecimal() else self._whole_number(index_text)
        if index is None:
            problem = gettext("index {index} is not known here").format(index=index_text)
            return Value(expression, "", "", None, problem)
        declaration = self._by_name.get(name)
        if declaration is not None and declaration.pointer:
            kind = element_type(declaration.type_name) or self._buffer_type(name)
            if declaration.space in _MEMORY_COMMANDS and kind is not None:
                return self._pointed_at(expression, declaration, kind, index)
        if declaration is not None and declaration.dims:
            return self._array_element(expression, declaration, index)
        return self._printed(f"{name}[{index}]", expression)

    def _buffer_type(self, name: str) -> ElementType | None:
        """The session's element type for a pointer whose type a typedef names (`DATA_TYPE*`):
        what the compiler says it stands for, which the session's dtype was checked against."""
        spec = self._session.args.get(name)
        if isinstance(spec, BufferArg | LocalArg) and spec.dtype.struct is None:
            return spec.dtype
        return None

    def _printed(self, name: str, expression: str = "") -> Value:
        """`print name`, typed by the declaration of its variable."""
        text = parse_values(self._print([name])).get(name, "not found")
        typed = self._typed(name.split("[")[0], text)
        return replace(typed, expression=expression or name)

    def _pointed_at(
        self, expression: str, declaration: Declaration, kind: ElementType, index: int
    ) -> Value:
        """An element a pointer reaches, read from memory: exact."""
        view = self._memory(declaration, kind, index, 1, None)
        if view is None or not view.values:
            return Value(expression, kind.opencl_name, "", None, "invalid memory address")
        element = view.values[0]
        return Value(expression, kind.opencl_name, value_text(element, kind), element)

    def _array_element(self, expression: str, declaration: Declaration, index: int) -> Value:
        """An element of an array the kernel declares: Oclgrind prints only whole arrays."""
        whole = self._printed(declaration.name)
        if not isinstance(whole.value, tuple) or index >= len(whole.value):
            return Value(expression, "", "", None, whole.error or "invalid index")
        element = whole.value[index]
        base = declaration.type_name.split("[", 1)[0]
        type_name = base + "".join(f"[{d}]" for d in declaration.dims[1:])
        return Value(expression, type_name, value_text(element), element)

    def _typed(self, name: str, text: str) -> Value:
        declaration = self._by_name.get(name)
        type_name = declaration.type_name if declaration is not None else ""
        parsed = parse_value(text)
        pointer = declaration is not None and declaration.pointer
        value = parsed if pointer else as_declared(parsed, type_name)
        shown = declaration.shown_type if declaration is not None else ""
        return Value(name, shown, text, value, "" if value is not None else text)

    def _whole_number(self, name: str) -> int | None:
        """A variable's value as an index: a whole number from 0."""
        value = self._printed(name).value
        return value if isinstance(value, int) and value >= 0 else None

    def _print(self, names: Sequence[str]) -> str:
        return self._ask([f"print {' '.join(names)}"])[0]

    def _address(self, name: str) -> int | None:
        value = parse_value(parse_values(self._print([name])).get(name, ""))
        return value if isinstance(value, int) else None

    def _memory(
        self, declaration: Declaration, kind: ElementType, first: int, count: int, total: int | None
    ) -> MemoryView | None:
        """`count` elements from index `first`, dumped from the simulator's memory."""
        base = self._address(declaration.name)
        if base is None or count <= 0:
            return None
        start = base + first * kind.itemsize
        aligned = start - start % 4  # Oclgrind dumps from 4-byte aligned addresses only
        size = start - aligned + count * kind.itemsize
        command = _MEMORY_COMMANDS[declaration.space]
        dump = parse_dump(self._ask([f"{command} {aligned:X} {size}"])[0])
        if dump is None:
            return None
        data = dump[1][start - aligned :]
        values = read_elements(data, kind)
        space = "local" if declaration.space == "local" else "global"
        return MemoryView(
            declaration.name, space, kind.opencl_name, first, values, total or len(values)
        )

    def _local_array(self, declaration: Declaration) -> MemoryView | None:
        if declaration.pointer:
            spec = self._session.args.get(declaration.name)
            if not isinstance(spec, LocalArg):
                return None
            return self._memory(declaration, spec.dtype, 0, spec.count, spec.count)
        value = self._printed(declaration.name).value
        if not isinstance(value, tuple):
            return None
        kind = element_type(declaration.type_name)
        type_name = kind.opencl_name if kind is not None else declaration.type_name
        if kind is not None and kind.width == 1:
            value = flat(value)  # a 2-D tile, element by element in row-major order
        return MemoryView(declaration.name, "local", type_name, 0, value, len(value))
