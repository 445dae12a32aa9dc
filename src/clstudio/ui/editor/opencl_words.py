"""The words of OpenCL C that the highlighter colours, grouped as a learner would group them.

Taken from the OpenCL C 3.0 specification: keywords, qualifiers, types and the built-in
function library. Families with a size in their name (float4, vload8, convert_int4_sat)
are patterns, so that every width is covered without listing each one.
"""

from __future__ import annotations

import re


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


KEYWORDS = _words(
    """
    break case const continue default do else enum extern for goto if inline register
    restrict return sizeof static struct switch typedef union volatile while
    true false NULL __attribute__ typeof
    """
)

QUALIFIERS = _words(
    """
    __kernel kernel __global global __local local __constant constant __private private
    __generic generic read_only write_only read_write __read_only __write_only __read_write
    uniform pipe
    """
)

SCALAR_TYPES = _words(
    """
    void bool char uchar short ushort int uint long ulong float double half
    unsigned signed size_t ptrdiff_t intptr_t uintptr_t
    """
)

OTHER_TYPES = _words(
    """
    image1d_t image1d_buffer_t image1d_array_t image2d_t image2d_array_t image2d_depth_t
    image2d_array_depth_t image2d_msaa_t image2d_array_msaa_t image2d_msaa_depth_t
    image2d_array_msaa_depth_t image3d_t sampler_t event_t queue_t clk_event_t
    reserve_id_t ndrange_t cl_mem_fence_flags memory_order memory_scope
    atomic_int atomic_uint atomic_long atomic_ulong atomic_float atomic_double
    atomic_intptr_t atomic_uintptr_t atomic_size_t atomic_ptrdiff_t atomic_flag
    """
)

_WORK_ITEM = """
    get_work_dim get_global_size get_global_id get_local_size get_enqueued_local_size
    get_local_id get_num_groups get_group_id get_global_offset get_global_linear_id
    get_local_linear_id get_sub_group_size get_max_sub_group_size get_num_sub_groups
    get_enqueued_num_sub_groups get_sub_group_id get_sub_group_local_id
"""
_SYNCHRONISATION = """
    barrier work_group_barrier sub_group_barrier mem_fence read_mem_fence write_mem_fence
    atomic_work_item_fence
"""
_ATOMICS = """
    atomic_add atomic_sub atomic_xchg atomic_inc atomic_dec atomic_cmpxchg atomic_min
    atomic_max atomic_and atomic_or atomic_xor atom_add atom_sub atom_xchg atom_inc atom_dec
    atom_cmpxchg atom_min atom_max atom_and atom_or atom_xor atomic_init atomic_store
    atomic_load atomic_exchange atomic_compare_exchange_strong atomic_compare_exchange_weak
    atomic_fetch_add atomic_fetch_sub atomic_fetch_or atomic_fetch_xor atomic_fetch_and
    atomic_fetch_min atomic_fetch_max atomic_flag_test_and_set atomic_flag_clear
"""
_MATH = """
    acos acosh acospi asin asinh asinpi atan atan2 atanh atanpi atan2pi cbrt ceil copysign
    cos cosh cospi erfc erf exp exp2 exp10 expm1 fabs fdim floor fma fmax fmin fmod fract
    frexp hypot ilogb ldexp lgamma lgamma_r log log2 log10 log1p logb mad maxmag minmag modf
    nan nextafter pow pown powr remainder remquo rint rootn round rsqrt sin sincos sinh sinpi
    sqrt tan tanh tanpi tgamma trunc
    half_cos half_divide half_exp half_exp2 half_exp10 half_log half_log2 half_log10
    half_powr half_recip half_rsqrt half_sin half_sqrt half_tan
    native_cos native_divide native_exp native_exp2 native_exp10 native_log native_log2
    native_log10 native_powr native_recip native_rsqrt native_sin native_sqrt native_tan
"""
_INTEGER_AND_COMMON = """
    abs abs_diff add_sat hadd rhadd clamp clz ctz mad_hi mad_sat max min mul_hi rotate
    sub_sat upsample popcount mad24 mul24 degrees mix radians step smoothstep sign
"""
_GEOMETRIC_AND_RELATIONAL = """
    cross dot distance length normalize fast_distance fast_length fast_normalize
    isequal isnotequal isgreater isgreaterequal isless islessequal islessgreater isfinite
    isinf isnan isnormal isordered isunordered signbit any all bitselect select
"""
_IMAGES = """
    read_imagef read_imagei read_imageui read_imageh write_imagef write_imagei write_imageui
    write_imageh get_image_width get_image_height get_image_depth get_image_dim
    get_image_channel_data_type get_image_channel_order get_image_array_size
    get_image_num_samples get_image_num_mip_levels
"""
_COPIES_AND_OTHERS = """
    async_work_group_copy async_work_group_strided_copy wait_group_events prefetch
    printf shuffle shuffle2 vec_step
    work_group_all work_group_any work_group_broadcast
    read_pipe write_pipe reserve_read_pipe reserve_write_pipe commit_read_pipe
    commit_write_pipe is_valid_reserve_id get_pipe_num_packets get_pipe_max_packets
    enqueue_kernel enqueue_marker get_default_queue ndrange_1D ndrange_2D ndrange_3D
    to_global to_local to_private get_fence
"""

