"""A learner who reads Chinese meets the core's validation messages in Chinese.

The catalogues are compiled by `make` (make test does it before pytest).
"""

from dataclasses import replace

import pytest

from clstudio.checks import IndexSpace, summary, validate
from clstudio.common import ENGLISH, LANGUAGE_VARIABLE, LOCALE_DIR, set_language
from clstudio.common.dtypes import parse_element_type
from clstudio.common.results import KernelArgInfo, KernelSignature
from clstudio.devices.limits import DeviceLimits
from clstudio.session import SessionError, parse_session
from clstudio.session.args import BufferArg
from clstudio.session.format import Session

LIMITS = DeviceLimits(
    name="Test CPU",
    opencl_version=(1, 2),
    max_alloc=1 << 20,
    global_mem=4 << 20,
    local_mem=32 << 10,
    max_constant_buffer=64 << 10,
    max_constant_args=2,
    max_work_group_size=256,
    max_work_item_sizes=(256, 256, 64),
)
KERNEL = KernelSignature("scale", (KernelArgInfo("x", "float*", "global", "none", False),))
SESSION = Session(
    kernel="scale",
    source="",
    global_size=(1024,),
    local_size=(64,),
    args={"x": BufferArg(parse_element_type("float32"), (1000,))},
)


@pytest.fixture
def language(monkeypatch):
    """Choose a language for one test; the next test speaks English again."""
    if not (LOCALE_DIR / "zh_CN" / "LC_MESSAGES" / "clstudio.mo").is_file():
        pytest.fail("the catalogues are not compiled: run `make` (make test compiles them)")
    monkeypatch.delenv(LANGUAGE_VARIABLE, raising=False)
    yield set_language
    monkeypatch.setenv(LANGUAGE_VARIABLE, ENGLISH)


def _messages(session: Session) -> list[str]:
    return [problem.message for problem in validate(session, KERNEL, LIMITS)]


def test_a_local_size_that_does_not_divide_is_explained_in_chinese_and_in_english(language):
    uneven = replace(SESSION, global_size=(1000,))
    language("zh_CN")
    (chinese,) = _messages(uneven)
    assert chinese.startswith("维度 0 的全局大小 1000 不是局部大小 64 的倍数：OpenCL 1.2")
    assert "向上取整到 1024" in chinese
    language("C")
    (english,) = _messages(uneven)
    assert english.startswith(
        "the global size 1000 in dimension 0 is not a multiple of the local size 64: "
        "OpenCL 1.2 needs every work-group to be full. Round the global size up to 1024"
    )


def test_counts_and_session_errors_come_out_in_chinese(language):
    language("zh_CN")
    space = IndexSpace((1000,), (64,))
    assert summary(space) == "1000 个工作项，分为 16 个工作组，每组 64；最后一组有 40 个"
    with pytest.raises(SessionError) as refused:
        parse_session({"format": "clstudio-session", "version": 1, "global_size": [4]})
    assert str(refused.value) == "kernel: 此键是必需的，但缺失了"
    language(ENGLISH)
    assert summary(space) == "1000 work-items in 16 groups of 64; the last group has 40"
