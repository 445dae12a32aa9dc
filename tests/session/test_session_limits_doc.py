"""docs/session-limits.md states the limits the code enforces, and the format page links it."""

from pathlib import Path

from clstudio.common import MAX_BUILD_OPTIONS_CHARS, MAX_TEXT_BYTES, RUN_STEPS
from clstudio.expressions import evaluator, rules
from clstudio.session import fields, format

DOCS = Path(__file__).parents[2] / "docs"


def test_the_limits_page_states_the_limits_in_force() -> None:
    page = (DOCS / "session-limits.md").read_text(encoding="utf-8")
    stated = [
        f"at most {MAX_TEXT_BYTES // 2**20} MiB",
        f"at most {MAX_BUILD_OPTIONS_CHARS} characters",
        f"1 to {format.MAX_REPEATS}",
        f"at most {format.MAX_TIMEOUT_S:g}",
        f"1 to {fields.MAX_DIMS} positive integers",
        f"at most {fields.MAX_DIMS} levels deep",
        f"at most {rules.MAX_LENGTH} characters",
        f"{rules.MAX_DEPTH} nested syntax nodes",
        f"{evaluator.MAX_BYTES // 2**30} GiB for any one intermediate array",
        f"{rules.MAX_INT_BITS} bits",
        f"all {'eleven' if len(RUN_STEPS) == 11 else len(RUN_STEPS)} steps",
    ]
    assert fields.MAX_ITEMS == 2**34 and "2^34" in page
    for text in stated:
        assert text in page, text


def test_the_format_page_links_the_limits_page() -> None:
    assert "(session-limits.md)" in (DOCS / "session-format.md").read_text(encoding="utf-8")
