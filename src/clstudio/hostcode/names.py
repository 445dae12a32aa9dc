"""The names of generated code: one allocator per program, which never hands out a name twice.

Argument names come from a kernel that someone else wrote, and each argument gives a
program several names (`a`, `a_out`, `d_a`): without one place that knows every name
given so far and every name the language keeps for itself, an argument `a_out` beside
an output `a`, a scalar `d_a` beside a buffer `a`, or a scalar `errno`, `WORK_DIMS` or
`CL_SUCCESS` breaks the program or quietly changes what it checks.
"""

from __future__ import annotations

import builtins
import keyword
import re
from collections.abc import Callable, Iterable, Mapping, Sequence

from clstudio.hostcode.plan import ArgPlan


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# The Python program's own names, at module level and in main().
PYTHON_PROGRAM_NAMES = _words(
    "np cl sys argparse statistics Path HERE PLATFORM_NAME DEVICE_NAME DEVICE_TYPE BUILD_OPTIONS "
    "device_kinds describe choose_device number "
    "GLOBAL_SIZE LOCAL_SIZE REPEATS check main parser options platforms devices device d p "
    "context queue source program kernel mf launches times_ms repeat ms e checks "
    "iteration LAUNCHES_PER_RUN r SOURCE_PARTS part"
)
PYTHON_RESERVED = (
    PYTHON_PROGRAM_NAMES
    | frozenset(keyword.kwlist)
    | frozenset(keyword.softkwlist)
    | frozenset(dir(builtins))
)

# The C program's own names: its macros, constants, helpers (support.h, cl_errors.h)
# and the locals of main().
C_PROGRAM_NAMES = _words(
    "PLATFORM_NAME DEVICE_NAME DEVICE_TYPE BUILD_OPTIONS WORK_DIMS GLOBAL_SIZE LOCAL_SIZE ZERO "
    "REPEATS ORIGIN device_kinds device_facts print_device choose_device wanted list_only more "
    "CL_TARGET_OPENCL_VERSION CL_ERRORS_H SUPPORT_H check_cl cl_error_name new_array "
    "path_beside contains read_beside compare_doubles median write_npy read_npy make_folders "
    "main argc argv save_outputs err platform_count platforms device found platform_name "
    "device_name p d device_count devices context queue source_size source program log_size "
    "log_err log kernel launches repeat times_ms start end failures i "
    "iteration LAUNCHES_PER_RUN launched swap event launch SOURCE_PARTS PART_COUNT sources "
    "source_sizes part half_value"
)
C_KEYWORDS = _words(
    "auto break case char const continue default do double else enum extern float for goto "
    "if inline int long register restrict return short signed sizeof static struct switch "
    "typedef union unsigned void volatile while _Alignas _Alignof _Atomic _Bool _Complex "
    "_Generic _Imaginary _Noreturn _Static_assert _Thread_local alignas alignof bool "
    "constexpr false nullptr static_assert thread_local true typeof typeof_unqual asm"
)
# What the headers main.c includes declare or define (stdio, stdlib, string, math,
# ctype, errno, sys/stat): a macro among them breaks a declaration of the same name.
C_LIBRARY_NAMES = _words(
    "errno stdin stdout stderr NULL EOF FILE BUFSIZ FILENAME_MAX FOPEN_MAX TMP_MAX L_tmpnam "
    "SEEK_SET SEEK_CUR SEEK_END EXIT_SUCCESS EXIT_FAILURE RAND_MAX MB_CUR_MAX INFINITY NAN "
    "HUGE_VAL HUGE_VALF HUGE_VALL MAXFLOAT DOMAIN SING OVERFLOW UNDERFLOW TLOSS PLOSS "
    "math_errhandling MATH_ERRNO MATH_ERREXCEPT offsetof assert size_t ssize_t off_t mode_t "
    "fpos_t div_t ldiv_t lldiv_t wchar_t va_list NDEBUG unix linux i386 "
    "printf fprintf sprintf snprintf vprintf vfprintf vsprintf vsnprintf scanf fscanf sscanf "
    "fopen freopen fclose fflush fread fwrite fseek ftell rewind fgetpos fsetpos feof ferror "
    "clearerr perror remove rename tmpfile tmpnam fgetc fgets fputc fputs getc getchar gets "
    "putc putchar puts ungetc setbuf setvbuf fileno popen pclose getline "
    "malloc calloc realloc free aligned_alloc abort exit atexit quick_exit _Exit getenv "
    "system bsearch qsort abs labs llabs div ldiv lldiv rand srand atof atoi atol atoll "
    "strtod strtof strtol strtoul strtoll strtoull mblen mbtowc wctomb mbstowcs wcstombs "
    "random srandom "
    "acos asin atan atan2 cos sin tan acosh asinh atanh cosh sinh tanh exp exp2 expm1 frexp "
    "ldexp log log10 log1p log2 logb modf scalbn scalbln cbrt fabs hypot pow sqrt erf erfc "
    "lgamma tgamma gamma ceil floor nearbyint rint lrint llrint round lround llround trunc "
    "fmod remainder remquo copysign nan nextafter nexttoward fdim fmax fmin fma ilogb "
    "fpclassify isfinite isinf isnan isnormal signbit j0 j1 jn y0 y1 yn drem finite "
    "significand signgam "
    "mkdir stat fstat lstat chmod umask index rindex bzero bcopy"
)
# Name patterns the C standard, POSIX or OpenCL's headers keep: CL_ and cl_ names,
# clFunctions, errno's E... macros, is*/to* (ctype), str*/mem*/wcs* (string), _t types,
# S_I* (sys/stat), the numeric limits and the leading underscores.
_C_RESERVED_PATTERN = re.compile(
    r"^(CL_|cl_|cl[A-Z_]|__|_[A-Z]|E[0-9A-Z]|is[a-z]|to[a-z]|str[a-z]|mem[a-z]|wcs[a-z]"
    r"|SIG|S_I|PRI[a-zX]|SCN[a-zX]|FP_|M_|FLT_|DBL_|LDBL_|INT|UINT|LC_|compare_)"
    r"|_t$|_(MAX|MIN|C)$"
)


