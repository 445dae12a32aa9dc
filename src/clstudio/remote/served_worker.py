"""The worker on a remote machine: clstudio.worker.child's loop, over frames on stdin/stdout.

Started by clstudio.remote.agent. It greets with its version and files' digest, takes
the app's Start, then serves requests as a local worker does, with every array inline.
A reading thread turns CancelNow into the cancel flag; the run step and launch, which a
local worker shares through memory, go to the app as Where messages every tick. When the
connection ends (the app closed it, killed ssh, or the network went), the worker ends at
once, even inside an endless kernel.
"""

from __future__ import annotations

import os
import queue
import shutil
import sys
import threading
import time
from typing import IO

from clstudio import __version__
from clstudio.checkmode import check_plan  # noqa: F401  (the plans requests carry: see protocol)
from clstudio.counts import count_plan  # noqa: F401
from clstudio.remote.frames import FrameError, hello_line, read_frame, write_frame
from clstudio.remote.messages import CancelNow, Number, Start, Where
from clstudio.remote.package_files import package_digest
from clstudio.traffic import traffic_plan  # noqa: F401
from clstudio.worker.child import enter_scratch, serve
from clstudio.worker.protocol import WithReleased

WHERE_INTERVAL_S = 0.05
_GONE = object()


class FrameLink:
    """The worker's Channel to the app: frames out under a lock, requests in from a queue."""

    def __init__(self, incoming: IO[bytes], outgoing: IO[bytes], scratch: str) -> None:
        self._in = incoming
        self._out = outgoing
        self._scratch = scratch
        self._lock = threading.Lock()
        self._requests: queue.Queue[object] = queue.Queue()
        self.cancel = threading.Event()
        self.step = Number(-1)
        self.launch = Number(0)
        self._request_id = 0

    def send(self, obj: object) -> None:
        with self._lock:
            try:
                write_frame(self._out, obj)
            except OSError:
                self._gone()

    def recv(self) -> object:
        message = self._requests.get()
        if message is _GONE:
            raise EOFError
        request = message.request if isinstance(message, WithReleased) else message
        # What the app's client does to a local worker's shared numbers before each request.
        self.cancel.clear()
        self.step.value, self.launch.value = -1, 0
        self._request_id = getattr(request, "id", 0)
        return message

    def read_forever(self) -> None:
        """The reading thread: requests to the queue, CancelNow to the flag."""
        while True:
            try:
                message = read_frame(self._in)
            except (EOFError, FrameError, OSError):
                self._gone()
                return
            if isinstance(message, CancelNow):
                self.cancel.set()
            else:
                self._requests.put(message)

    def report_forever(self) -> None:
        """The reporting thread: a Where whenever the step or the launch has changed."""
        told = (-1, 0, 0)
        while True:
            time.sleep(WHERE_INTERVAL_S)
            now = (self._request_id, self.step.value, self.launch.value)
            if now != told and now[0]:
                self.send(Where(*now))
                told = now

    def _gone(self) -> None:
        """The app is gone: end now, even during a kernel that never returns."""
        shutil.rmtree(self._scratch, ignore_errors=True)
        os._exit(0)


def main() -> None:
    scratch = sys.argv[1]
    # The frames keep descriptors of their own: fd 1 is where a kernel's printf goes.
    incoming = os.fdopen(os.dup(0), "rb")
    outgoing = os.fdopen(os.dup(1), "wb")
    quiet = os.open(os.devnull, os.O_RDWR)
    os.dup2(quiet, 0)
    os.dup2(quiet, 1)
    os.close(quiet)
    outgoing.write(hello_line(__version__, package_digest()))
    outgoing.flush()
    try:
        start = read_frame(incoming)
    except (EOFError, FrameError, OSError):
        return
    if not isinstance(start, Start):
        return
    link = FrameLink(incoming, outgoing, scratch)
    enter_scratch(scratch, start.environment)
    threading.Thread(target=link.read_forever, daemon=True).start()
    threading.Thread(target=link.report_forever, daemon=True).start()
    serve(link, link.cancel, link.step, scratch, start.tag, link.launch, inline=True)


if __name__ == "__main__":
    main()
