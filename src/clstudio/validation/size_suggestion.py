"""Offering a named size: a `uint n` beside buffers of one length is one size typed twice.

A learner's new kernel gets a count argument and buffers sized to the NDRange; the
form offers to name that length once ("Make N a named size"), so that later changing
it changes the count, the buffers and the global size together.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from clstudio.common import KernelSignature, TypeNameError, gettext, kernel_type
from clstudio.session import BufferArg, ScalarArg, Session, SizePath

_COUNT_NAME = re.compile(r"(?i)(n|count|len|length|size|num\w*|n_\w+|\w+_(count|len|size|n))")


@dataclass(frozen=True)
class SizeSuggestion:
    """A size to create and the places that would name it."""

    name: str  # "N"
    value: int
    places: tuple[SizePath, ...]
    described: str  # "n, a, b, c and the global size"


def suggest_size(signature: KernelSignature, session: Session) -> SizeSuggestion | None:
    """A size for the first integer count argument whose buffers share one length.

    The count must be unset (0) or equal that length, so an offset or a seed is never
    taken for a size; places already linked to a size are left as they are.
    """
    links = session.size_links
    buffers = {
        name: spec
        for name, spec in session.args.items()
        if isinstance(spec, BufferArg) and len(spec.shape) == 1 and not _linked(links, name)
    }
    lengths = {spec.shape[0] for spec in buffers.values()}
    if len(lengths) != 1:
        return None
    (length,) = lengths
    for info in signature.args:
        spec = session.args.get(info.name)
        if not isinstance(spec, ScalarArg) or spec.struct is not None:
            continue  # a struct passed by value is no count
        if _linked(links, info.name):
            continue
        try:
            element = kernel_type(info.type_name)
        except TypeNameError:
            continue  # a typedef the compiler could not be asked about
        if element.width != 1 or element.scalar.kind not in "iu":
            continue
        if not _COUNT_NAME.fullmatch(info.name) or spec.value not in (0, length):
            continue
        places: list[SizePath] = [("args", info.name, "value")]
        places += [("args", name, "shape", 0) for name in buffers]
        names = [info.name, *buffers]
        global_places = [
            ("global_size", d)
            for d, size in enumerate(session.global_size)
            if size == length and ("global_size", d) not in links
        ]
        if global_places:
            places += global_places
            names.append(gettext("the global size"))
        # Translators: a list of argument names, "n, a, b and c".
        described = gettext("{names} and {last}").format(
            names=gettext(", ").join(names[:-1]), last=names[-1]
        )
        return SizeSuggestion(
            _free_name(info.name.upper(), session), length, tuple(places), described
        )
    return None


def with_named_size(session: Session, suggestion: SizeSuggestion) -> Session:
    """The session with the suggested size and every suggested place naming it."""
    value = suggestion.value
    args = dict(session.args)
    for place in suggestion.places:
        if place[0] == "args" and place[-1] == "value":
            args[str(place[1])] = ScalarArg(value)
    links = {**session.size_links, **{place: suggestion.name for place in suggestion.places}}
    return replace(
        session, args=args, sizes={**session.sizes, suggestion.name: value}, size_links=links
    )


def _linked(links: dict[SizePath, str], name: str) -> bool:
    return any(path[:2] == ("args", name) for path in links)


def _free_name(wanted: str, session: Session) -> str:
    if wanted.isidentifier() and wanted not in session.sizes:
        return wanted
    number = 2
    while f"N{number}" in session.sizes:
        number += 1
    return "N" if "N" not in session.sizes else f"N{number}"
