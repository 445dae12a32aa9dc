"""`python -m clstudio` and the `clstudio` command start here."""

import gc
import sys


def main() -> int:
    """Run the command that the arguments name (the app when none does).

    Python's cyclic collector is paused while the command's modules load: a start
    makes some hundreds of thousands of objects, none of them garbage, and walking
    them again and again as they come took about 50 ms of the app's 600 ms start
    (bench/bench_startup.py). A terminal command resumes it before it runs, the app
    after its first paint (clstudio.common.resume_collection).
    """
    gc.disable()
    try:
        from clstudio.cli import main as run_command

        return run_command()
    finally:
        gc.enable()


if __name__ == "__main__":
    sys.exit(main())
