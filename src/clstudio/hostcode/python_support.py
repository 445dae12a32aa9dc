"""The functions every main.py holds: the reference check and the choice of a device."""

CHECK = '''
def check(name, actual, expected, rtol, atol):
    """Whether the output matches its reference as CL Studio checks it: each value
    within atol + rtol * |expected|, NaN equal to NaN."""
    expected = np.asarray(expected)
    if expected.shape != actual.shape and expected.size == actual.size:
        expected = expected.reshape(actual.shape)
    if expected.shape != actual.shape:
        print(f"{name}: FAIL, the reference has shape {expected.shape}, the output {actual.shape}")
        return False
    e, a = expected.astype(np.float64), actual.astype(np.float64)
    with np.errstate(all="ignore"):
        same = (a == e) | (np.isnan(a) & np.isnan(e))
        bad = ~same & ~(np.isfinite(e) & (np.abs(a - e) <= atol + rtol * np.abs(e)))
    tolerance = f"rtol={rtol:g}, atol={atol:g}"
    if bad.any():
        where = tuple(int(i) for i in np.argwhere(bad)[0])
        print(
            f"{name}: FAIL, {np.count_nonzero(bad)} of {a.size} values differ beyond {tolerance};"
            f" first at {list(where)}: expected {e[where]:.7g}, got {a[where]:.7g}"
        )
        return False
    print(f"{name}: ok, all {a.size} values match within {tolerance}")
    return True
'''

DEVICES = '''
def device_kinds(device):
    """The types a device reports, "CPU", "GPU" or "ACCELERATOR" (a simulator reports all)."""
    kinds = ("CPU", "GPU", "ACCELERATOR")
    return [k for k in kinds if device.type & getattr(cl.device_type, k)] or ["DEFAULT"]


def describe(device):
    """A device as --list and the chosen device's line show it."""
    kinds = " | ".join(device_kinds(device))
    return (
        f"{device.name.strip()} ({kinds}, {device.max_compute_units} compute units)"
        f" on {device.platform.name.strip()}"
    )


def choose_device(devices, wanted):
    """--device N (its number in --list) or NAME (part of its platform's name or its own);
    without it, the device named above, else one of DEVICE_TYPE (one that is only of that
    type first), else the first. None when --device matches no device."""
    if wanted is not None:
        if wanted.isdigit():
            return devices[int(wanted)] if int(wanted) < len(devices) else None
        part = wanted.lower()
        return next((d for d in devices if part in f"{d.platform.name} {d.name}".lower()), None)
    for d in devices:
        platform, name = d.platform.name.lower(), d.name.lower()
        if PLATFORM_NAME.lower() in platform and DEVICE_NAME.lower() in name:
            return d
    typed = [d for d in devices if DEVICE_TYPE in device_kinds(d)]
    return min(typed, key=lambda d: len(device_kinds(d)), default=devices[0])
'''
