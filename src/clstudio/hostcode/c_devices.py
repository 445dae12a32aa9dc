"""How main.c lists and chooses the OpenCL device, as the course teaches: by number or
name from the command line (--list, --device), else the exporting machine's device by
name, else one of the type the session ran on, else the first.

It holds no session value: the names and the type it compares with are main.c's constants,
made by c_string in c_program.py.
"""

DEVICE_CHOICE = """\
/* The types a device reports, as words ("CPU", "GPU | CPU": a simulator reports all);
 * returns how many. */
static int device_kinds(cl_device_type type, char *words, size_t size)
{
    static const cl_device_type BITS[] = {CL_DEVICE_TYPE_CPU, CL_DEVICE_TYPE_GPU,
                                          CL_DEVICE_TYPE_ACCELERATOR};
    static const char *const WORDS[] = {"CPU", "GPU", "ACCELERATOR"};
    int count = 0;
    words[0] = '\\0';
    for (size_t k = 0; k < sizeof BITS / sizeof BITS[0]; k++) {
        if (type & BITS[k]) {
            size_t used = strlen(words);
            snprintf(words + used, size - used, "%s%s", count++ > 0 ? " | " : "", WORDS[k]);
        }
    }
    if (count == 0) {
        snprintf(words, size, "DEFAULT");
    }
    return count;
}

/* A device's name, platform name, type words and compute units. */
static int device_facts(cl_device_id device, char name[1024], char platform_name[1024],
                        char kinds[64], cl_uint *units)
{
    cl_platform_id platform;
    cl_device_type type;
    check_cl(clGetDeviceInfo(device, CL_DEVICE_NAME, 1024, name, NULL), "clGetDeviceInfo");
    check_cl(clGetDeviceInfo(device, CL_DEVICE_PLATFORM, sizeof platform, &platform, NULL),
             "clGetDeviceInfo");
    check_cl(clGetPlatformInfo(platform, CL_PLATFORM_NAME, 1024, platform_name, NULL),
             "clGetPlatformInfo");
    check_cl(clGetDeviceInfo(device, CL_DEVICE_TYPE, sizeof type, &type, NULL),
             "clGetDeviceInfo");
    check_cl(clGetDeviceInfo(device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof *units, units, NULL),
             "clGetDeviceInfo");
    return device_kinds(type, kinds, 64);
}

/* A device as --list and the chosen device's line show it. */
static void print_device(cl_device_id device)
{
    char name[1024], platform_name[1024], kinds[64];
    cl_uint units;
    device_facts(device, name, platform_name, kinds, &units);
    printf("%s (%s, %u compute units) on %s\\n", name, kinds, (unsigned)units, platform_name);
}

/* --device N (its number in --list) or NAME (part of its platform's name or its own);
 * without it, the device named above, else one of DEVICE_TYPE (one that is only of that
 * type first), else the first. NULL when --device matches no device. */
static cl_device_id choose_device(const cl_device_id *devices, cl_uint count, const char *wanted)
{
    char name[1024], platform_name[1024], kinds[64], both[2100];
    cl_uint units;
    cl_device_id typed = NULL;
    int typed_kinds = 0;
    if (wanted != NULL && wanted[0] != '\\0' && strspn(wanted, "0123456789") == strlen(wanted)) {
        unsigned long number = strtoul(wanted, NULL, 10);
        return number < count ? devices[number] : NULL;
    }
    for (cl_uint d = 0; d < count; d++) {
        int kind_count = device_facts(devices[d], name, platform_name, kinds, &units);
        if (wanted != NULL) {
            snprintf(both, sizeof both, "%s %s", platform_name, name);
            if (contains(both, wanted)) {
                return devices[d];
            }
        } else if (contains(platform_name, PLATFORM_NAME) && contains(name, DEVICE_NAME)) {
            return devices[d];
        } else if (DEVICE_TYPE[0] != '\\0' && contains(kinds, DEVICE_TYPE)
                   && (typed == NULL || kind_count < typed_kinds)) {
            typed = devices[d];
            typed_kinds = kind_count;
        }
    }
    if (wanted != NULL) {
        return NULL;
    }
    return typed != NULL ? typed : devices[0];
}
"""
