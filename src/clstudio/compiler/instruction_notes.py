"""One sentence on each IR opcode and x86 vector instruction a learner meets, for tooltips.

Texts are marked with N_ and translated where they are shown. x86 mnemonics come in
families (`vfmadd231ps`, `vfmadd213ps`), so they are matched by prefix, longest first,
and the `ps`/`pd`/`ss`/`sd` ending adds what the operands are.
"""

from __future__ import annotations

import re

from clstudio.common import N_, gettext

_IR: dict[str, str] = {
    "fadd": N_("adds floating-point values; with <N x float> operands, N lanes at once"),
    "fsub": N_("subtracts floating-point values, lane by lane for vectors"),
    "fmul": N_("multiplies floating-point values; with <8 x float>, eight at once"),
    "fdiv": N_("divides floating-point values: much slower than a multiplication"),
    "add": N_("adds integers (indices and counters, mostly)"),
    "sub": N_("subtracts integers"),
    "mul": N_("multiplies integers, such as row * width in an index"),
    "shl": N_("shifts an integer left: a multiplication by a power of two"),
    "and": N_("bitwise and of integers"),
    "or": N_("bitwise or of integers"),
    "xor": N_("bitwise exclusive or of integers"),
    "icmp": N_("compares integers; the result is an i1 (true or false), one per lane"),
    "fcmp": N_("compares floating-point values; one i1 per lane"),
    "select": N_("picks one of two values by a condition, without a branch"),
    "load": N_("reads memory: a buffer element, a __local value or a spilled variable"),
    "store": N_("writes memory"),
    "getelementptr": N_("computes an address from a pointer and indices; reads nothing"),
    "phi": N_("a value that depends on which block came before: loop counters, sums"),
    "br": N_("a branch: jumps to another block, on a condition or always"),
    "ret": N_("returns from the function"),
    "switch": N_("jumps to one of several blocks by an integer value"),
    "zext": N_("widens an unsigned integer (uint to size_t, say)"),
    "sext": N_("widens a signed integer"),
    "trunc": N_("narrows an integer, dropping its high bits"),
    "sitofp": N_("converts a signed integer to floating point"),
    "uitofp": N_("converts an unsigned integer to floating point"),
    "fptosi": N_("converts floating point to a signed integer"),
    "bitcast": N_("reinterprets the bits as another type; costs nothing"),
    "insertelement": N_("puts one value into a lane of a vector"),
    "extractelement": N_("takes one lane out of a vector"),
    "shufflevector": N_("rearranges lanes; with a zero mask it copies one value to all lanes"),
    "alloca": N_("reserves stack memory for a private variable or array"),
    "call @llvm.fmuladd": N_("multiply and add, a * b + c, fused into one step where allowed"),
    "call @llvm.masked.load": N_("reads a vector, only the lanes whose mask bit is set"),
    "call @llvm.masked.store": N_("writes a vector, only the lanes whose mask bit is set"),
    "call @llvm.vector.reduce": N_("combines the lanes of a vector into one value"),
    "call @llvm.memcpy": N_("copies a block of memory"),
    "call": N_("calls a function; in a kernel, often a built-in not inlined"),
}
_X86: dict[str, str] = {
    "vfmadd": N_("fused multiply-add: a * b + c in one instruction, one rounding"),
    "vfnmadd": N_("fused negative multiply-add: c - a * b in one instruction"),
    "vfmsub": N_("fused multiply-subtract: a * b - c in one instruction"),
    "vmaskmov": N_("masked load or store: only the lanes whose mask is set are touched"),
    "vpmaskmov": N_("masked integer load or store: only the lanes whose mask is set"),
    "vgather": N_("gathers lanes from scattered addresses: slow, but vector"),
    "vbroadcast": N_("copies one value into every lane of a vector register"),
    "vpbroadcast": N_("copies one integer into every lane of a vector register"),
    "vperm": N_("rearranges lanes across the whole register"),
    "vshuf": N_("rearranges lanes of one or two registers"),
    "vinsert": N_("puts a 128-bit half into a wider register"),
    "vextract": N_("takes a 128-bit half out of a wider register"),
    "vpcmp": N_("compares integer lanes; the result is a mask"),
    "vcmp": N_("compares floating-point lanes; the result is a mask"),
    "vblendv": N_("picks each lane from one of two registers by a mask"),
    "vpadd": N_("adds integer lanes (indices of several work-items at once)"),
    "vpmul": N_("multiplies integer lanes"),
    "vpor": N_("bitwise or of whole registers"),
    "vpxor": N_("bitwise exclusive or; xor of a register with itself sets it to zero"),
    "vpand": N_("bitwise and of whole registers"),
    "vpack": N_("narrows lanes and packs two registers into one"),
    "vzeroupper": N_("clears the upper halves of ymm registers before SSE code runs"),
    "vmovu": N_("moves a vector that needs no alignment: a load or a store"),
    "vmova": N_("moves an aligned vector: a load, a store or a register copy"),
    "vmov": N_("moves a value between registers and memory"),
    "vadd": N_("adds floating-point lanes"),
    "vsub": N_("subtracts floating-point lanes"),
    "vmul": N_("multiplies floating-point lanes"),
    "vdiv": N_("divides floating-point lanes: slow"),
    "vsqrt": N_("square roots of floating-point lanes"),
    "vmax": N_("the larger of each pair of lanes"),
    "vmin": N_("the smaller of each pair of lanes"),
    "vcvt": N_("converts lanes between integer and floating point, or between widths"),
    "vxor": N_("bitwise exclusive or; xor of a register with itself sets it to zero"),
    "mov": N_("copies a value between registers and memory"),
    "lea": N_("computes an address (or a + b * scale) without reading memory"),
    "add": N_("adds integers"),
    "sub": N_("subtracts integers; sub rsp makes room on the stack"),
    "imul": N_("multiplies integers"),
    "cmp": N_("compares two integers for the branch that follows"),
    "test": N_("bitwise and that sets the flags for the branch that follows"),
    "jmp": N_("jumps always"),
    "j": N_("jumps if the flags from the last comparison say so"),
    "push": N_("saves a register on the stack"),
    "pop": N_("restores a register from the stack"),
    "call": N_("calls a function"),
    "ret": N_("returns from the function"),
}
_SUFFIX = re.compile(r"(?:\d+)?(?P<kind>ps|pd|ss|sd)$")
_SUFFIXES: dict[str, str] = {
    "ps": N_("packed single precision: every float lane of the register"),
    "pd": N_("packed double precision: every double lane of the register"),
    "ss": N_("scalar single precision: one float"),
    "sd": N_("scalar double precision: one double"),
}
_X86_ORDER = sorted(_X86, key=len, reverse=True)
_IR_ORDER = sorted(_IR, key=len, reverse=True)


def instruction_note(mnemonic: str, language: str) -> str:
    """A sentence on `mnemonic` in the user's language; "" for one the tables do not know.

    `language` is "ir" or "asm" (clstudio.compiler.IR, ASM).
    """
    if language == "ir":
        known = next((k for k in _IR_ORDER if mnemonic == k or mnemonic.startswith(k + ".")), "")
        if not known:
            known = next((k for k in _IR_ORDER if mnemonic.startswith(k)), "")
        return gettext(_IR[known]) if known else ""
    suffix = _SUFFIX.search(mnemonic)
    # SSE's packed forms (mulps, addps) are AVX's without the v: one sentence for both.
    if suffix and not mnemonic.startswith("v") and len(mnemonic) > 4:
        mnemonic = "v" + mnemonic
    known = next((k for k in _X86_ORDER if mnemonic.startswith(k)), "")
    if not known:
        return ""
    note = gettext(_X86[known])
    if suffix and known.startswith("v"):
        note += gettext("; ") + gettext(_SUFFIXES[suffix["kind"]])
    return note
