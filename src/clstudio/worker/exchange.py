"""One request's exchange with a worker: its messages read until a reply or a stop.

WorkerClient owns the worker's life; this loop only reads, so that a limit, a cancel
or a stalled boot is noticed within one tick of it happening.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from clstudio.common import StepOutcome
from clstudio.worker.life import WorkerLife
from clstudio.worker.protocol import (
    Failure,
    Progress,
    Ready,
    Reply,
    Request,
    Stepped,
    WorkerFailure,
)
from clstudio.worker.request_ends import Allowance, Job, stopped_now
from clstudio.worker.shared_arrays import block_prefix, discard_unsent

_TICK_S = 0.05  # how often a waiting request looks at cancel and its limit


def exchange(
    worker: WorkerLife,
    request: Request,
    job: Job,
    progress: Callable[[int, int], None] | None,
    stepped: Callable[[StepOutcome], None] | None,
    cancel_at: Callable[[], float | None],
    start_limit_s: float,
) -> object:
    """Send `request` and wait: its payload, or Stopped (the worker must then be replaced).

    Raises WorkerDied when the worker dies, and WorkerFailure when it answers with a
    traceback. `cancel_at()` is read at each tick: another thread may cancel meanwhile.
    """
    # The limit counts from when the worker is ready: a restart's boot is not the user's.
    allowance = Allowance(job)
    if worker.ready:
        allowance.start()
    worker.send(request)
    while True:
        # A message that has arrived wins over a limit that has passed meanwhile.
        deadline = allowance.deadline
        wait_s = _TICK_S if deadline is None else min(_TICK_S, deadline - time.monotonic())
        message = worker.receive(wait_s)
        if isinstance(message, Ready) or (isinstance(message, Reply) and message.id != request.id):
            # Booted, or done warming up as a spare: the request's time starts now.
            allowance.start()
        elif message is not None and message.id == request.id:
            if isinstance(message, Reply):
                try:
                    return worker.blocks.take(message.payload)
                finally:
                    discard_unsent(block_prefix(worker.tag, request.id), message.made)
            if isinstance(message, Failure):
                raise WorkerFailure(message.traceback)
            if isinstance(message, Progress) and progress is not None:
                progress(message.done, message.total)
            if isinstance(message, Stepped) and stepped is not None:
                stepped(message.outcome)
        stopped = stopped_now(worker, job, allowance, cancel_at(), start_limit_s)
        if stopped is not None:
            return stopped
