"""`python -m clstudio` and the `clstudio` command start here."""

import sys

from clstudio.collector_pause import end_pause, pause_collection


def main() -> int:
    """Run the command that the arguments name (the app when none does).

    Python's cyclic collector is paused while the command's modules load (see
    clstudio.collector_pause): a terminal command ends the pause before it runs, the
    app at its window's first paint.
    """
    pause_collection()
    try:
        from clstudio.cli import main as run_command

        return run_command()
    finally:
        end_pause(collect_automatically=True)


if __name__ == "__main__":
    sys.exit(main())
