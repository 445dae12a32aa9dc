"""`python -m clstudio` and the `clstudio` command start here."""

import sys

from clstudio.collector_pause import end_pause, pause_collection
from clstudio.dataclass_code import cache_file, keep_new_code, use_kept_code


def main() -> int:
    """Run the command that the arguments name (the app when none does).

    Python's cyclic collector is paused while the command's modules load (see
    clstudio.collector_pause): a terminal command ends the pause before it runs, the
    app at its window's first paint. Dataclasses' methods come from the code kept by
    earlier commands (clstudio.dataclass_code), and what was new is kept at the end.
    """
    pause_collection()
    use_kept_code(cache_file())
    try:
        from clstudio.cli import main as run_command

        return run_command()
    finally:
        end_pause(collect_automatically=True)
        keep_new_code()


if __name__ == "__main__":
    sys.exit(main())