def python_reserved(name: str) -> bool:
    return name in PYTHON_RESERVED or name.startswith("__")


def c_reserved(name: str) -> bool:
    return (
        name in C_PROGRAM_NAMES
        or name in C_KEYWORDS
        or name in C_LIBRARY_NAMES
        or _C_RESERVED_PATTERN.search(name) is not None
    )


class NameAllocator:
    """Identifiers for one program: each asked-for name, or the nearest free one to it."""

    def __init__(self, reserved: Callable[[str], bool]) -> None:
        self._reserved = reserved
        self._given: set[str] = set()

    def _free(self, name: str) -> bool:
        return name not in self._given and not self._reserved(name)

    def take(self, wanted: str) -> str:
        """`wanted` if free, else `wanted_arg` or `arg_wanted` (a prefix escapes the
        reserved prefixes, a suffix the reserved endings), else the first numbered one."""
        name = next(name for name in self._candidates(wanted) if self._free(name))
        self._given.add(name)
        return name

    @staticmethod
    def _candidates(wanted: str) -> Iterable[str]:
        yield from (wanted, f"{wanted}_arg", f"arg_{wanted}")
        number = 2
        while True:
            yield f"arg_{wanted}_{number}"
            number += 1


Names = list[dict[str, str]]  # by argument index: role ("host") -> identifier ("h_a")


def argument_names(
    args: Sequence[ArgPlan],
    reserved: Callable[[str], bool],
    roles: Callable[[ArgPlan], Mapping[str, str]],
    allocator: NameAllocator | None = None,
) -> Names:
    """Each argument's names by role ("host" -> "h_a"), from patterns such as "h_{}".

    The roles written as the argument's own name ("{}") are given first, so that an
    argument keeps its name whenever the language allows it, and a derived name yields.
    The program's other names (the kernel objects of a program of several launches, its
    struct types) come from `allocator` afterwards, so that they never take an
    argument's name.
    """
    allocator = allocator or NameAllocator(reserved)
    names: Names = [{} for _ in args]
    for own_name_first in (True, False):
        for arg, given in zip(args, names, strict=True):
            for role, pattern in roles(arg).items():
                if (pattern == "{}") == own_name_first:
                    given[role] = allocator.take(pattern.format(arg.name))
    return names
