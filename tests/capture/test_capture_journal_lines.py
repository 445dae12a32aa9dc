"""The capture journal's lines as the hook writes them, read back without a program.

A launch not captured is a short line naming a piece written before it; the reader puts
them together, and a short line whose piece it never read is skipped and counted.
"""

import json
from pathlib import Path

from clstudio.capture.journal import JOURNAL_LINES, JournalReader

PIECE = {
    "piece": 1,
    "kernel": "bump",
    "device": "pthread-cpu",
    "platform": "Portable Computing Language",
    "context": 7,
    "captured": False,
    "reason": "not_selected",
    "call_site": "train.py:12",
    "global_size": [64],
    "local_size": None,
    "global_offset": False,
}


def write(folder: Path, *lines: object) -> None:
    text = "".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines)
    with open(folder / JOURNAL_LINES, "a", encoding="utf-8") as journal:
        journal.write(text)


def test_short_lines_are_their_piece_with_their_number_and_time(tmp_path: Path) -> None:
    write(
        tmp_path,
        PIECE,
        {"number": 1, "piece": 1, "time_ns": 5100},
        {"number": 2, "piece": 1},
    )
    reader = JournalReader(tmp_path)
    first, second = reader.new_launches()
    assert (first.number, first.kernel, first.call_site, first.global_size) == (
        1,
        "bump",
        "train.py:12",
        (64,),
    )
    assert (first.captured, first.reason, first.device, first.context) == (
        False,
        "not_selected",
        "pthread-cpu",
        7,
    )
    assert (first.time_ns, first.timed_by) == (5100, "profiling")
    assert (second.number, second.time_ns, second.timed_by) == (2, None, None)
    # A piece read once serves the lines of later looks.
    write(tmp_path, {"number": 3, "piece": 1, "time_ns": 80})
    (third,) = reader.new_launches()
    assert (third.number, third.call_site, third.time_ns) == (3, "train.py:12", 80)
    assert reader.damaged == 0


def test_a_short_line_without_its_piece_is_skipped_and_counted(tmp_path: Path) -> None:
    write(
        tmp_path,
        {"number": 1, "piece": 9, "time_ns": 5100},
        {**PIECE, "kernel": "no kernel"},
        {"number": 2, "piece": 1},
        "[1, 2]",
        PIECE,
        {"number": 3, "piece": 1},
    )
    reader = JournalReader(tmp_path)
    assert [launch.number for launch in reader.new_launches()] == [3]
    assert reader.damaged == 4


def test_the_layers_short_lines_without_spaces_read_as_the_hooks(tmp_path: Path) -> None:
    write(
        tmp_path,
        PIECE,
        '{"number":1,"piece":1,"time_ns":5100}',
        '{"number":2,"piece":1}',
        '{"number": 3, "piece": 1, "time_ns": 80, "later": true}',  # not short: json reads it
    )
    reader = JournalReader(tmp_path)
    assert [(launch.number, launch.time_ns) for launch in reader.new_launches()] == [
        (1, 5100),
        (2, None),
        (3, 80),
    ]
    assert reader.damaged == 0


def test_launches_not_captured_wait_for_a_batch_and_a_captured_one_is_read_at_once(
    tmp_path: Path,
) -> None:
    """While the program runs, lines of launches not captured are left for the next look
    that lists them all; a captured launch among them is read at once, with them."""
    write(tmp_path, PIECE, {"number": 1, "piece": 1})
    reader = JournalReader(tmp_path)
    assert reader.new_launches(later_if_uncaptured=True) == []
    write(tmp_path, {"number": 2, "piece": 1, "time_ns": 9}, '{"number":3,"piece":1}')
    assert reader.new_launches(later_if_uncaptured=True) == []
    assert [launch.number for launch in reader.new_launches()] == [1, 2, 3]
    assert reader.new_launches() == []

    write(tmp_path, {"number": 4, "piece": 1})
    assert reader.new_launches(later_if_uncaptured=True) == []
    captured = {**PIECE, "number": 5, "captured": True, "reason": None, "program": 0}
    del captured["piece"]
    write(tmp_path, captured)
    read = reader.new_launches(later_if_uncaptured=True)
    assert [(launch.number, launch.captured) for launch in read] == [(4, False), (5, True)]
    # As the layer writes it, without spaces.
    write(tmp_path, json.dumps({**captured, "number": 6}, separators=(",", ":")))
    assert [launch.number for launch in reader.new_launches(later_if_uncaptured=True)] == [6]
    # A line still being written is not read, batch or not.
    with open(tmp_path / JOURNAL_LINES, "a", encoding="utf-8") as journal:
        journal.write('{"number": 7, "pie')
    assert reader.new_launches() == []
    assert reader.damaged == 0