BUILTIN_FUNCTIONS = _words(
    _WORK_ITEM
    + _SYNCHRONISATION
    + _ATOMICS
    + _MATH
    + _INTEGER_AND_COMMON
    + _GEOMETRIC_AND_RELATIONAL
    + _IMAGES
    + _COPIES_AND_OTHERS
)

BUILTIN_CONSTANTS = _words(
    """
    MAXFLOAT HUGE_VALF HUGE_VAL INFINITY NAN FLT_MAX FLT_MIN FLT_EPSILON FLT_DIG
    DBL_MAX DBL_MIN DBL_EPSILON CHAR_BIT CHAR_MAX CHAR_MIN INT_MAX INT_MIN UINT_MAX
    LONG_MAX LONG_MIN ULONG_MAX SHRT_MAX SHRT_MIN USHRT_MAX SCHAR_MAX SCHAR_MIN UCHAR_MAX
    __OPENCL_VERSION__ __OPENCL_C_VERSION__ CL_VERSION_1_0 CL_VERSION_1_1 CL_VERSION_1_2
    CL_VERSION_2_0 CL_VERSION_3_0 __FILE__ __LINE__ __ENDIAN_LITTLE__ __IMAGE_SUPPORT__
    FP_FAST_FMA FP_FAST_FMAF __FAST_RELAXED_MATH__
    """
)

_WIDTHS = r"(?:2|3|4|8|16)"
_ELEMENTS = r"(?:char|uchar|short|ushort|int|uint|long|ulong|float|double|half|bool)"
_ROUNDING = r"(?:_rte|_rtz|_rtp|_rtn)?"

VECTOR_TYPE = re.compile(rf"{_ELEMENTS}{_WIDTHS}")
# vload4, vstore_half8_rte, convert_uchar4_sat_rte, as_float4, work_group_reduce_add...
BUILTIN_FAMILY = re.compile(
    rf"vload{_WIDTHS}|vstore{_WIDTHS}"
    rf"|vloada?_half{_WIDTHS}?|vstorea?_half{_WIDTHS}?{_ROUNDING}"
    rf"|convert_{_ELEMENTS}{_WIDTHS}?(?:_sat)?{_ROUNDING}"
    rf"|as_{_ELEMENTS}{_WIDTHS}?"
    r"|(?:work_group|sub_group)_(?:reduce|scan_inclusive|scan_exclusive)_(?:add|min|max)"
)
# Fence flags, sampler bits and math constants: CLK_LOCAL_MEM_FENCE, M_PI_F, M_SQRT2.
CONSTANT_FAMILY = re.compile(r"CLK_[A-Z0-9_]+|M_[A-Z0-9_]+(?:_F|_H)?|memory_(?:order|scope)_\w+")


def classify(word: str) -> str | None:
    """The highlighter's name for an identifier's group, or None for a plain name."""
    if word in KEYWORDS:
        return "keyword"
    if word in QUALIFIERS:
        return "qualifier"
    if word in SCALAR_TYPES or word in OTHER_TYPES or VECTOR_TYPE.fullmatch(word):
        return "type"
    if word in BUILTIN_FUNCTIONS or BUILTIN_FAMILY.fullmatch(word):
        return "builtin"
    if word in BUILTIN_CONSTANTS or CONSTANT_FAMILY.fullmatch(word):
        return "constant"
    return None
