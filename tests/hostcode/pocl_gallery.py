"""The gallery examples the bundled PoCL runs: not those needing a newer OpenCL C."""

from pathlib import Path

from clstudio.common import KernelSignature, RunResult
from clstudio.devices import DeviceSelector, wanted_language
from clstudio.engine.build import split_options
from clstudio.hostcode.bundled_pocl import POCL_PLATFORM
from clstudio.session import Session, examples, load_session
from clstudio.session.gallery import Example

# A gallery example as the app ran it: its session, the engine's result, the kernel's signature.
GalleryRuns = dict[str, tuple[Session, RunResult, KernelSignature]]
# (language, name) -> (folder, exit status, the C compiler's messages)
GalleryPrograms = dict[tuple[str, str], tuple[Path, int, str]]


def runs_on_bundled_pocl(example: Example) -> bool:
    wanted = wanted_language(split_options(load_session(example.path).build_options))
    return wanted is None or wanted <= (1, 2)


POCL_GALLERY = [example for example in examples() if runs_on_bundled_pocl(example)]


# Programs name their device, as the app and `clstudio export` do: with Oclgrind
# installed, the first device of all would be the simulator.
ON_POCL = DeviceSelector(POCL_PLATFORM, "")
