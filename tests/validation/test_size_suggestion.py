"""The named size the form offers: only for a count beside buffers of one length."""

from __future__ import annotations

from clstudio.common import KernelArgInfo, KernelSignature, parse_element_type
from clstudio.session import BufferArg, Launch, ScalarArg, Session, with_sizes
from clstudio.validation import suggest_size, with_named_size
from session.session_testing import arg_of

F32 = parse_element_type("float32")


def signature(scalar: str) -> KernelSignature:
    return KernelSignature(
        "k",
        (
            KernelArgInfo("x", "float*", "global", "none", True),
            KernelArgInfo("y", "float*", "global", "none", False),
            KernelArgInfo(scalar, "uint", "private", "none", False),
        ),
    )


def session(scalar: str, value: int, y_shape: tuple[int, ...] = (512,)) -> Session:
    return Session(
        source="",
        launches=(Launch("k", (512,)),),
        args={
            "x": BufferArg(F32, (512,)),
            "y": BufferArg(F32, y_shape),
            scalar: ScalarArg(value),
        },
    )


def test_an_unset_count_beside_buffers_of_one_length_is_offered_and_linked() -> None:
    suggestion = suggest_size(signature("n"), session("n", 0))
    assert suggestion is not None
    assert (suggestion.name, suggestion.value) == ("N", 512)
    assert suggestion.described == "n, x, y and the global size"
    linked = with_named_size(session("n", 0), suggestion)
    assert linked.args["n"] == ScalarArg(512)
    bigger = with_sizes(linked, {"N": 2048})
    assert arg_of(bigger, "y", BufferArg).shape == (2048,) and bigger.global_size == (2048,)
    assert bigger.args["n"] == ScalarArg(2048)
    assert suggest_size(signature("n"), linked) is None  # already named


def test_an_offset_buffers_of_two_lengths_or_another_value_are_not_offered() -> None:
    assert suggest_size(signature("offset"), session("offset", 0)) is None
    assert suggest_size(signature("n"), session("n", 0, (256,))) is None
    assert suggest_size(signature("n"), session("n", 7)) is None
