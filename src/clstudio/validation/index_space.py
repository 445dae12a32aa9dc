"""The index space of a launch in words: work-groups, work-items, and partial groups."""

from __future__ import annotations

import math
from dataclasses import dataclass

from clstudio.common import gettext, ngettext


def size_text(sizes: tuple[int, ...]) -> str:
    """`1024`, `512 x 512`: sizes the way the panel writes them."""
    return " x ".join(str(size) for size in sizes)


def _product_text(sizes: tuple[int, ...]) -> str:
    """`1024`, or `320 x 256 = 81920` when there is more than one dimension."""
    total = math.prod(sizes)
    return str(total) if len(sizes) == 1 else f"{size_text(sizes)} = {total}"


@dataclass(frozen=True)
class IndexSpace:
    """A global size, and a local size or None when the implementation chooses it."""

    global_size: tuple[int, ...]
    local_size: tuple[int, ...] | None = None

    @property
    def work_items(self) -> int:
        return math.prod(self.global_size)

    def _pairs(self) -> list[tuple[int, int]]:
        """(global, local) per dimension, a local size below 1 read as 1."""
        assert self.local_size is not None
        return [
            (items, max(1, group))
            for items, group in zip(self.global_size, self.local_size, strict=True)
        ]

    @property
    def groups(self) -> tuple[int, ...] | None:
        """Work-groups per dimension, counting a partial last group; None for 'auto'."""
        if self.local_size is None:
            return None
        return tuple(-(-items // group) for items, group in self._pairs())

    @property
    def last_group(self) -> tuple[int, ...] | None:
        """Work-items in the last group along each dimension (the local size when it is full)."""
        if self.local_size is None:
            return None
        return tuple((items % group) or group for items, group in self._pairs())

    @property
    def partial_dims(self) -> tuple[int, ...]:
        """The dimensions whose global size the local size does not divide."""
        if self.local_size is None:
            return ()
        return tuple(d for d, (items, group) in enumerate(self._pairs()) if items % group)


def summary(space: IndexSpace) -> str:
    """One line: `1000 work-items in 16 groups of 64; the last group has 40`."""
    items = ngettext("{items} work-item", "{items} work-items", space.work_items).format(
        items=_product_text(space.global_size)
    )
    groups, local = space.groups, space.local_size
    if groups is None or local is None:
        return gettext(
            "{items}; the OpenCL implementation picks the work-group size (auto)"
        ).format(items=items)
    text = ngettext(
        "{items} in {groups} group of {local}",
        "{items} in {groups} groups of {local}",
        math.prod(groups),
    ).format(items=items, groups=_product_text(groups), local=_product_text(local))
    last = space.last_group
    assert last is not None
    partial = space.partial_dims
    if len(space.global_size) == 1 and partial:
        return gettext("{text}; the last group has {count}").format(text=text, count=last[0])
    parts = [
        gettext("{count} of {local} in dimension {dim}").format(
            count=last[d], local=local[d], dim=d
        )
        for d in partial
    ]
    if not parts:
        return text
    # Translators: joins "5 of 16 in dimension 0" and "3 of 16 in dimension 1".
    joined = gettext(" and ").join(parts)
    return gettext("{text}; the last groups hold {parts}").format(text=text, parts=joined)


@dataclass(frozen=True)
class FillChoice:
    """A global size taken from a buffer's shape: one work-item per element."""

    name: str
    shape: tuple[int, ...]
    global_size: tuple[int, ...]

    is_image: bool = False

    @property
    def label(self) -> str:
        """`from c: 1024`, `from c: 320 x 256 (shape 256, 320)`, `from img: 512 x 384 pixels`."""
        size = size_text(self.global_size)
        if self.is_image:
            return gettext("from {name}: {size} pixels").format(name=self.name, size=size)
        if len(self.shape) > 1:
            return gettext("from {name}: {size} (shape {shape})").format(
                name=self.name, size=size, shape=", ".join(map(str, self.shape))
            )
        return gettext("from {name}: {size}").format(name=self.name, size=size)


def suggested_local_size(
    global_size: tuple[int, ...], max_group: int = 256, divides: bool = True
) -> tuple[int, ...]:
    """A work-group size of powers of two, about 256 items in all, that divides the global
    size (or, with `divides` False, is only no larger than it).

    A starting point when the user switches 'auto' off, never a tuned choice. The one
    that need not divide is what the form shows, greyed, under 'auto': the same for a
    global size of 1048576 as of 1000003, rather than a 1 that looks like a choice.
    """
    per_dim = {1: 256, 2: 16, 3: 4}.get(len(global_size), 1)
    local: list[int] = []
    for size in global_size:
        group = per_dim
        while group > 1 and (
            (size % group if divides else group > size) or math.prod(local) * group > max_group
        ):
            group //= 2
        local.append(group)
    return tuple(local)
