"""The form's edits of a program's launches: add, remove, move, set, group; sizes follow."""

from __future__ import annotations

from pathlib import Path

from clstudio.session import (
    Launch,
    LaunchEdit,
    LaunchGroup,
    ScalarArg,
    apply_launch_edit,
    leaf_launches,
    load_session,
    session_to_dict,
    swap_problem,
)

KERNELS = Path(__file__).parents[2] / "kernels"


def test_adding_a_launch_makes_a_program_of_the_one_launch_and_removing_it_undoes_it() -> None:
    session = load_session(KERNELS / "vector_add.json")
    program = apply_launch_edit(session, LaunchEdit("add"))
    launches = leaf_launches(program.launches)
    assert [launch.kernel for launch in launches] == ["vector_add", "vector_add"]
    assert all(launch.global_size == session.global_size for launch in launches)
    # The named size N still drives both launches' global size, as it did the session's.
    assert session_to_dict(program)["launches"][1]["global_size"] == ["N"]
    back = apply_launch_edit(program, LaunchEdit("remove", position=2))
    assert back == session
    assert session_to_dict(back) == session_to_dict(session)


def test_the_last_launch_cannot_be_removed() -> None:
    session = apply_launch_edit(load_session(KERNELS / "vector_add.json"), LaunchEdit("add"))
    one = apply_launch_edit(session, LaunchEdit("remove", position=1))
    assert apply_launch_edit(one, LaunchEdit("remove", position=1)) == one


def test_moving_a_launch_takes_its_bindings_and_sizes_along() -> None:
    session = load_session(KERNELS / "scan_multi_block.json")
    moved = apply_launch_edit(session, LaunchEdit("move", position=3, delta=-1))
    kernels = [launch.kernel for launch in leaf_launches(moved.launches)]
    assert kernels == ["scan_blocks", "add_block_offsets", "scan_blocks"]
    written = session_to_dict(moved)["launches"]
    assert written[1]["global_size"] == ["N"] and written[2]["global_size"] == ["N/B"]
    # Out of range: nothing changes.
    assert apply_launch_edit(session, LaunchEdit("move", position=1, delta=-1)) == session
    assert apply_launch_edit(session, LaunchEdit("move", position=9, delta=1)) == session


def test_setting_a_launch_replaces_it_and_the_session_follows_the_first() -> None:
    session = load_session(KERNELS / "vadd_chain.json")
    launch = Launch("vadd", (512,), (64,), {"a": "a", "b": "b", "c": "d", "n": ScalarArg(512)})
    edited = apply_launch_edit(session, LaunchEdit("set", position=1, launch=launch))
    assert leaf_launches(edited.launches)[0] == launch
    assert (edited.global_size, edited.local_size) == ((512,), (64,))


def test_a_group_repeats_with_swaps_and_holds_added_launches() -> None:
    session = load_session(KERNELS / "game_of_life.json")
    assert isinstance(session.launches[0], LaunchGroup)
    grouped = apply_launch_edit(
        session, LaunchEdit("group", entry=0, iterations=3, swaps=session.launches[0].swaps)
    )
    group = grouped.launches[0]
    assert isinstance(group, LaunchGroup) and group.iterations == 3
    two = apply_launch_edit(grouped, LaunchEdit("add_to_group", entry=0))
    group = two.launches[0]
    assert isinstance(group, LaunchGroup) and len(group.launches) == 2
    # A repeat of 1 without swaps around one launch that binds nothing of its own is a
    # one-launch session again.
    plain = apply_launch_edit(session, LaunchEdit("group", entry=0, iterations=1))
    assert plain.is_single_launch and "launches" not in session_to_dict(plain)


def test_swaps_follow_the_session_formats_rules() -> None:
    args = load_session(KERNELS / "game_of_life.json").args
    assert swap_problem((("grid", "next"),), args) is None
    assert "not a buffer" in str(swap_problem((("grid", "width"),), args))
    assert "twice" in str(swap_problem((("grid", "next"), ("next", "grid")), args))
