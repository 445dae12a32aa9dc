"""The set-up's first step (`make oclgrind`): undo an older CL Studio's move of Oclgrind's
entry inside pyopencl's folder, so that pip's records hold again and `pip uninstall` of
Oclgrind leaves nothing behind (devices.oclgrind_home says why nothing moves now)."""

from __future__ import annotations

import sys

from clstudio.devices.oclgrind_home import pyopencl_libs, recorded_hash, undo_older_move


def main() -> int:
    libs = pyopencl_libs()
    for line in undo_older_move(libs, recorded_hash()) if libs is not None else []:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
