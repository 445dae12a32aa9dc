"""Whether the build a compiler view shows is still the one the editor holds."""

from __future__ import annotations

from clstudio.common import gettext
from clstudio.compiler.compile_result import CompileResult


def changes_since(
    result: CompileResult, source: str, options: str, local_size: tuple[int, ...] | None
) -> tuple[str, ...]:
    """What changed since `result` was built, in the user's language; () when nothing did."""
    changed = []
    if source != result.source:
        changed.append(gettext("the source was edited since this build"))
    if options.strip() != result.options.strip():
        changed.append(
            gettext("the build options are '{now}' now, '{then}' in this build").format(
                now=options.strip(), then=result.options.strip()
            )
        )
    if local_size != result.local_size:
        changed.append(gettext("the local size changed since this build"))
    return tuple(changed)
