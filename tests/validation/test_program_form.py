"""The form of a program: the session's arguments typed by their launches, problems by launch."""

from __future__ import annotations

from pathlib import Path

from clstudio.common import KernelSignature
from clstudio.session import Launch, LaunchEdit, apply_launch_edit, load_session
from clstudio.validation import fit_program, form_state
from kernel_args import LIFE, kernel_arg

KERNELS = Path(__file__).parents[2] / "kernels"


VADD = KernelSignature(
    "vadd",
    (
        kernel_arg("a", "float*", True),
        kernel_arg("b", "float*", True),
        kernel_arg("c", "float*"),
        kernel_arg("n", "int"),
    ),
)


def test_the_programs_arguments_keep_the_sessions_names_and_order() -> None:
    session = load_session(KERNELS / "vadd_chain.json")
    fit = fit_program({"vadd": VADD}, session)
    assert [info.name for info in fit.signature.args] == list("abcdefgn")
    assert list(fit.session.args) == list(session.args)
    assert fit.removed == ()
    assert form_state({"vadd": VADD}, fit.session, None).errors == ()
    # `d` is written by launch 1 and read by launch 2: it is no const buffer.
    assert not next(info for info in fit.signature.args if info.name == "d").is_const


def test_a_bad_launch_is_named_and_its_argument_marked() -> None:
    session = load_session(KERNELS / "vadd_chain.json")
    bad = Launch("vadd", (1 << 20,), None, {"a": "d", "b": "n", "c": "e"})
    session = apply_launch_edit(session, LaunchEdit("set", position=2, launch=bad))
    fit = fit_program({"vadd": VADD}, session)
    form = form_state({"vadd": VADD}, fit.session, None)
    assert list(form.launch_problems) == [2]
    assert "launch 2 of 3" in form.launch_problems[2][0]
    assert form.problems["n"]


def test_a_launch_of_a_kernel_the_program_lacks_is_a_problem_of_that_launch() -> None:
    session = load_session(KERNELS / "vadd_chain.json")
    gone = Launch("vmul", (1 << 20,), None, {})
    session = apply_launch_edit(session, LaunchEdit("set", position=3, launch=gone))
    fit = fit_program({"vadd": VADD}, session)
    form = form_state({"vadd": VADD}, fit.session, None)
    assert "no such kernel" in form.launch_problems[3][0]
    # `f` and `g` were passed only by the launch that is gone.
    assert {"f", "g"} <= {r.name for r in fit.removed}


def test_swaps_that_cannot_be_are_refused_before_run() -> None:
    session = load_session(KERNELS / "game_of_life.json")
    session = apply_launch_edit(
        session, LaunchEdit("group", entry=0, iterations=2, swaps=(("grid", "width"),))
    )
    fit = fit_program({"life": LIFE}, session)
    form = form_state({"life": LIFE}, fit.session, None)
    assert "not a buffer" in form.group_problems[0]
    assert form.errors
