"""The files a C export carries beside main.c: the error names, the helpers, the Makefile.

main.c keeps the eleven steps; what every C host program needs but the lesson is not
about (reading files, the .npy format, a median) lives in support.h, and only the
helpers a program uses are written, so that no code in an export is dead.
"""

from __future__ import annotations


def _names(text: str) -> list[str]:
    return text.split()


_ERROR_NAMES = _names(
    "CL_SUCCESS CL_DEVICE_NOT_FOUND CL_DEVICE_NOT_AVAILABLE CL_COMPILER_NOT_AVAILABLE "
    "CL_MEM_OBJECT_ALLOCATION_FAILURE CL_OUT_OF_RESOURCES CL_OUT_OF_HOST_MEMORY "
    "CL_PROFILING_INFO_NOT_AVAILABLE CL_MEM_COPY_OVERLAP CL_IMAGE_FORMAT_MISMATCH "
    "CL_IMAGE_FORMAT_NOT_SUPPORTED CL_BUILD_PROGRAM_FAILURE CL_MAP_FAILURE "
    "CL_MISALIGNED_SUB_BUFFER_OFFSET CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST "
    "CL_COMPILE_PROGRAM_FAILURE CL_LINKER_NOT_AVAILABLE CL_LINK_PROGRAM_FAILURE "
    "CL_DEVICE_PARTITION_FAILED CL_KERNEL_ARG_INFO_NOT_AVAILABLE CL_INVALID_VALUE "
    "CL_INVALID_DEVICE_TYPE CL_INVALID_PLATFORM CL_INVALID_DEVICE CL_INVALID_CONTEXT "
    "CL_INVALID_QUEUE_PROPERTIES CL_INVALID_COMMAND_QUEUE CL_INVALID_HOST_PTR "
    "CL_INVALID_MEM_OBJECT CL_INVALID_IMAGE_FORMAT_DESCRIPTOR CL_INVALID_IMAGE_SIZE "
    "CL_INVALID_SAMPLER CL_INVALID_BINARY CL_INVALID_BUILD_OPTIONS CL_INVALID_PROGRAM "
    "CL_INVALID_PROGRAM_EXECUTABLE CL_INVALID_KERNEL_NAME CL_INVALID_KERNEL_DEFINITION "
    "CL_INVALID_KERNEL CL_INVALID_ARG_INDEX CL_INVALID_ARG_VALUE CL_INVALID_ARG_SIZE "
    "CL_INVALID_KERNEL_ARGS CL_INVALID_WORK_DIMENSION CL_INVALID_WORK_GROUP_SIZE "
    "CL_INVALID_WORK_ITEM_SIZE CL_INVALID_GLOBAL_OFFSET CL_INVALID_EVENT_WAIT_LIST "
    "CL_INVALID_EVENT CL_INVALID_OPERATION CL_INVALID_GL_OBJECT CL_INVALID_BUFFER_SIZE "
    "CL_INVALID_MIP_LEVEL CL_INVALID_GLOBAL_WORK_SIZE CL_INVALID_PROPERTY "
    "CL_INVALID_IMAGE_DESCRIPTOR CL_INVALID_COMPILER_OPTIONS CL_INVALID_LINKER_OPTIONS "
    "CL_INVALID_DEVICE_PARTITION_COUNT"
)


def cl_errors_header() -> str:
    """cl_errors.h: an OpenCL error code's name, as the C headers spell it."""
    cases = "\n".join(f'    case {name}: return "{name}";' for name in _ERROR_NAMES)
    return f"""/* The name of an OpenCL error code, as the C headers spell it. */
#ifndef CL_ERRORS_H
#define CL_ERRORS_H

#include <CL/cl.h>

static const char *cl_error_name(cl_int err)
{{
    switch (err) {{
{cases}
    case -1001: return "CL_PLATFORM_NOT_FOUND_KHR (no OpenCL driver is registered)";
    default: return "an unknown error code";
    }}
}}

#endif
"""


