"""What a program binary (CL_PROGRAM_BINARIES) is, and the code inside where it can be read.

Oclgrind's binary is LLVM bitcode. Intel's CPU runtime gives an ELF file whose
`.ocl.ir` section is bitcode and whose `.ocl.obj` section is an x86-64 object. PoCL's
is an archive of its own (the compiler view reads PoCL's cache instead); GPU drivers
give ELF code objects, PTX text or SPIR-V, told by kind and size only.
"""

from __future__ import annotations

import io

POCL = "pocl"
LLVM_BITCODE = "llvm-bitcode"
INTEL_CPU = "intel-cpu"
ELF = "elf"
PTX = "ptx"
SPIR_V = "spir-v"
UNKNOWN = "unknown"
NONE = ""  # no binary was asked for (the build failed)

INTEL_IR_SECTION = ".ocl.ir"
INTEL_CODE_SECTION = ".ocl.obj"
_BITCODE_MAGICS = (b"BC\xc0\xde", b"\xde\xc0\x17\x0b")  # raw, and in a wrapper
_SPIR_V_MAGIC = b"\x03\x02\x23\x07"
_ELF_MAGIC = b"\x7fELF"


def binary_kind(data: bytes) -> str:
    """The kind of a program binary, by its first bytes (and sections, for ELF)."""
    if not data:
        return UNKNOWN
    if data.startswith(b"poclbin"):
        return POCL
    if data.startswith(_BITCODE_MAGICS):
        return LLVM_BITCODE
    if data.startswith(_SPIR_V_MAGIC):
        return SPIR_V
    if data.startswith(_ELF_MAGIC):
        return INTEL_CPU if elf_section(data, INTEL_IR_SECTION) is not None else ELF
    head = data[:4096].decode("ascii", errors="replace")
    if ".version" in head and ".target" in head:
        return PTX
    return UNKNOWN


def elf_section(data: bytes, name: str) -> bytes | None:
    """The bytes of section `name` of an ELF file; None when absent or not ELF."""
    from elftools.common.exceptions import ELFError
    from elftools.elf.elffile import ELFFile

    try:
        section = ELFFile(io.BytesIO(data)).get_section_by_name(name)
        return None if section is None else bytes(section.data())
    except (ELFError, ValueError):
        return None
