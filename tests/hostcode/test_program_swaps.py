"""A program whose swaps its arguments no longer fit gets a message, not a traceback."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from clstudio.hostcode import ExportError, host_program
from clstudio.session import BufferArg, load_session
from kernel_args import LIFE

KERNELS = Path(__file__).parents[2] / "kernels"


@pytest.mark.parametrize("language", ["python", "c"])
def test_swapped_buffers_of_different_shapes_are_refused_by_name(language: str) -> None:
    session = load_session(KERNELS / "game_of_life.json")
    grown = session.args["next"]
    assert isinstance(grown, BufferArg)
    # The form let the user grow `next` after the swap was written.
    session = replace(session, args={**session.args, "next": replace(grown, shape=(64, 32))})
    with pytest.raises(ExportError, match="'grid' and 'next' must be two buffers"):
        host_program(session, LIFE, language, signatures={"life": LIFE})