_ALWAYS = r"""/* What the host program needs besides OpenCL: memory, files, the .npy format. */
#ifndef SUPPORT_H
#define SUPPORT_H

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* malloc that stops the program when memory runs out. */
static void *new_array(size_t count, size_t size)
{
    void *data = calloc(count ? count : 1, size);
    if (data == NULL) {
        fprintf(stderr, "out of host memory for %zu values\n", count);
        exit(2);
    }
    return data;
}

/* The path of a file that lies beside the program (argv[0]). */
static char *path_beside(const char *program, const char *name)
{
    const char *slash = strrchr(program, '/');
    size_t folder = slash ? (size_t)(slash - program + 1) : 0;
    char *path = new_array(folder + strlen(name) + 1, 1);
    memcpy(path, program, folder);
    strcpy(path + folder, name);
    return path;
}

/* Whether `text` contains `part`, ignoring case; an empty part is in every text. */
static int contains(const char *text, const char *part)
{
    size_t n = strlen(part);
    for (const char *t = text; strlen(t) >= n; t++) {
        size_t i = 0;
        while (i < n && tolower((unsigned char)t[i]) == tolower((unsigned char)part[i])) {
            i++;
        }
        if (i == n) {
            return 1;
        }
    }
    return 0;
}

/* The whole of a file beside the program, with a 0 after it; stops if it cannot be read. */
static char *read_beside(const char *program, const char *name, size_t *size)
{
    char *path = path_beside(program, name);
    FILE *file = fopen(path, "rb");
    if (file == NULL) {
        fprintf(stderr, "cannot open %s: %s\n", path, strerror(errno));
        exit(2);
    }
    fseek(file, 0, SEEK_END);
    long length = ftell(file);
    rewind(file);
    char *data = new_array((size_t)length + 1, 1);
    if (length < 0 || fread(data, 1, (size_t)length, file) != (size_t)length) {
        fprintf(stderr, "cannot read %s\n", path);
        exit(2);
    }
    fclose(file);
    free(path);
    *size = (size_t)length;
    return data;
}

/* The median of `count` numbers (sorted in place). */
static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *values, size_t count)
{
    qsort(values, count, sizeof *values, compare_doubles);
    return count % 2 ? values[count / 2] : (values[count / 2 - 1] + values[count / 2]) / 2;
}

/* Make `folder` and each folder above it that is missing, as mkdir -p does. */
static void make_folders(const char *folder)
{
    char *part = new_array(strlen(folder) + 1, 1);
    for (size_t i = 0; folder[i] != '\0'; i++) {
        part[i] = folder[i];
        if (folder[i] == '/' || (folder[i + 1] != '/' && folder[i + 1] != '\0')) {
            continue; /* `part` is a folder's whole name only before a slash or the end */
        }
        if (mkdir(part, 0777) == 0) {
            continue;
        }
        int problem = errno;
        struct stat info;
        if (problem == EEXIST && stat(part, &info) == 0 && S_ISDIR(info.st_mode)) {
            continue; /* there already */
        }
        fprintf(stderr, "cannot make the folder %s: %s\n", part,
                problem == EEXIST ? "a file of that name is in the way" : strerror(problem));
        exit(2);
    }
    free(part);
}

/* Write OUT/NAME as a .npy file: a short text header that numpy reads, then the data.
 * `descr` is numpy's description of one element, as Python writes it: '<f4', or a list
 * of fields for a struct. */
static void write_npy(const char *folder, const char *name, const char *descr,
                      const char *shape, const void *data, size_t nbytes)
{
    make_folders(folder);
    const char *form = "{'descr': %s, 'fortran_order': False, 'shape': %s, }";
    int length = snprintf(NULL, 0, form, descr, shape);
    int padded = (10 + length + 1 + 63) / 64 * 64 - 10; /* the data starts 64-byte aligned */
    char *header = new_array((size_t)padded + 1, 1);
    snprintf(header, (size_t)padded + 1, form, descr, shape);
    memset(header + length, ' ', (size_t)(padded - length - 1));
    header[padded - 1] = '\n';
    char *path = new_array(strlen(folder) + strlen(name) + 2, 1);
    sprintf(path, "%s/%s", folder, name);
    FILE *file = fopen(path, "wb");
    unsigned char magic[10] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0,
                               (unsigned char)(padded & 0xff), (unsigned char)(padded >> 8)};
    if (file == NULL || fwrite(magic, 1, 10, file) != 10
        || fwrite(header, 1, (size_t)padded, file) != (size_t)padded
        || fwrite(data, 1, nbytes, file) != nbytes || fclose(file) != 0) {
        fprintf(stderr, "cannot write %s\n", path);
        exit(2);
    }
    free(path);
    free(header);
}
"""

_READ_NPY = r"""
/* The data of a .npy file beside the program, which must hold `count` values of `descr`. */
static void *read_npy(const char *program, const char *name, const char *descr, size_t count,
                      size_t size)
{
    size_t length;
    char *file = read_beside(program, name, &length);
    if (length < 10 || memcmp(file, "\x93NUMPY", 6) != 0) {
        fprintf(stderr, "%s is not a .npy file\n", name);
        exit(2);
    }
    size_t start = file[6] == 1 ? 10 : 12; /* versions 1 and 2 differ in the length field */
    size_t header = start + ((unsigned char)file[8] | (unsigned char)file[9] << 8);
    if (start == 12) {
        header += (size_t)(unsigned char)file[10] << 16 | (size_t)(unsigned char)file[11] << 24;
    }
    char wanted[32];
    snprintf(wanted, sizeof wanted, "'descr': '%s'", descr);
    int usable = header <= length;
    if (usable) {
        char first = file[header];
        file[header] = 0; /* the header is text; the data after it is not */
        usable = strstr(file + start, wanted) && strstr(file + start, "'fortran_order': False");
        file[header] = first;
    }
    if (!usable || length - header != count * size) {
        fprintf(stderr, "%s does not hold %zu values of type %s in C order\n", name, count, descr);
        exit(2);
    }
    void *data = new_array(count, size);
    memcpy(data, file + header, count * size);
    free(file);
    return data;
}
"""

_END = "\n#endif\n"


def support_header(reads_npy: bool) -> str:
    """support.h, with the .npy reader only when the program reads .npy files."""
    return _ALWAYS + (_READ_NPY if reads_npy else "") + _END


MAKEFILE = """\
# Builds the host program against the system's OpenCL ICD loader
# (on Debian and Ubuntu: apt install gcc make opencl-headers ocl-icd-opencl-dev).
CFLAGS ?= -O2 -Wall -Wextra
LDLIBS = -lOpenCL -lm

main: main.c support.h cl_errors.h
\t$(CC) $(CFLAGS) -o $@ main.c $(LDLIBS)

clean:
\trm -f main

.PHONY: clean
"""
