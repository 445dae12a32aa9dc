"""A field's label, group, explanation and value are shown in the user's language; the
data (what --json writes) stays English."""

from collections.abc import Callable

import pytest

from clstudio.common import LANGUAGE_VARIABLE
from clstudio.devices import (
    DeviceInfo,
    DeviceInventory,
    InfoField,
    PlatformInfo,
    format_inventory,
    group_title,
)
from clstudio.devices.field_catalogue import DEVICE_FIELDS, as_written, display_value

UNITS_EXPLANATION = "Units that each run work-groups in parallel; on a CPU, its hardware threads."


@pytest.fixture
def lang(monkeypatch: pytest.MonkeyPatch) -> Callable[[str], None]:
    """Set LANG as a shell would, with no language chosen in CL Studio itself."""
    for variable in (LANGUAGE_VARIABLE, "LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    return lambda value: monkeypatch.setenv("LANG", value)


def catalogue_field(name: str, raw: object) -> InfoField:
    """A field as discovery makes it: English data, with its kind to show it again."""
    spec = next(s for s in DEVICE_FIELDS if s.name == name)
    display = display_value(spec.kind, raw, as_written)
    return InfoField(
        spec.name, spec.label, spec.group, raw, display, spec.explanation, kind=spec.kind
    )


def test_a_field_explanation_is_chinese_under_zh_cn_and_english_under_c(
    lang: Callable[[str], None],
) -> None:
    units = catalogue_field("CL_DEVICE_MAX_COMPUTE_UNITS", 8)
    lang("zh_CN.UTF-8")
    assert units.shown_explanation == "各自并行运行工作组的单元；在 CPU 上就是它的硬件线程。"
    assert (units.shown_label, units.shown_group) == ("最大计算单元数", "计算")
    assert units.explanation == UNITS_EXPLANATION  # the data stays English
    lang("C")
    assert units.shown_explanation == UNITS_EXPLANATION
    assert (units.shown_label, units.shown_group) == ("Max compute units", "Compute")


def test_values_are_shown_in_chinese_but_kept_in_english(lang: Callable[[str], None]) -> None:
    ecc = catalogue_field("CL_DEVICE_ERROR_CORRECTION_SUPPORT", False)
    memory = catalogue_field("CL_DEVICE_GLOBAL_MEM_SIZE", 3 * 2**30)
    lang("zh_CN.UTF-8")
    assert (ecc.display, ecc.shown_display) == ("No", "否")
    assert memory.shown_display == "3 GiB（3221225472 字节）"
    assert memory.display == "3 GiB (3221225472 bytes)"
    assert group_title("Vendor specific") == "厂商特有"


def test_a_refused_field_says_unavailable_in_chinese_with_the_driver_reason(
    lang: Callable[[str], None],
) -> None:
    refused = InfoField(
        "CL_DEVICE_HALF_FP_CONFIG", "Half precision (16-bit)", "Floating point", None,
        "unavailable: clGetDeviceInfo failed: INVALID_VALUE", "What half guarantees.", False,
    )  # fmt: skip
    lang("zh_CN.UTF-8")
    assert refused.shown_display == "不可用：clGetDeviceInfo failed: INVALID_VALUE"


def test_chinese_labels_keep_the_values_in_one_column_of_the_terminal(
    lang: Callable[[str], None],
) -> None:
    fields = (
        catalogue_field("CL_DEVICE_MAX_COMPUTE_UNITS", 8),
        catalogue_field("CL_DEVICE_IMAGE_SUPPORT", True),
    )
    device = DeviceInfo(0, 0, "cpu", "CPU", "OpenCL 3.0", "PoCL", fields)
    platform = PlatformInfo(0, "PoCL", "pocl", "OpenCL 3.0", (), (device,))
    lang("zh_CN.UTF-8")
    text = format_inventory(DeviceInventory((platform,)))
    rows = [line for line in text.splitlines() if line.endswith(("  8", "  是"))]
    assert len(rows) == 2
    # A Chinese character takes two columns: "最大计算单元数" is 14 wide, "图像支持" 8.
    value_columns = {columns(row[:-1]) for row in rows}
    assert len(value_columns) == 1


def columns(text: str) -> int:
    return sum(2 if "\u4e00" <= c <= "\u9fff" else 1 for c in text)
