"""Planning a check: Oclgrind's switches exactly "1", quick mode for large ranges, said in words."""

from dataclasses import replace

from clstudio.checkmode import LOG_NAME, check_environment, plan_check
from clstudio.checkmode.check_plan import BUILD_OPTIONS, FULL_RANGE_LIMIT
from clstudio.devices import DeviceSelector
from clstudio.session import Launch, LaunchGroup, Session


def test_switches_are_exactly_one_and_the_cache_is_off() -> None:
    environment = dict(check_environment(quick=False))
    for switch in ("OCLGRIND_DATA_RACES", "OCLGRIND_UNINITIALIZED", "OCLGRIND_CHECK_API"):
        assert environment[switch] == "1"  # "true" would switch nothing on
    assert environment["PYOPENCL_NO_CACHE"] == "1"
    assert environment["OCLGRIND_LOG"] == LOG_NAME
    assert environment["OCLGRIND_MAX_ERRORS"].isdigit()  # a malformed number aborts
    assert "OCLGRIND_QUICK" not in environment
    assert dict(check_environment(quick=True))["OCLGRIND_QUICK"] == "1"


def test_a_small_range_runs_whole_once_on_oclgrind_without_guard_bands() -> None:
    session = Session(source="", launches=(Launch("k", (64,)),), build_options="-D N=4", repeats=50)
    plan = plan_check(session)
    assert plan.coverage == ""
    assert plan.session.device == DeviceSelector(platform="Oclgrind")
    assert plan.session.repeats == 1 and plan.session.guards is False
    assert plan.session.build_options == f"-D N=4 {BUILD_OPTIONS}"
    assert plan.session.local_size is None
    assert "OCLGRIND_QUICK" not in dict(plan.environment)


def test_a_large_range_uses_quick_mode_and_says_so() -> None:
    session = Session(source="", launches=(Launch("k", (1024, 1024), (16, 16)),))
    plan = plan_check(session)
    assert dict(plan.environment)["OCLGRIND_QUICK"] == "1"
    assert plan.session.local_size == (16, 16)
    assert "quick mode" in plan.coverage and "first and last of 4,096 work-groups" in plan.coverage


def test_quick_mode_with_an_automatic_local_size_chooses_whole_groups() -> None:
    # Oclgrind's own "auto" is one work-item per group: quick mode would run two work-items.
    plan = plan_check(Session(source="", launches=(Launch("k", (FULL_RANGE_LIMIT * 4,)),)))
    assert plan.session.local_size == (256,)
    assert "local size 256, chosen for the check" in plan.coverage


def test_a_program_is_quick_when_its_largest_launch_is_and_keeps_each_launchs_sizes() -> None:
    small = Launch("k", (64,), (64,))
    large = Launch("k", (FULL_RANGE_LIMIT * 4,), (64,))
    session = Session(source="", launches=(small, large))
    plan = plan_check(session)
    assert dict(plan.environment)["OCLGRIND_QUICK"] == "1"
    assert "first and last of 256 work-groups" in plan.coverage
    assert plan.session.launches == (small, large)
    assert plan.session.local_size == (64,)
    alone = plan_check(replace(session, launches=(small, small)))
    assert alone.coverage == "" and "OCLGRIND_QUICK" not in dict(alone.environment)


def test_each_large_launch_left_to_the_driver_gets_a_size_in_a_program_too() -> None:
    small = Launch("k", (64,))
    large = Launch("k", (FULL_RANGE_LIMIT * 4,))
    plan = plan_check(Session(source="", launches=(small, LaunchGroup((large,), iterations=3))))
    assert plan.session.launches == (
        small,
        LaunchGroup((Launch("k", (FULL_RANGE_LIMIT * 4,), (256,)),), iterations=3),
    )
    assert "64 work-groups ran (local size 256, chosen for the check)" in (plan.coverage)
