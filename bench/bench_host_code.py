"""Making the Host code tab's program, against writing the session's JSON in the same run.

Both happen on the GUI thread at every edit of the form: the recovery copy writes the
session's JSON (dumps_session), and the Host code tab makes the program (host_program).
Per gallery session and language, the median of many makes; the metrics are the medians
and the worst over the sessions measured. The kernels are built once first, for their
signatures (every kernel's, as the tab passes them for a program of several launches);
nothing here runs a kernel. A session for a device this machine lacks cannot be built: it
is left out, and counted in the note.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile

os.environ["POCL_CACHE_DIR"] = tempfile.mkdtemp(prefix="clstudio-bench-pocl-")

from clstudio.engine import Engine
from clstudio.hostcode import host_program
from clstudio.session import examples, load_session
from clstudio.session.format import dumps_session
from results_table import Metric, report, timed

REPEATS = 25


def main() -> int:
    engine = Engine()
    cases = []
    unbuilt = 0
    for example in examples():
        session = load_session(example.path)
        build = engine.build(session.source, session.build_options, session.device)
        signature = build.kernel(session.kernel)
        if signature is None:
            print(f"not measured: {example.path.name}: {build.errors[0].message}")
            unbuilt += 1
            continue
        cases.append((session, signature, {k.name: k for k in build.kernels}))
    if not cases:
        print("no gallery session builds on this machine", file=sys.stderr)
        return 1
    left_out = f"; left out: {unbuilt} not built here"
    baseline = [timed(lambda s=s: dumps_session(s), REPEATS) for s, _, _ in cases]
    metrics = []
    for language in ("python", "c"):
        made = [
            timed(
                lambda s=s, k=k, lang=language, all_k=all_k: host_program(
                    s, k, lang, signatures=all_k
                ),
                REPEATS,
            )
            for s, k, all_k in cases
        ]
        for label, pick in (("median", statistics.median), ("worst", max)):
            metrics.append(
                Metric(
                    f"host_program ({language}), {label} of {len(cases)} sessions",
                    pick(made) * 1e3,
                    "ms",
                    baseline=pick(baseline) * 1e3,
                    note="baseline: dumps_session of the same sessions" + left_out,
                )
            )
    report("host_code", metrics)
    return 0


if __name__ == "__main__":
    sys.exit(main())
