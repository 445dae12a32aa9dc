"""Live building in the background: the pause, the generations, the last good build."""

from __future__ import annotations

from collections.abc import Callable

from pytestqt.qtbot import QtBot

from clstudio.common.results import BuildResult
from clstudio.ui.editor.build_controller import LIVE_DELAY_MS, BuildController
from ui.editor.editor_testing import FakeBackend, fake_build

GOOD = "__kernel void a(__global float *x, __global float *y) {}"
BAD = "__kernel void a(__global float *x) { ERROR; }"


def build_started(qtbot: QtBot, controller: BuildController, text: str) -> int:
    """`text` typed and its build asked for, until the build begins; its generation."""
    controller.set_source(text)
    with qtbot.waitSignal(controller.buildStarted) as started:
        controller.request_build()
    generation: int = started.args[0]
    return generation


def built_when_released(
    qtbot: QtBot, controller: BuildController, backend: FakeBackend
) -> list[str]:
    """The held builds let go: the controller's answer is GOOD's build, the newest text's;
    the texts the backend built, in order."""
    with qtbot.waitSignal(controller.buildFinished) as finished:
        backend.release_all()
    assert finished.args == [fake_build(GOOD)]
    return [call[0] for call in backend.calls]


def test_a_live_build_starts_after_the_pause_not_at_the_edit(
    qtbot: QtBot, backend: FakeBackend
) -> None:
    controller = BuildController(backend)
    controller.set_source(GOOD)
    assert backend.started() == 0 and not controller.is_building()
    assert controller.is_pending()
    with qtbot.waitSignal(controller.buildFinished, timeout=5 * LIVE_DELAY_MS) as finished:
        pass
    assert finished.args == [fake_build(GOOD)]
    assert backend.calls == [(GOOD, "", None)]
    controller.wait()


def test_edits_within_the_pause_build_only_the_last_text(
    qtbot: QtBot, make_controller: Callable[..., BuildController], backend: FakeBackend
) -> None:
    controller = make_controller()
    for end in range(1, len(GOOD) + 1):
        controller.set_source(GOOD[:end])
    with qtbot.waitSignal(controller.buildFinished):
        pass
    assert [call[0] for call in backend.calls] == [GOOD]


def test_a_result_for_text_changed_since_is_dropped(
    qtbot: QtBot, make_controller: Callable[..., BuildController], backend: FakeBackend
) -> None:
    backend.hold = True
    controller = make_controller()
    shown: list[BuildResult] = []
    controller.buildFinished.connect(shown.append)

    first = build_started(qtbot, controller, BAD)
    controller.set_source(GOOD)  # typed while BAD builds
    controller.request_build()
    qtbot.waitUntil(lambda: backend.started() == 1)
    assert controller.is_pending(), "one build at a time: GOOD waits for BAD"

    with qtbot.waitSignal(controller.buildStarted) as second:
        backend.release(0)  # BAD's answer arrives after GOOD was typed
    assert second.args[0] > first
    assert shown == [], "the answer for BAD was dropped"
    with qtbot.waitSignal(controller.buildFinished):
        backend.release(1)
    assert shown == [fake_build(GOOD)]
    assert controller.last_result == fake_build(GOOD)


def test_texts_typed_during_a_build_are_skipped_for_the_newest(
    qtbot: QtBot, make_controller: Callable[..., BuildController], backend: FakeBackend
) -> None:
    backend.hold = True
    controller = make_controller()
    build_started(qtbot, controller, "v1")
    for text in ("v2", "v3", GOOD):
        controller.set_source(text)
        controller.request_build()
    assert built_when_released(qtbot, controller, backend) == ["v1", GOOD]


def test_a_build_replaced_before_it_began_is_never_built(
    qtbot: QtBot, make_controller: Callable[..., BuildController], backend: FakeBackend
) -> None:
    backend.hold = True
    first = make_controller()
    build_started(qtbot, first, "holds the builds' lane")
    controller = make_controller()
    controller.set_source("v1")
    controller.request_build()  # waits behind the first controller's build
    controller.set_source(GOOD)
    controller.request_build()
    assert built_when_released(qtbot, controller, backend) == ["holds the builds' lane", GOOD]


def test_the_build_action_while_the_same_text_builds_adds_nothing(
    qtbot: QtBot, make_controller: Callable[..., BuildController], backend: FakeBackend
) -> None:
    backend.hold = True
    controller = make_controller()
    controller.set_source(GOOD)
    controller.request_build()
    controller.request_build()
    with qtbot.waitSignal(controller.buildFinished):
        backend.release_all()
    assert len(backend.calls) == 1
    assert not controller.is_pending()


def test_the_last_good_build_is_kept_while_the_text_fails(
    qtbot: QtBot, make_controller: Callable[..., BuildController]
) -> None:
    controller = make_controller()
    controller.set_source(GOOD)
    with qtbot.waitSignal(controller.buildFinished):
        controller.request_build()
    assert not controller.is_stale()

    controller.set_source(BAD)
    with qtbot.waitSignal(controller.buildFinished):
        controller.request_build()
    assert controller.last_result == fake_build(BAD)
    assert controller.last_good == fake_build(GOOD)
    assert controller.is_stale()


def test_live_off_builds_only_when_asked(
    qtbot: QtBot, make_controller: Callable[..., BuildController], backend: FakeBackend
) -> None:
    controller = make_controller()
    controller.set_live(False)
    controller.set_source(GOOD)
    assert not controller.is_pending()
    with qtbot.waitSignal(controller.buildFinished):
        controller.request_build()
    controller.set_source(BAD)
    assert not controller.is_pending()
    controller.set_live(True)
    assert controller.is_pending(), "turning live on builds the text changed meanwhile"
    with qtbot.waitSignal(controller.buildFinished) as finished:
        pass
    assert finished.args == [fake_build(BAD)]


def test_new_options_and_device_rebuild(
    qtbot: QtBot, make_controller: Callable[..., BuildController], backend: FakeBackend
) -> None:
    controller = make_controller()
    controller.set_source(GOOD)
    with qtbot.waitSignal(controller.buildFinished):
        controller.request_build()
    with qtbot.waitSignal(controller.buildFinished):
        controller.set_options("-cl-std=CL2.0")
    assert backend.calls[-1] == (GOOD, "-cl-std=CL2.0", None)
    controller.set_options("-cl-std=CL2.0")
    assert not controller.is_pending(), "the same options again are no change"


def test_a_backend_that_raises_reports_its_traceback(
    qtbot: QtBot, make_controller: Callable[..., BuildController]
) -> None:
    controller = make_controller()
    controller.set_source("RAISE")
    with qtbot.waitSignal(controller.buildCrashed) as crashed:
        controller.request_build()
    assert "RuntimeError: the driver fell over" in crashed.args[0]
    assert not controller.is_building()
