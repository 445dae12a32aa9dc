"""The worker's pipe: waited on actively only while requests come in a series."""

import multiprocessing
import threading
import time
from multiprocessing.connection import Connection

import pytest

from clstudio.worker.series_wait import SeriesWait


def later(conn: Connection, message: object, after_s: float) -> threading.Thread:
    """`message` sent on `conn` after `after_s`, from another thread."""

    def send() -> None:
        time.sleep(after_s)
        conn.send(message)

    thread = threading.Thread(target=send)
    thread.start()
    return thread


def test_requests_that_come_alone_are_waited_for_without_using_the_cpu() -> None:
    app, worker = multiprocessing.Pipe()
    channel = SeriesWait(worker, wait_s=0.2)
    for message in ("first", "second"):
        channel.send("reply")
        sender = later(app, message, 0.5)  # longer after the reply than the wait: no series
        cpu = time.thread_time()
        assert channel.recv() == message
        assert time.thread_time() - cpu < 0.1  # blocked in recv, not polling for 0.2 s
        sender.join()


def test_a_request_after_the_active_wait_is_still_received() -> None:
    app, worker = multiprocessing.Pipe()
    channel = SeriesWait(worker, wait_s=0.01)
    channel.send("ready")
    app.send("first")
    assert channel.recv() == "first"  # in a series now
    channel.send("reply")
    sender = later(app, "late", 0.1)  # after the active wait has given up
    assert channel.recv() == "late"
    sender.join()


def test_the_app_closing_its_end_ends_the_wait() -> None:
    app, worker = multiprocessing.Pipe()
    channel = SeriesWait(worker)
    channel.send("ready")
    app.send("first")
    assert channel.recv() == "first"
    channel.send("reply")
    assert (app.recv(), app.recv()) == ("ready", "reply")
    app.close()
    with pytest.raises(EOFError):
        channel.recv()
