"""The measured counts as JSON (`clstudio run --count --json`, docs/measured-counts.md)."""

from __future__ import annotations

from typing import Any

from clstudio.common import gettext
from clstudio.counts import KINDS, SPACES, CountResult
from clstudio.reporting.report_opening import measurement_opening

COUNTS_FORMAT = "clstudio-counts"
COUNTS_VERSION = 1


def counts_to_json(result: CountResult) -> dict[str, Any]:
    counts = result.counts
    return {
        **measurement_opening(
            COUNTS_FORMAT, COUNTS_VERSION, result.ok, result.error, result.kernel
        ),
        "operations": None if counts is None else {k: counts.operations[k] for k in KINDS},
        "flops": None if counts is None else counts.flops,
        "loaded_bytes": None if counts is None else {s: counts.loaded[s] for s in SPACES},
        "stored_bytes": None if counts is None else {s: counts.stored[s] for s in SPACES},
        "global_bytes": None if counts is None else counts.global_bytes,
        "sampling": None
        if result.sampling is None
        else {
            "groups_run": result.sampling.groups_run,
            "groups": result.sampling.groups,
            "how": "first and last work-groups, scaled",
        },
        "references_passed": result.references_passed,
        "instructions": [{"name": n, "count": c} for n, c in result.instructions],
        "seconds": result.seconds,
    }


def format_counts(result: CountResult) -> str:
    """The counts in a few lines for the terminal."""
    if result.counts is None:
        said = result.error.message if result.error else gettext("nothing was measured")
        return gettext("Measured counts: none ({reason})").format(reason=said)
    counts = result.counts
    lines = [
        gettext("Measured counts (Oclgrind): {flops} floating-point operations").format(
            flops=f"{counts.flops:,}"
        ),
        "  "
        + ", ".join(
            f"{kind} {counts.operations[kind]:,}" for kind in KINDS if counts.operations[kind]
        ),
        gettext("  loaded: {loaded}; stored: {stored}").format(
            loaded=_per_space(counts.loaded), stored=_per_space(counts.stored)
        ),
    ]
    if result.sampling is not None:
        lines.append("  " + result.sampling.describe())
    if result.references_passed is False:
        lines.append(gettext("  on Oclgrind the outputs failed the references: try clstudio check"))
    return "\n".join(lines)


def _per_space(values: dict[str, int] | Any) -> str:
    shown = [f"{space} {values[space]:,} B" for space in SPACES if values[space]]
    return ", ".join(shown) or "0 B"
