"""Records PoCL's real output for the parser tests beside this file (run it by hand).

    python tests/compiler/data/record.py kernels/saxpy.json saxpy --local-size 64 --size N=4096
    python tests/compiler/data/record.py tests/compiler/data/row_sum.json row_sum
    python tests/compiler/data/record.py tests/compiler/data/row_sum.json row_sum_fast \
        --options=-cl-fast-relaxed-math

Each NAME gets NAME.remarks.json (what the build printed, and the path of PoCL's copy
of the source that the remarks name), NAME.parallel.bc and NAME.so. The program
binaries of the other devices (saxpy.oclgrind.bin, saxpy.intel-cpu.bin) are
CL_PROGRAM_BINARIES of saxpy.cl built with no options.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import tempfile
from dataclasses import replace
from pathlib import Path

from clstudio.session import DeviceSelector, load_session, with_sizes
from clstudio.worker.native_output import COMPILER_ENVIRONMENT, NativeOutput

HERE = Path(__file__).parent


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("session", type=Path)
    parser.add_argument("name")
    parser.add_argument("--options", default="")
    parser.add_argument("--local-size", type=int)
    parser.add_argument("--size", action="append", default=[])
    args = parser.parse_args()
    session = load_session(args.session.resolve())
    os.chdir(tempfile.mkdtemp(prefix="clstudio-record-"))
    os.environ.update(COMPILER_ENVIRONMENT)
    from clstudio.engine import Engine  # after the environment: PoCL reads it on loading

    sizes = {name: int(value) for name, value in (s.split("=") for s in args.size)}
    session = with_sizes(session, {**session.sizes, **sizes}) if sizes else session
    local = (args.local_size,) if args.local_size else session.local_size
    pocl = DeviceSelector(platform="Portable Computing Language", device="")
    session = replace(
        session.with_ndrange(session.global_size, local), build_options=args.options, device=pocl
    )
    with NativeOutput() as printed:
        build = Engine().build_for_view(session)
    assert not build.error, build.error
    cache = Path("pocl-cache")
    source = str(next(cache.glob("tempfile_*.cl")).resolve())
    record = {"source_path": source, "options": build.options, "printed": printed.text()}
    (HERE / f"{args.name}.remarks.json").write_text(json.dumps(record, indent=1))
    folder = next(p for p in cache.glob(f"*/*/{build.symbol}/*") if p.name.count("goffs0"))
    shutil.copy(folder / "parallel.bc", HERE / f"{args.name}.parallel.bc")
    shutil.copy(folder / f"{build.symbol}.so", HERE / f"{args.name}.so")
    shutil.rmtree(Path.cwd(), ignore_errors=True)


if __name__ == "__main__":
    main()
