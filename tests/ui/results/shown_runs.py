"""The types of the results tests' gallery runs (the fixtures are in conftest.py)."""

from __future__ import annotations

from collections.abc import Callable

from clstudio.reporting import FinishedRun
from clstudio.ui.results.result_view import ResultView

# gallery_run(name): kernels/<name>.json run once on the device, reused by later tests.
GalleryRun = Callable[[str], FinishedRun]
# show_gallery(tab, name): that run shown in a results tab, as the window hands it over.
ShowGallery = Callable[[ResultView, str], FinishedRun]
