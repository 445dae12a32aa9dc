"""The Roofline tab's Measure operations: counted on Oclgrind through a real worker."""

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from clstudio.ui.results.roofline.count_job import CountController, connect_counts
from clstudio.ui.results.roofline.roofline_panel import RooflinePanel
from clstudio.ui.tasks import Lane
from clstudio.worker.count_client import CountClient
from ui.results.shown_runs import GalleryRun, ShowGallery

pytestmark = pytest.mark.opencl
M, N, K = 256, 320, 384  # the gallery's matmul sizes
COUNT_WAIT_MS = 120_000


@pytest.fixture
def tab(qtbot: QtBot) -> Iterator[tuple[RooflinePanel, CountController]]:
    client = CountClient()
    panel = RooflinePanel()
    qtbot.addWidget(panel)
    panel.show()
    controller = CountController(client, Lane.COUNTS, panel)
    connect_counts(panel, controller)
    yield panel, controller
    controller.stop()
    controller.wait()
    client.close()


def measure(qtbot: QtBot, panel: RooflinePanel) -> None:
    panel.count_button.click()
    assert panel.stop_count_button.isVisible()
    qtbot.waitUntil(lambda: panel.count_button.isEnabled(), timeout=COUNT_WAIT_MS)


def test_measured_matmuls_do_the_same_flops_and_tiled_moves_fewer_bytes(
    qtbot: QtBot, tab: tuple[RooflinePanel, CountController], gallery_run: GalleryRun
) -> None:
    panel, _ = tab
    naive = gallery_run("matmul_naive")
    tiled = gallery_run("matmul_tiled")
    panel.show_run(naive)
    assert "not measured" in panel.counts_note.text()
    measure(qtbot, panel)
    naive_point = panel.latest_point()
    assert naive_point is not None and naive_point.operations == 2 * M * N * K
    note = panel.counts_note.text()
    assert note.startswith("Measured on Oclgrind: 62 914 560 floating-point operations")
    assert "(stated: 62 914 560 operations)" in note  # 2 K per work-item, as declared
    assert "estimated from 2 of 320 work-groups" in note
    panel.show_run(tiled)
    measure(qtbot, panel)
    tiled_point = panel.latest_point()
    assert tiled_point is not None and tiled_point.operations == 2 * M * N * K
    assert tiled_point.intensity > 4 * naive_point.intensity
    panel.show_run(naive)  # a rerun keeps its measurement
    again = panel.latest_point()
    assert again is not None and again.operations == 2 * M * N * K


def test_stop_ends_the_count_and_the_tab_says_nothing_was_measured(
    qtbot: QtBot, tab: tuple[RooflinePanel, CountController], show_gallery: ShowGallery
) -> None:
    panel, _ = tab
    show_gallery(panel, "matmul_tiled")
    panel.count_button.click()
    panel.stop_count_button.click()
    qtbot.waitUntil(lambda: panel.count_button.isEnabled(), timeout=COUNT_WAIT_MS)
    assert panel.counts_note.text().startswith("Not measured: ")
    assert not panel.stop_count_button.isVisible()
