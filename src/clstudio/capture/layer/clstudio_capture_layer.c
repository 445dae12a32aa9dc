/* CL Studio's capture layer: an OpenCL loader layer (OPENCL_LAYERS) for C and C++ programs.

   `clstudio capture` compiles this file once per version on the learner's machine and names
   the library in OPENCL_LAYERS. The loader then calls the layer before the driver. It
   writes the same journal as the Python hook (capture/hook/launch_recorder.py): one JSON
   line per launch in launches.jsonl, each built program's source once as program-N.cl,
   and each captured buffer's bytes before and after its launch. CL Studio turns them into
   sessions. Every call goes on to the driver unchanged, so the program computes the same.
   Named in LD_PRELOAD too, it records the programs of loaders older than layers (the
   section at the end).

   Python programs are recorded here too, whenever the layer was built: the hook
   (capture/hook/launch_recorder.py) then hands the layer, through ctypes, what C cannot
   see: which of the program's files are the learner's (the layer reads the call site from
   the Python stack itself, through Python's C API found in the process), the source of
   programs pyopencl built from its binary cache, and its exit (to read the last launches'
   device times while the driver is still there). A launch then costs Python nothing.

   It needs no OpenCL header: the few types are declared here and the dispatch table is
   used as an array of function pointers, indexed as cl_icd.h lays it out (a test compiles
   it with -DCLSTUDIO_CHECK_LAYOUT against the system's header to check the indices). */

#define _GNU_SOURCE /* strdup, clock_gettime, RTLD_DEFAULT */

#include <dlfcn.h>
#include <link.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef int32_t cl_int;
typedef uint32_t cl_uint;
typedef uint64_t cl_ulong;
typedef cl_ulong cl_bitfield;
typedef void *cl_handle; /* every cl_* object: a pointer whose first word is its dispatch */

#define CL_SUCCESS 0
#define CL_INVALID_VALUE (-30)
#define CL_TRUE 1
#define CL_PLATFORM_NAME 0x0902
#define CL_DEVICE_NAME 0x102B
#define CL_DEVICE_PLATFORM 0x1031
#define CL_QUEUE_CONTEXT 0x1090
#define CL_QUEUE_DEVICE 0x1091
#define CL_QUEUE_PROPERTIES 0x1093
#define CL_QUEUE_PROFILING_ENABLE (1 << 1)
#define CL_EVENT_COMMAND_EXECUTION_STATUS 0x11D3
#define CL_PROFILING_COMMAND_START 0x1282
#define CL_PROFILING_COMMAND_END 0x1283
#define CL_MEM_SIZE 0x1102
#define CL_KERNEL_FUNCTION_NAME 0x1190
#define CL_KERNEL_NUM_ARGS 0x1191
#define CL_KERNEL_PROGRAM 0x1194
#define CL_LAYER_API_VERSION 0x4240
#define CL_LAYER_NAME 0x4241
#define CL_LAYER_API_VERSION_100 100

/* Every entry point the layer calls or replaces, and where it sits in the loader's dispatch
   table (cl_icd.h): the table's indices, the names the LD_PRELOAD route looks up, and the
   layout check below come from this one list. */
#define ENTRY_POINTS(X) \
    X(GetPlatformIDs, 0) X(GetPlatformInfo, 1) X(GetDeviceInfo, 3) X(CreateCommandQueue, 9) \
    X(GetCommandQueueInfo, 12) X(CreateBuffer, 14) X(CreateImage2D, 15) X(CreateImage3D, 16) \
    X(GetMemObjectInfo, 20) X(CreateProgramWithSource, 26) X(CreateProgramWithBinary, 27) \
    X(BuildProgram, 30) X(CreateKernel, 34) X(CreateKernelsInProgram, 35) X(SetKernelArg, 38) \
    X(GetKernelInfo, 39) X(WaitForEvents, 41) X(GetEventInfo, 42) X(RetainEvent, 43) \
    X(ReleaseEvent, 44) X(GetEventProfilingInfo, 45) X(Finish, 47) X(EnqueueReadBuffer, 48) \
    X(EnqueueNDRangeKernel, 59) X(CreateSubBuffer, 82) X(CreateImage, 96) \
    X(CreateCommandQueueWithProperties, 123) X(CreatePipe, 124) X(SetKernelArgSVMPointer, 134) \
    X(CloneKernel, 137) X(CreateBufferWithProperties, 146) X(CreateImageWithProperties, 147)

enum {
#define INDEX(f, n) AT_##f = n,
    ENTRY_POINTS(INDEX)
#undef INDEX
    TABLE_ENTRIES = 149, /* OpenCL 3.0's table; a longer one's extra entries are passed on */
    MAX_ENTRIES = 512
};

#ifdef CLSTUDIO_CHECK_LAYOUT
#include <CL/cl_icd.h>
#include <stddef.h>
#define AT(f, n) _Static_assert(offsetof(cl_icd_dispatch, cl##f) == n * sizeof(void *), #f);
ENTRY_POINTS(AT)
_Static_assert(sizeof(cl_icd_dispatch) == TABLE_ENTRIES * sizeof(void *), "table size");
#endif

typedef void (*entry)(void);
static entry next[MAX_ENTRIES];   /* the loader's table below this layer */
static entry mine[MAX_ENTRIES];   /* this layer's: `next` with the recorded calls replaced */
static cl_uint entries;
#define NEXT(at, type) ((type)next[at])

typedef cl_int (*info_fn)(cl_handle, cl_uint, size_t, void *, size_t *);

/* {{{ what the program made */

enum mem_kind { MEM_BUFFER, MEM_SUB_BUFFER, MEM_IMAGE, MEM_PIPE };

struct memory { cl_handle mem; enum mem_kind kind; struct memory *link; };

struct program {
    cl_handle program;
    char *source;  /* NULL until known: a program made from binaries gets it from the hook */
    int number;    /* its program-N.cl once built and its source known; 0 before */
    char *options; /* as last built */
    int built;
    struct program *link;
};

struct argument {
    int set;
    int svm;
    int given;            /* 0: passed as NULL (local memory, or a NULL buffer) */
    size_t size;
    size_t room;          /* of `value`, kept for the next value: no allocation per launch */
    unsigned char *value;
};

struct kernel {
    cl_handle kernel;
    char name[256];    /* looked up at its first launch */
    char *quoted_name; /* likewise, as the journal writes it */
    cl_uint parameters; /* likewise */
    struct kernel_count *launches; /* of every kernel object of its name */
    int named;          /* whether --kernel selects its name (or none was given) */
    cl_uint count;     /* of `args` */
    struct argument *args;
    struct kernel *link;
};

struct kernel_count { char name[256]; int count; struct kernel_count *link; };

/* A queue's device, platform and context as the journal names them, looked up once. */
struct queue {
    cl_handle queue;
    cl_handle context;
    char device[256];
    char platform[256];
    char *tail;        /* the end of its launches' lines: device, platform, context */
    int profiles;      /* whether its launches' events have device times */
    struct queue *link;
};


#define BUCKETS 4096
static struct memory *memories[BUCKETS];
static struct program *programs;
static struct kernel *kernels[BUCKETS];
static struct queue *queues;
static struct kernel_count *counts;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static size_t bucket(cl_handle h) { return ((uintptr_t)h >> 4) % BUCKETS; }

/* }}} */
/* {{{ the journal and the selection */

static char journal[4096];
static int lines = -1; /* launches.jsonl, opened for appending */
static int launch_count;
static int program_count;
static int first = 16;
static long long budget = 256LL << 20;
static char *selected_kernels; /* "\nname\nname\n", or NULL for every kernel */
static int *selected_launches;
static int selected_count;

static void load_settings(void) {
    char path[4200];
    snprintf(path, sizeof path, "%s/layer-settings.txt", journal);
    FILE *file = fopen(path, "r");
    if (!file) return;
    char line[1024];
    while (fgets(line, sizeof line, file)) {
        line[strcspn(line, "\n")] = 0;
        char *value = strchr(line, ' ');
        if (!value) continue;
        *value++ = 0;
        if (!strcmp(line, "first")) first = atoi(value);
        else if (!strcmp(line, "max_bytes")) budget = atoll(value);
        else if (!strcmp(line, "launch")) {
            selected_launches = realloc(selected_launches, sizeof(int) * (selected_count + 1));
            if (selected_launches) selected_launches[selected_count++] = atoi(value);
        } else if (!strcmp(line, "kernel")) {
            size_t had = selected_kernels ? strlen(selected_kernels) : 1;
            char *grown = realloc(selected_kernels, had + strlen(value) + 2);
            if (!grown) continue;
            if (!selected_kernels) strcpy(grown, "\n");
            selected_kernels = grown;
            strcat(strcat(selected_kernels, value), "\n");
        }
    }
    fclose(file);
}

/* Whether this process is the one recorded: the first of the command to use OpenCL (the
   Python hook claims the same file when a Python program imports pyopencl). */
static int claim(void) {
    char path[4200];
    snprintf(path, sizeof path, "%s/claimed", journal);
    int fd = open(path, O_CREAT | O_EXCL | O_WRONLY, 0644);
    if (fd < 0) return 0;
    close(fd);
    return 1;
}

static int write_all(int fd, const void *data, size_t size) {
    const char *at = data;
    while (size) {
        ssize_t done = write(fd, at, size);
        if (done < 0 && errno == EINTR) continue;
        if (done <= 0) return -1;
        at += done;
        size -= (size_t)done;
    }
    return 0;
}

/* A file of the journal, whole or not at all: written beside, then renamed. */
static int write_file(const char *name, const void *data, size_t size) {
    char path[4300], part[4310];
    snprintf(path, sizeof path, "%s/%s", journal, name);
    snprintf(part, sizeof part, "%s.part", path);
    int fd = open(part, O_CREAT | O_TRUNC | O_WRONLY, 0644);
    if (fd < 0) return -1;
    int failed = write_all(fd, data, size);
    failed |= close(fd);
    if (failed || rename(part, path)) {
        int why = errno; /* kept for the launch's detail */
        unlink(part);
        errno = why;
        return -1;
    }
    return 0;
}

/* A growing text: one journal line, written with one write() so it is whole on disk even
   when the program dies just after. */
struct text { char *data; size_t used, room; };

static void add(struct text *t, const char *format, ...) {
    for (;;) {
        va_list args;
        va_start(args, format);
        size_t left = t->room - t->used;
        int wanted = vsnprintf(t->data ? t->data + t->used : NULL, t->data ? left : 0, format, args);
        va_end(args);
        if (wanted < 0) return;
        if (t->data && (size_t)wanted < left) { t->used += (size_t)wanted; return; }
        size_t room = (t->room + (size_t)wanted + 256) * 2;
        char *grown = realloc(t->data, room);
        if (!grown) return;
        t->data = grown;
        t->room = room;
    }
}

/* The lines of launches not captured are made without printf: they are many. */
static void append(struct text *t, const char *bytes, size_t n) {
    if (t->used + n + 1 > t->room) {
        size_t room = (t->room + n + 256) * 2;
        char *grown = realloc(t->data, room);
        if (!grown) return;
        t->data = grown;
        t->room = room;
    }
    memcpy(t->data + t->used, bytes, n);
    t->used += n;
    t->data[t->used] = 0;
}

static void append_text(struct text *t, const char *s) { append(t, s, strlen(s)); }

static void append_number(struct text *t, unsigned long long n) {
    char digits[24];
    int at = sizeof digits;
    do digits[--at] = (char)('0' + n % 10); while (n /= 10);
    append(t, digits + at, sizeof digits - (size_t)at);
}

static void add_string(struct text *t, const char *s) {
    append(t, "\"", 1);
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        if (*c == '"' || *c == '\\') add(t, "\\%c", *c);
        else if (*c < 0x20 || *c >= 0x7f) add(t, "\\u%04x", *c);
        else append(t, (const char *)c, 1);
    }
    append(t, "\"", 1);
}

/* A JSON string made once, for a name written in many lines. */
static char *quoted(const char *s) {
    struct text t = {0};
    add_string(&t, s);
    return t.data;
}

static void add_sizes(struct text *t, cl_uint dims, const size_t *sizes) {
    if (!sizes) { append_text(t, "null"); return; }
    append(t, "[", 1);
    for (cl_uint d = 0; d < dims; d++) {
        if (d) append(t, ",", 1);
        append_number(t, sizes[d]);
    }
    append(t, "]", 1);
}

/* }}} */
/* {{{ Python programs: call sites */

/* Python's C API, looked up in the process when the hook registers (Python is linked in,
   as libpython or statically with its symbols exported); every object is opaque here. */
static struct {
    int (*gil_held)(void);
    void *(*frame)(void);             /* borrowed */
    void *(*frame_back)(void *);      /* new reference */
    void *(*frame_code)(void *);      /* new reference */
    int (*frame_line)(void *);
    void (*incref)(void *);
    void (*decref)(void *);
    void *(*attribute)(void *, const char *);
    void *(*call)(void *, ...);       /* PyObject_CallFunctionObjArgs */
    const char *(*utf8)(void *);
    void (*clear_error)(void);
    void *none;
} py;
static void *shown_name; /* the hook's function: a file's name as call sites show it, or None */
/* The frame's instruction (Python 3.11 on; NULL before): a line number costs a walk of
   the code's line table, half a microsecond, so each place keeps the lines it has seen. */
static int (*frame_instruction)(void *);

/* What each code object's file is, asked of the hook once per code object. The code object
   is kept alive while it is known, so that its address never means another. */
#define PLACE_LINES 16
struct place {
    void *code;
    char *quoted; /* "\"train.py:" as the journal starts its call site; NULL: not the learner's */
    int instructions[PLACE_LINES], lines[PLACE_LINES]; /* lines[i] 0: none kept */
    struct place *link;
};

/* The line a frame of a learner's place is at. */
static int line_of(struct place *p, void *frame) {
    int instruction = frame_instruction ? frame_instruction(frame) : -1;
    if (instruction < 0) return py.frame_line(frame);
    int at = instruction % PLACE_LINES;
    if (!p->lines[at] || p->instructions[at] != instruction) {
        p->instructions[at] = instruction;
        p->lines[at] = py.frame_line(frame);
    }
    return p->lines[at];
}
#define PLACE_BUCKETS 1024
static struct place *places[PLACE_BUCKETS];

static struct place *known_place(void *code) {
    for (struct place *p = places[((uintptr_t)code >> 4) % PLACE_BUCKETS]; p; p = p->link)
        if (p->code == code) return p;
    return NULL;
}

static struct place *place_of(void *code) {
    struct place *p = known_place(code);
    if (p) return p;
    void *file = py.attribute(code, "co_filename");
    void *shown = file ? py.call(shown_name, file, NULL) : NULL;
    if (file) py.decref(file);
    if (!shown) { py.clear_error(); return NULL; }
    /* Another thread may have run while Python ran the hook's function. */
    if ((p = known_place(code))) { py.decref(shown); return p; }
    if (!(p = calloc(1, sizeof *p))) { py.decref(shown); return NULL; }
    const char *name = shown == py.none ? NULL : py.utf8(shown);
    if (shown != py.none && !name) py.clear_error();
    if (name) {
        struct text t = {0};
        add_string(&t, name);
        if (t.data) { t.data[t.used - 1] = ':'; p->quoted = t.data; }
    }
    py.decref(shown);
    py.incref(code);
    p->code = code;
    size_t at = ((uintptr_t)code >> 4) % PLACE_BUCKETS;
    p->link = places[at];
    places[at] = p;
    return p;
}

struct site { const char *quoted; int line; };

/* The launch's call site: the innermost frame in a file of the learner's, read while the
   launching thread holds the GIL (pyopencl keeps it through clEnqueueNDRangeKernel), before
   the layer's lock is taken: the hook's function may let other threads run. */
static struct site call_site(void) {
    struct site found = {NULL, 0};
    if (!shown_name || !py.gil_held()) return found;
    void *frame = py.frame();
    if (frame) py.incref(frame);
    for (int depth = 0; frame && depth < 256; depth++) {
        void *code = py.frame_code(frame);
        struct place *p = code ? place_of(code) : NULL;
        if (code) py.decref(code);
        if (p && p->quoted) {
            found.quoted = p->quoted;
            found.line = line_of(p, frame);
            break;
        }
        void *back = py.frame_back(frame);
        py.decref(frame);
        frame = back;
    }
    if (frame) py.decref(frame);
    return found;
}

/* }}} */
/* {{{ launches not captured */

/* Launches not captured wait here as raw records, made into lines every half second, before
   the next captured launch's line or at exit, as the Python hook batches them: the launch
   itself then costs a few stores. (PoCL's worker sleeps as soon as the host falls behind,
   and waking it at every launch would cost more than the launch.) A captured launch's line
   is written at once. A Python program's launch keeps its event (retained) until its
   device time is read: a line waits for it up to WAIT_FOR_TIME_MS. */
struct waiting {
    int number;
    struct kernel *kernel;
    struct queue *queue;
    struct site site;
    cl_uint dims;
    int has_local, has_offset;
    size_t global[3], local[3];
    cl_handle event;      /* NULL: no time to read */
    long long when_ms;    /* when it was enqueued */
};
#define MOST_WAITING 4096
#define FLUSH_EVERY_MS 500
#define WAIT_FOR_TIME_MS 2000
static struct waiting waiting[MOST_WAITING];
static int waiting_count;
static long long flushed_ms;

struct queue;
static void add_head(struct text *t, int number, struct kernel *k, struct queue *q,
                     struct site site, cl_uint dims, const size_t *global, const size_t *local,
                     int has_offset);

static long long now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

static void write_line(struct text *t) {
    add(t, "}\n");
    if (t->data && lines >= 0) write_all(lines, t->data, t->used);
    free(t->data);
    t->data = NULL;
}

/* An ended launch's device time (its event let go), or -1; 1 when it may still run. */
static int timed(cl_handle event, int wait, unsigned long long *time_ns) {
    cl_int status = -1;
    if (wait) NEXT(AT_WaitForEvents, cl_int (*)(cl_uint, const cl_handle *))(1, &event);
    NEXT(AT_GetEventInfo, info_fn)(event, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status,
                                   &status, NULL);
    if (status > 0) return 1;
    cl_ulong start = 0, end = 0;
    info_fn profiling = NEXT(AT_GetEventProfilingInfo, info_fn);
    int known = status == 0 &&
                profiling(event, CL_PROFILING_COMMAND_START, sizeof start, &start, NULL) == 0 &&
                profiling(event, CL_PROFILING_COMMAND_END, sizeof end, &end, NULL) == 0;
    NEXT(AT_ReleaseEvent, cl_int (*)(cl_handle))(event);
    if (!known) return -1;
    *time_ns = end - start;
    return 0;
}

/* A launch's line names its piece: the facts launches share (kernel, device, call site,
   sizes), written once as a line of their own, as the Python hook writes them; the journal's
   reader puts them together. The pieces are remembered in a small table, by a hash: a piece
   pushed out of it is written again under a new number when it comes back. */
struct piece { struct waiting facts; int number; };
#define PIECES 1024
static struct piece pieces[PIECES];
static int piece_count;

static int same_facts(const struct waiting *a, const struct waiting *b) {
    if (a->kernel != b->kernel || a->queue != b->queue || a->site.quoted != b->site.quoted ||
        a->site.line != b->site.line || a->dims != b->dims || a->has_local != b->has_local ||
        a->has_offset != b->has_offset)
        return 0;
    for (cl_uint d = 0; d < a->dims && d < 3; d++)
        if (a->global[d] != b->global[d] || a->local[d] != b->local[d]) return 0;
    return 1;
}

/* The launch's piece number, its line added to `t` first when it is new. */
static int piece_of(struct text *t, const struct waiting *w) {
    uintptr_t hash = (uintptr_t)w->kernel ^ ((uintptr_t)w->queue >> 3) ^
                     ((uintptr_t)w->site.quoted >> 1) ^ (uintptr_t)w->site.line * 31;
    for (cl_uint d = 0; d < w->dims && d < 3; d++) hash = hash * 33 + w->global[d] + w->local[d];
    struct piece *p = &pieces[(hash ^ (hash >> 10)) % PIECES];
    if (p->number && same_facts(&p->facts, w)) return p->number;
    p->facts = *w;
    p->number = ++piece_count;
    append_text(t, "{\"piece\":");
    append_number(t, (unsigned long long)p->number);
    append_text(t, ",");
    size_t at = t->used;
    add_head(t, 0, w->kernel, w->queue, w->site, w->dims, w->global,
             w->has_local ? w->local : NULL, w->has_offset);
    /* add_head begins `{"number":0,`: the piece's facts go on after the piece's number */
    const char *head = "{\"number\":0,";
    size_t skip = strlen(head);
    if (t->data && t->used >= at + skip) {
        memmove(t->data + at, t->data + at + skip, t->used - at - skip);
        t->used -= skip;
        t->data[t->used] = 0;
    }
    append_text(t, ",\"captured\":false,\"reason\":\"not_selected\",\"detail\":\"\"}\n");
    return p->number;
}

enum flush { ENDED, EVERY, TIMED };

/* Write the waiting lines, in order: those whose launches have ended (a line that waits
   for its time longer than WAIT_FOR_TIME_MS goes without), EVERY one (times where known:
   before a captured launch's line, before a fork), or every one TIMED (waiting for the
   device: a full backlog, the program's exit). */
static void flush_waiting(enum flush how) {
    if (!waiting_count) return;
    struct text t = {0};
    long long now = now_ms();
    int written = 0;
    for (; written < waiting_count; written++) {
        struct waiting *w = &waiting[written];
        unsigned long long time_ns = 0;
        int time = -1;
        if (w->event) {
            int late = how == ENDED && now - w->when_ms >= WAIT_FOR_TIME_MS;
            time = timed(w->event, how == TIMED && !late, &time_ns);
            if (time > 0 && how == ENDED && !late) break;
            if (time > 0) NEXT(AT_ReleaseEvent, cl_int (*)(cl_handle))(w->event);
        }
        int piece = piece_of(&t, w);
        append_text(&t, "{\"number\":");
        append_number(&t, (unsigned long long)w->number);
        append_text(&t, ",\"piece\":");
        append_number(&t, (unsigned long long)piece);
        if (time == 0) {
            append_text(&t, ",\"time_ns\":");
            append_number(&t, time_ns);
        }
        append_text(&t, "}\n");
    }
    if (t.data && lines >= 0) write_all(lines, t.data, t.used);
    free(t.data);
    waiting_count -= written;
    memmove(waiting, waiting + written, sizeof *waiting * (size_t)waiting_count);
    flushed_ms = now;
}

static void wait_to_list(int number, struct kernel *k, struct queue *q, struct site site,
                         cl_uint dims, const size_t *global, const size_t *local,
                         int has_offset, cl_handle event) {
    if (waiting_count == MOST_WAITING) flush_waiting(TIMED);
    struct waiting *w = &waiting[waiting_count++];
    w->number = number;
    w->kernel = k;
    w->queue = q;
    w->site = site;
    w->dims = dims;
    w->has_local = local != NULL;
    w->has_offset = has_offset;
    for (cl_uint d = 0; d < dims; d++) {
        w->global[d] = global ? global[d] : 0;
        w->local[d] = local ? local[d] : 0;
    }
    w->event = event;
    w->when_ms = now_ms();
    if (w->when_ms - flushed_ms >= FLUSH_EVERY_MS) flush_waiting(ENDED);
}

/* The launches still waiting when the program exits (by returning from main or exit()):
   their times are not asked for, as the driver may be gone already. A Python program's
   are written earlier, at its interpreter's exit (clstudio_capture_flush). */
__attribute__((destructor)) static void flush_at_exit(void) {
    pthread_mutex_lock(&lock);
    for (int i = 0; i < waiting_count; i++) waiting[i].event = NULL;
    flush_waiting(EVERY);
    pthread_mutex_unlock(&lock);
}

/* A forked child records nothing: the lines waiting are written before the fork, once. */
static void before_fork(void) {
    pthread_mutex_lock(&lock);
    flush_waiting(EVERY);
}

static void after_fork_in_parent(void) { pthread_mutex_unlock(&lock); }

static void after_fork_in_child(void) {
    if (lines >= 0) close(lines);
    lines = -1;
    waiting_count = 0;
    pthread_mutex_unlock(&lock);
}

/* }}} */
/* {{{ looking things up */

static void trimmed_info(info_fn get, cl_handle of, cl_uint what, char *out, size_t room) {
    out[0] = 0;
    if (get(of, what, room - 1, out, NULL) != CL_SUCCESS) out[0] = 0;
    out[room - 1] = 0;
    size_t n = strlen(out);
    while (n && (out[n - 1] == ' ' || out[n - 1] == '\n')) out[--n] = 0;
    char *start = out;
    while (*start == ' ') start++;
    memmove(out, start, strlen(start) + 1);
}

static struct memory *memory_of(cl_handle mem) {
    for (struct memory *m = memories[bucket(mem)]; m; m = m->link)
        if (m->mem == mem) return m;
    return NULL;
}

static void remember_memory(cl_handle mem, enum mem_kind kind) {
    if (!mem) return;
    pthread_mutex_lock(&lock);
    struct memory *m = memory_of(mem);
    if (!m && (m = calloc(1, sizeof *m))) {
        m->mem = mem;
        m->link = memories[bucket(mem)];
        memories[bucket(mem)] = m;
    }
    if (m) m->kind = kind;
    pthread_mutex_unlock(&lock);
}

static struct queue *queue_of(cl_handle queue) {
    struct queue *q;
    for (q = queues; q; q = q->link)
        if (q->queue == queue) return q; /* the newest first: most programs have one */
    if (!(q = calloc(1, sizeof *q))) return NULL;
    cl_handle device = NULL, platform = NULL;
    info_fn queue_info = NEXT(AT_GetCommandQueueInfo, info_fn);
    info_fn device_info = NEXT(AT_GetDeviceInfo, info_fn);
    queue_info(queue, CL_QUEUE_DEVICE, sizeof device, &device, NULL);
    queue_info(queue, CL_QUEUE_CONTEXT, sizeof q->context, &q->context, NULL);
    cl_bitfield properties = 0;
    queue_info(queue, CL_QUEUE_PROPERTIES, sizeof properties, &properties, NULL);
    q->profiles = (properties & CL_QUEUE_PROFILING_ENABLE) != 0;
    device_info(device, CL_DEVICE_PLATFORM, sizeof platform, &platform, NULL);
    trimmed_info(device_info, device, CL_DEVICE_NAME, q->device, sizeof q->device);
    trimmed_info(NEXT(AT_GetPlatformInfo, info_fn), platform, CL_PLATFORM_NAME, q->platform,
                 sizeof q->platform);
    struct text tail = {0};
    append_text(&tail, ",\"device\":");
    add_string(&tail, q->device);
    append_text(&tail, ",\"platform\":");
    add_string(&tail, q->platform);
    append_text(&tail, ",\"context\":");
    append_number(&tail, (unsigned long long)(uintptr_t)q->context);
    q->tail = tail.data;
    q->queue = queue;
    q->link = queues;
    queues = q;
    return q;
}

static struct program *program_of(cl_handle program) {
    for (struct program *p = programs; p; p = p->link)
        if (p->program == program) return p;
    struct program *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->program = program;
    p->link = programs;
    programs = p;
    return p;
}

/* A built program's source, written once as program-N.cl when both are known. */
static void write_program(struct program *p) {
    if (p->number || !p->built || !p->source || lines < 0) return;
    char name[64];
    snprintf(name, sizeof name, "program-%d.cl", ++program_count);
    p->number = write_file(name, p->source, strlen(p->source)) ? 0 : program_count;
}

static struct kernel *kernel_of(cl_handle kernel) {
    struct kernel *k;
    for (k = kernels[bucket(kernel)]; k; k = k->link)
        if (k->kernel == kernel) return k;
    k = calloc(1, sizeof *k);
    if (!k) return NULL;
    k->kernel = kernel;
    k->link = kernels[bucket(kernel)];
    kernels[bucket(kernel)] = k;
    return k;
}

/* A new object at the address of one released: the old record is left for the journal
   lines that still name it, and no longer found. */
static void forget_kernel(cl_handle kernel) {
    for (struct kernel *k = kernels[bucket(kernel)]; k; k = k->link)
        if (k->kernel == kernel) k->kernel = NULL;
}

static void forget_queue(cl_handle queue) {
    for (struct queue *q = queues; q; q = q->link)
        if (q->queue == queue) q->queue = NULL;
}

static struct argument *argument_of(cl_handle kernel, cl_uint index) {
    struct kernel *k = kernel_of(kernel);
    if (!k || index >= 4096) return NULL;
    if (index >= k->count) {
        struct argument *grown = realloc(k->args, sizeof *grown * (index + 1));
        if (!grown) return NULL;
        memset(grown + k->count, 0, sizeof *grown * (index + 1 - k->count));
        k->args = grown;
        k->count = index + 1;
    }
    return &k->args[index];
}

/* }}} */
/* {{{ the recorded calls */

static cl_handle CreateBuffer(cl_handle context, cl_bitfield flags, size_t size, void *host,
                              cl_int *error) {
    cl_handle mem = NEXT(AT_CreateBuffer, cl_handle (*)(cl_handle, cl_bitfield, size_t, void *,
                                                        cl_int *))(context, flags, size, host, error);
    remember_memory(mem, MEM_BUFFER);
    return mem;
}

static cl_handle CreateBufferWithProperties(cl_handle context, const void *properties,
                                            cl_bitfield flags, size_t size, void *host,
                                            cl_int *error) {
    cl_handle mem = NEXT(AT_CreateBufferWithProperties,
                         cl_handle (*)(cl_handle, const void *, cl_bitfield, size_t, void *,
                                       cl_int *))(context, properties, flags, size, host, error);
    remember_memory(mem, MEM_BUFFER);
    return mem;
}

static cl_handle CreateSubBuffer(cl_handle buffer, cl_bitfield flags, cl_uint type,
                                 const void *region, cl_int *error) {
    cl_handle mem = NEXT(AT_CreateSubBuffer, cl_handle (*)(cl_handle, cl_bitfield, cl_uint,
                                                           const void *, cl_int *))(
        buffer, flags, type, region, error);
    remember_memory(mem, MEM_SUB_BUFFER);
    return mem;
}

static cl_handle CreateImage(cl_handle context, cl_bitfield flags, const void *format,
                             const void *desc, void *host, cl_int *error) {
    cl_handle mem = NEXT(AT_CreateImage, cl_handle (*)(cl_handle, cl_bitfield, const void *,
                                                       const void *, void *, cl_int *))(
        context, flags, format, desc, host, error);
    remember_memory(mem, MEM_IMAGE);
    return mem;
}

static cl_handle CreateImageWithProperties(cl_handle context, const void *properties,
                                           cl_bitfield flags, const void *format,
                                           const void *desc, void *host, cl_int *error) {
    cl_handle mem = NEXT(AT_CreateImageWithProperties,
                         cl_handle (*)(cl_handle, const void *, cl_bitfield, const void *,
                                       const void *, void *, cl_int *))(
        context, properties, flags, format, desc, host, error);
    remember_memory(mem, MEM_IMAGE);
    return mem;
}

static cl_handle CreateImage2D(cl_handle context, cl_bitfield flags, const void *format,
                               size_t width, size_t height, size_t pitch, void *host,
                               cl_int *error) {
    cl_handle mem = NEXT(AT_CreateImage2D, cl_handle (*)(cl_handle, cl_bitfield, const void *,
                                                         size_t, size_t, size_t, void *,
                                                         cl_int *))(
        context, flags, format, width, height, pitch, host, error);
    remember_memory(mem, MEM_IMAGE);
    return mem;
}

static cl_handle CreateImage3D(cl_handle context, cl_bitfield flags, const void *format,
                               size_t width, size_t height, size_t depth, size_t row_pitch,
                               size_t slice_pitch, void *host, cl_int *error) {
    cl_handle mem = NEXT(AT_CreateImage3D,
                         cl_handle (*)(cl_handle, cl_bitfield, const void *, size_t, size_t,
                                       size_t, size_t, size_t, void *, cl_int *))(
        context, flags, format, width, height, depth, row_pitch, slice_pitch, host, error);
    remember_memory(mem, MEM_IMAGE);
    return mem;
}

static cl_handle CreatePipe(cl_handle context, cl_bitfield flags, cl_uint packet, cl_uint most,
                            const void *properties, cl_int *error) {
    cl_handle mem = NEXT(AT_CreatePipe, cl_handle (*)(cl_handle, cl_bitfield, cl_uint, cl_uint,
                                                      const void *, cl_int *))(
        context, flags, packet, most, properties, error);
    remember_memory(mem, MEM_PIPE);
    return mem;
}

static cl_handle CreateProgramWithSource(cl_handle context, cl_uint count, const char **strings,
                                         const size_t *lengths, cl_int *error) {
    cl_handle program = NEXT(AT_CreateProgramWithSource,
                             cl_handle (*)(cl_handle, cl_uint, const char **, const size_t *,
                                           cl_int *))(context, count, strings, lengths, error);
    if (!program || !strings) return program;
    size_t total = 0;
    for (cl_uint i = 0; i < count; i++)
        total += strings[i] ? (lengths && lengths[i] ? lengths[i] : strlen(strings[i])) : 0;
    char *source = malloc(total + 1);
    if (!source) return program;
    size_t at = 0;
    for (cl_uint i = 0; i < count; i++) {
        if (!strings[i]) continue;
        size_t n = lengths && lengths[i] ? lengths[i] : strlen(strings[i]);
        memcpy(source + at, strings[i], n);
        at += n;
    }
    source[at] = 0;
    pthread_mutex_lock(&lock);
    struct program *p = program_of(program);
    if (p) {
        free(p->source);
        p->source = source;
        p->number = 0;
        p->built = 0;
    } else {
        free(source);
    }
    pthread_mutex_unlock(&lock);
    return program;
}

/* pyopencl's binary cache: the source comes from the hook (clstudio_capture_source). */
static cl_handle CreateProgramWithBinary(cl_handle context, cl_uint count, const void *devices,
                                         const size_t *lengths, const unsigned char **binaries,
                                         cl_int *status, cl_int *error) {
    cl_handle program = NEXT(AT_CreateProgramWithBinary,
                             cl_handle (*)(cl_handle, cl_uint, const void *, const size_t *,
                                           const unsigned char **, cl_int *, cl_int *))(
        context, count, devices, lengths, binaries, status, error);
    if (!program) return program;
    pthread_mutex_lock(&lock);
    struct program *p = program_of(program);
    if (p) { /* a record of a program released at the same address is no longer this one */
        free(p->source);
        p->source = NULL;
        p->number = 0;
        p->built = 0;
    }
    pthread_mutex_unlock(&lock);
    return program;
}

static cl_int BuildProgram(cl_handle program, cl_uint count, const void *devices,
                           const char *options, void (*notify)(cl_handle, void *), void *data) {
    cl_int built = NEXT(AT_BuildProgram, cl_int (*)(cl_handle, cl_uint, const void *,
                                                    const char *, void (*)(cl_handle, void *),
                                                    void *))(program, count, devices, options,
                                                             notify, data);
    pthread_mutex_lock(&lock);
    struct program *p = program_of(program);
    if (p && built == CL_SUCCESS) {
        free(p->options);
        p->options = strdup(options ? options : "");
        p->built = 1;
        p->number = 0; /* built again: written again, with these options */
        write_program(p);
    }
    pthread_mutex_unlock(&lock);
    return built;
}

static cl_handle CreateCommandQueue(cl_handle context, cl_handle device, cl_bitfield properties,
                                    cl_int *error) {
    cl_handle queue = NEXT(AT_CreateCommandQueue, cl_handle (*)(cl_handle, cl_handle, cl_bitfield,
                                                                cl_int *))(context, device,
                                                                           properties, error);
    pthread_mutex_lock(&lock);
    forget_queue(queue);
    pthread_mutex_unlock(&lock);
    return queue;
}

static cl_handle CreateCommandQueueWithProperties(cl_handle context, cl_handle device,
                                                  const void *properties, cl_int *error) {
    cl_handle queue = NEXT(AT_CreateCommandQueueWithProperties,
                           cl_handle (*)(cl_handle, cl_handle, const void *, cl_int *))(
        context, device, properties, error);
    pthread_mutex_lock(&lock);
    forget_queue(queue);
    pthread_mutex_unlock(&lock);
    return queue;
}

static cl_handle CreateKernel(cl_handle program, const char *name, cl_int *error) {
    cl_handle kernel = NEXT(AT_CreateKernel, cl_handle (*)(cl_handle, const char *, cl_int *))(
        program, name, error);
    pthread_mutex_lock(&lock);
    forget_kernel(kernel);
    pthread_mutex_unlock(&lock);
    return kernel;
}

static cl_int CreateKernelsInProgram(cl_handle program, cl_uint most, cl_handle *made,
                                     cl_uint *count) {
    cl_uint made_count = 0;
    cl_int done = NEXT(AT_CreateKernelsInProgram,
                       cl_int (*)(cl_handle, cl_uint, cl_handle *, cl_uint *))(
        program, most, made, &made_count);
    if (count) *count = made_count;
    pthread_mutex_lock(&lock);
    for (cl_uint i = 0; made && done == CL_SUCCESS && i < made_count && i < most; i++)
        forget_kernel(made[i]);
    pthread_mutex_unlock(&lock);
    return done;
}

/* A clone has its source's arguments. */
static cl_handle CloneKernel(cl_handle source, cl_int *error) {
    cl_handle kernel = NEXT(AT_CloneKernel, cl_handle (*)(cl_handle, cl_int *))(source, error);
    if (!kernel) return kernel;
    pthread_mutex_lock(&lock);
    forget_kernel(kernel);
    struct kernel *from = kernel_of(source);
    for (cl_uint i = 0; from && i < from->count; i++) {
        struct argument *a = &from->args[i], *to = argument_of(kernel, i);
        if (!to || !a->set) continue;
        if (a->given && a->size > to->room) {
            unsigned char *grown = realloc(to->value, a->size);
            if (!grown) continue;
            to->value = grown;
            to->room = a->size;
        }
        to->set = 1;
        to->svm = a->svm;
        to->given = a->given;
        to->size = a->size;
        if (a->given && a->size) memcpy(to->value, a->value, a->size);
    }
    pthread_mutex_unlock(&lock);
    return kernel;
}

static cl_int SetKernelArg(cl_handle kernel, cl_uint index, size_t size, const void *value) {
    cl_int set = NEXT(AT_SetKernelArg, cl_int (*)(cl_handle, cl_uint, size_t, const void *))(
        kernel, index, size, value);
    if (set != CL_SUCCESS) return set;
    pthread_mutex_lock(&lock);
    struct argument *a = argument_of(kernel, index);
    if (a && value && size > a->room) {
        unsigned char *grown = realloc(a->value, size);
        if (grown) { a->value = grown; a->room = size; }
    }
    if (a) {
        a->given = value != NULL && size <= a->room;
        if (a->given && size) memcpy(a->value, value, size);
        a->size = size;
        a->set = !(value != NULL && !a->given); /* a value it could not keep: not known */
        a->svm = 0;
    }
    pthread_mutex_unlock(&lock);
    return set;
}

static cl_int SetKernelArgSVMPointer(cl_handle kernel, cl_uint index, const void *pointer) {
    cl_int set = NEXT(AT_SetKernelArgSVMPointer, cl_int (*)(cl_handle, cl_uint, const void *))(
        kernel, index, pointer);
    if (set != CL_SUCCESS) return set;
    pthread_mutex_lock(&lock);
    struct argument *a = argument_of(kernel, index);
    if (a) { a->set = 1; a->svm = 1; }
    pthread_mutex_unlock(&lock);
    return set;
}

/* }}} */
/* {{{ a launch */

struct read { cl_handle mem; size_t size; };

static int named(const char *name) {
    char wanted[300];
    snprintf(wanted, sizeof wanted, "\n%s\n", name);
    return !selected_kernels || strstr(selected_kernels, wanted) != NULL;
}

static const char *selection(struct kernel *k, int number, int nth) {
    if (k && !k->named) return "not_selected";
    if (selected_count) {
        for (int i = 0; i < selected_count; i++)
            if (selected_launches[i] == number) return NULL;
        return "not_selected";
    }
    return nth <= first ? NULL : "not_selected";
}

/* Each buffer's bytes into the journal; -1 and why in `detail` (128 bytes) when not. */
static int read_buffers(cl_handle queue, struct read *reads, int count, int number,
                        const char *when, char *detail) {
    cl_int done = NEXT(AT_Finish, cl_int (*)(cl_handle))(queue);
    if (done != CL_SUCCESS) { snprintf(detail, 128, "clFinish: %d", done); return -1; }
    for (int i = 0; i < count; i++) {
        unsigned char *host = malloc(reads[i].size ? reads[i].size : 1);
        if (!host) { snprintf(detail, 128, "%s", strerror(ENOMEM)); return -1; }
        cl_int read = NEXT(AT_EnqueueReadBuffer,
                           cl_int (*)(cl_handle, cl_handle, cl_uint, size_t, size_t, void *,
                                      cl_uint, const void *, void *))(
            queue, reads[i].mem, CL_TRUE, 0, reads[i].size, host, 0, NULL, NULL);
        char name[128];
        snprintf(name, sizeof name, "launch-%d.%llu.%s", number,
                 (unsigned long long)(uintptr_t)reads[i].mem, when);
        int failed = read != CL_SUCCESS;
        if (failed) snprintf(detail, 128, "clEnqueueReadBuffer: %d", read);
        else if ((failed = write_file(name, host, reads[i].size)))
            snprintf(detail, 128, "%s", strerror(errno)); /* a full disk, say */
        free(host);
        if (failed) return -1;
    }
    return 0;
}

/* The arguments as the journal says them, and the buffers to read; a reason when a
   session cannot hold one. */
static const char *describe(struct kernel *k, cl_uint count, struct text *args,
                            struct read *reads, int *read_count, char *detail) {
    add(args, "[");
    for (cl_uint i = 0; i < count; i++) {
        struct argument *a = i < k->count ? &k->args[i] : NULL;
        if (i) add(args, ",");
        if (!a || !a->set) { sprintf(detail, "%u: not set", i); return "unsupported_argument"; }
        if (a->svm) { sprintf(detail, "%u: SVM pointer", i); return "unsupported_argument"; }
        if (!a->given) { add(args, "{\"kind\":\"local\",\"bytes\":%zu}", a->size); continue; }
        struct memory *m = a->size == sizeof(void *) ? memory_of(*(cl_handle *)a->value) : NULL;
        if (!m) {
            add(args, "{\"kind\":\"scalar\",\"hex\":\"");
            for (size_t b = 0; b < a->size; b++) add(args, "%02x", a->value[b]);
            add(args, "\"}");
            continue;
        }
        static const char *const kinds[] = {"buffer", "sub-buffer", "image", "pipe"};
        if (m->kind != MEM_BUFFER) {
            sprintf(detail, "%u: %s", i, kinds[m->kind]);
            return "unsupported_argument";
        }
        size_t size = 0;
        if (NEXT(AT_GetMemObjectInfo, info_fn)(m->mem, CL_MEM_SIZE, sizeof size, &size, NULL)) {
            sprintf(detail, "%u: its size", i);
            return "capture_failed";
        }
        add(args, "{\"kind\":\"buffer\",\"id\":%llu,\"bytes\":%zu}",
            (unsigned long long)(uintptr_t)m->mem, size);
        int seen = 0;
        for (int r = 0; r < *read_count; r++) seen |= reads[r].mem == m->mem;
        if (!seen) reads[(*read_count)++] = (struct read){m->mem, size};
    }
    add(args, "]");
    return NULL;
}

static void add_head(struct text *t, int number, struct kernel *k, struct queue *q,
                     struct site site, cl_uint dims, const size_t *global, const size_t *local,
                     int has_offset) {
    append_text(t, "{\"number\":");
    append_number(t, (unsigned long long)number);
    append_text(t, ",\"kernel\":");
    append_text(t, k && k->quoted_name ? k->quoted_name : "\"\"");
    if (site.quoted) {
        append_text(t, ",\"call_site\":");
        append_text(t, site.quoted);
        append_number(t, (unsigned long long)(site.line > 0 ? site.line : 0));
        append_text(t, "\",\"global_size\":");
    } else {
        append_text(t, ",\"call_site\":null,\"global_size\":");
    }
    add_sizes(t, dims, global);
    append_text(t, ",\"local_size\":");
    add_sizes(t, dims, local);
    append_text(t, has_offset ? ",\"global_offset\":true" : ",\"global_offset\":false");
    append_text(t, q && q->tail ? q->tail : ",\"device\":\"\",\"platform\":\"\",\"context\":0");
}

/* The kernel as the journal names it, looked up at its first launch. */
static void know(struct kernel *k) {
    info_fn kernel_info = NEXT(AT_GetKernelInfo, info_fn);
    trimmed_info(kernel_info, k->kernel, CL_KERNEL_FUNCTION_NAME, k->name, sizeof k->name);
    kernel_info(k->kernel, CL_KERNEL_NUM_ARGS, sizeof k->parameters, &k->parameters, NULL);
    struct kernel_count *c = counts;
    while (c && strcmp(c->name, k->name)) c = c->link;
    if (!c && (c = calloc(1, sizeof *c))) {
        snprintf(c->name, sizeof c->name, "%s", k->name);
        c->link = counts;
        counts = c;
    }
    k->launches = c;
    k->named = named(k->name);
    k->quoted_name = quoted(k->name);
}

static cl_int EnqueueNDRangeKernel(cl_handle queue, cl_handle kernel, cl_uint dims,
                                   const size_t *offset, const size_t *global,
                                   const size_t *local, cl_uint waits, const void *wait_list,
                                   void *event) {
    typedef cl_int (*launch_fn)(cl_handle, cl_handle, cl_uint, const size_t *, const size_t *,
                                const size_t *, cl_uint, const void *, void *);
    launch_fn launch = NEXT(AT_EnqueueNDRangeKernel, launch_fn);
    if (lines < 0) /* a forked child */
        return launch(queue, kernel, dims, offset, global, local, waits, wait_list, event);
    struct site site = call_site();
    pthread_mutex_lock(&lock);
    int number = ++launch_count;
    struct kernel *k = kernel_of(kernel);
    if (k && !k->launches) know(k);
    int nth = k && k->launches ? ++k->launches->count : 1;
    struct queue *q = queue_of(queue);
    int has_offset = 0;
    for (cl_uint d = 0; offset && d < dims; d++) has_offset |= offset[d] != 0;
    const char *reason = selection(k, number, nth);
    if (reason && dims <= 3) {
        cl_int launched = launch(queue, kernel, dims, offset, global, local, waits, wait_list,
                                 event);
        /* A Python program's launch keeps its event for its time; pyopencl asks for one. */
        cl_handle timed_event = NULL;
        if (shown_name && launched == CL_SUCCESS && event && q && q->profiles) {
            timed_event = *(cl_handle *)event;
            if (timed_event && NEXT(AT_RetainEvent, cl_int (*)(cl_handle))(timed_event))
                timed_event = NULL;
        }
        wait_to_list(number, k, q, site, dims, global, local, has_offset, timed_event);
        pthread_mutex_unlock(&lock);
        return launched;
    }
    cl_uint count = k ? k->parameters : 0;
    struct text line = {0};
    add_head(&line, number, k, q, site, dims, global, local, has_offset);

    char detail[128] = "";
    struct text args = {0};
    struct read *reads = NULL;
    int read_count = 0;
    if (!reason && k && (reads = calloc(count + 1, sizeof *reads)))
        reason = describe(k, count, &args, reads, &read_count, detail);
    else if (!reason)
        reason = "capture_failed";
    if (!reason && has_offset) reason = "global_offset";
    long long size = 0;
    for (int r = 0; r < read_count; r++) size += 2 * (long long)reads[r].size;
    if (!reason && size > budget) {
        reason = "over_budget";
        snprintf(detail, sizeof detail, "%lld", size);
    }
    if (!reason && read_buffers(queue, reads, read_count, number, "before", detail))
        reason = "unreadable";
    flush_waiting(EVERY); /* the journal keeps the launches' order; the queue has finished */
    cl_int launched;
    if (reason) {
        add(&line, ",\"captured\":false,\"reason\":\"%s\",\"detail\":", reason);
        add_string(&line, detail);
        write_line(&line);
        free(args.data);
        free(reads);
        pthread_mutex_unlock(&lock);
        return launch(queue, kernel, dims, offset, global, local, waits, wait_list, event);
    }
    budget -= size;
    struct timespec started, ended;
    clock_gettime(CLOCK_MONOTONIC, &started);
    launched = launch(queue, kernel, dims, offset, global, local, waits, wait_list, event);
    if (launched == CL_SUCCESS) NEXT(AT_Finish, cl_int (*)(cl_handle))(queue);
    clock_gettime(CLOCK_MONOTONIC, &ended);
    if (launched != CL_SUCCESS) {
        add(&line, ",\"captured\":false,\"reason\":\"launch_failed\",\"detail\":\"%d\"", launched);
    } else if (read_buffers(queue, reads, read_count, number, "after", detail)) {
        add(&line, ",\"captured\":false,\"reason\":\"unreadable\",\"detail\":");
        add_string(&line, detail);
    } else {
        cl_handle program = NULL;
        NEXT(AT_GetKernelInfo, info_fn)(kernel, CL_KERNEL_PROGRAM, sizeof program, &program,
                                        NULL);
        struct program *p = program_of(program);
        add(&line, ",\"captured\":true,\"args\":%s", args.data ? args.data : "[]");
        cl_ulong start = 0, end = 0;
        info_fn profiling = NEXT(AT_GetEventProfilingInfo, info_fn);
        if (event && *(cl_handle *)event && q && q->profiles &&
            !profiling(*(cl_handle *)event, CL_PROFILING_COMMAND_START, sizeof start, &start,
                       NULL) &&
            !profiling(*(cl_handle *)event, CL_PROFILING_COMMAND_END, sizeof end, &end, NULL))
            add(&line, ",\"time_ns\":%llu,\"timed_by\":\"profiling\"",
                (unsigned long long)(end - start));
        else /* no profiling: the launch and the wait for its queue */
            add(&line, ",\"time_ns\":%lld,\"timed_by\":\"wall\"",
                (long long)(ended.tv_sec - started.tv_sec) * 1000000000LL +
                    (ended.tv_nsec - started.tv_nsec));
        if (p && p->number) {
            add(&line, ",\"program\":%d,\"options\":", p->number);
            add_string(&line, p->options);
        } else {
            add(&line, ",\"program\":null");
        }
    }
    write_line(&line);
    free(args.data);
    free(reads);
    pthread_mutex_unlock(&lock);
    return launched;
}

/* }}} */
/* {{{ what the Python hook calls (through ctypes.PyDLL: with the GIL held) */

/* The hook's function that names a file as call sites show it (None: not the learner's);
   1 when Python's C API was found and the layer will record this Python program, else 0
   (the hook then records it itself). */
__attribute__((visibility("default"))) int clstudio_capture_python(void *function) {
#define FIND(field, name) *(void **)&py.field = dlsym(RTLD_DEFAULT, name)
    FIND(gil_held, "PyGILState_Check"); FIND(frame, "PyEval_GetFrame");
    FIND(frame_back, "PyFrame_GetBack"); FIND(frame_code, "PyFrame_GetCode");
    FIND(frame_line, "PyFrame_GetLineNumber"); FIND(incref, "Py_IncRef");
    FIND(decref, "Py_DecRef"); FIND(attribute, "PyObject_GetAttrString");
    FIND(call, "PyObject_CallFunctionObjArgs"); FIND(utf8, "PyUnicode_AsUTF8");
    FIND(clear_error, "PyErr_Clear"); FIND(none, "_Py_NoneStruct");
#undef FIND
    *(void **)&frame_instruction = dlsym(RTLD_DEFAULT, "PyFrame_GetLasti");
    void **found = (void **)&py;
    for (size_t i = 0; i < sizeof py / sizeof(void *); i++)
        if (!found[i]) return 0;
    py.incref(function);
    shown_name = function;
    return 1;
}

/* Whether this process is the one recorded (it has used OpenCL, so the loader has run). */
__attribute__((visibility("default"))) int clstudio_capture_recording(void) { return lines >= 0; }

/* A program's source as pyopencl gave it, for the programs built from its binary cache. */
__attribute__((visibility("default"))) void clstudio_capture_source(cl_handle program,
                                                                    const char *source) {
    if (!program || !source) return;
    pthread_mutex_lock(&lock);
    struct program *p = program_of(program);
    if (p && !p->source && (p->source = strdup(source))) write_program(p);
    pthread_mutex_unlock(&lock);
}

/* The interpreter's exit: the waiting lines written with their times while the driver is
   still there. */
__attribute__((visibility("default"))) void clstudio_capture_flush(void) {
    pthread_mutex_lock(&lock);
    flush_waiting(TIMED);
    pthread_mutex_unlock(&lock);
}

/* }}} */
/* {{{ the layer's two entry points */

__attribute__((visibility("default"))) cl_int clGetLayerInfo(cl_uint name, size_t size,
                                                            void *value, size_t *size_ret) {
    static const char title[] = "CL Studio capture";
    const void *answer;
    size_t needed;
    cl_uint version = CL_LAYER_API_VERSION_100;
    if (name == CL_LAYER_API_VERSION) { answer = &version; needed = sizeof version; }
    else if (name == CL_LAYER_NAME) { answer = title; needed = sizeof title; }
    else return CL_INVALID_VALUE;
    if (value) {
        if (size < needed) return CL_INVALID_VALUE;
        memcpy(value, answer, needed);
    }
    if (size_ret) *size_ret = needed;
    return CL_SUCCESS;
}

static int layered_by_loader; /* the loader called clInitLayer: it made this library a layer */

/* The layer below `target`, whoever calls it: the loader, or the LD_PRELOAD route. */
static cl_int start_layer(cl_uint count, const void *target, cl_uint *count_ret,
                          const void **dispatch_ret) {
    entries = count < MAX_ENTRIES ? count : MAX_ENTRIES;
    memcpy(next, target, entries * sizeof(entry));
    memcpy(mine, next, sizeof mine);
    const char *folder = getenv("CLSTUDIO_CAPTURE_JOURNAL");
    if (folder && strlen(folder) < sizeof journal) {
        strcpy(journal, folder);
        if (claim()) {
            char path[4200];
            snprintf(path, sizeof path, "%s/launches.jsonl", journal);
            lines = open(path, O_CREAT | O_APPEND | O_WRONLY, 0644);
        }
    }
    if (lines >= 0) {
        load_settings();
        flushed_ms = now_ms();
        pthread_atfork(before_fork, after_fork_in_parent, after_fork_in_child);
#define MINE(f) mine[AT_##f] = (entry)f
        MINE(CreateBuffer); MINE(CreateBufferWithProperties); MINE(CreateSubBuffer);
        MINE(CreateImage); MINE(CreateImageWithProperties); MINE(CreateImage2D);
        MINE(CreateImage3D); MINE(CreatePipe); MINE(CreateProgramWithSource);
        MINE(CreateProgramWithBinary);
        MINE(BuildProgram); MINE(SetKernelArg); MINE(SetKernelArgSVMPointer);
        MINE(EnqueueNDRangeKernel); MINE(CreateCommandQueue);
        MINE(CreateCommandQueueWithProperties); MINE(CreateKernel); MINE(CreateKernelsInProgram);
        MINE(CloneKernel);
    }
    *count_ret = entries;
    *dispatch_ret = mine;
    return CL_SUCCESS;
}


__attribute__((visibility("default"))) cl_int clInitLayer(cl_uint count, const void *target,
                                                         cl_uint *count_ret,
                                                         const void **dispatch_ret) {
    if (!target || !count_ret || !dispatch_ret || count < TABLE_ENTRIES)
        return CL_INVALID_VALUE;
    layered_by_loader = 1;
    return start_layer(count, target, count_ret, dispatch_ret);
}

/* }}} */

/* {{{ the LD_PRELOAD route, for loaders older than layers

   A loader without layers (ocl-icd before 2.3, as Ubuntu 22.04 ships it; Khronos' loader
   before 2021) never calls clInitLayer. `clstudio capture` also names this library in
   LD_PRELOAD, so the program's calls of the functions the layer replaces come here first.
   Where the loader did make this library a layer, they go on to the loader's own function
   unchanged, and the loader calls the layer as usual: one record either way. Where it did
   not, this library is started as a loader would start it, over the loader's exported
   functions, and the calls go through the layer's table. In a process that never uses
   OpenCL (make, the shell, the compiler) nothing here runs. */

static entry exported[MAX_ENTRIES]; /* the loader's exported functions, by table index */
static const entry *route;          /* `exported`, or the layer's table on this route */
static pthread_once_t route_once = PTHREAD_ONCE_INIT;

/* The loader's own `name`: the next definition after this library, or, where the loader
   was loaded privately (pyopencl's, inside its module), the first loaded library other
   than this one that defines it. */
struct search { const char *name; void *found; };

static int search_loaded(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct search *search = data;
    if (!info->dlpi_name || !info->dlpi_name[0]) return 0;
    void *handle = dlopen(info->dlpi_name, RTLD_LAZY | RTLD_NOLOAD);
    if (!handle) return 0;
    void *found = dlsym(handle, search->name);
    dlclose(handle);
    Dl_info where, self;
    if (!found || !dladdr(found, &where) || !dladdr((void *)clInitLayer, &self) ||
        where.dli_fbase == self.dli_fbase)
        return 0; /* not there, or this library's own */
    search->found = found;
    return 1;
}

static void *loader_function(const char *name) {
    void *found = dlsym(RTLD_NEXT, name);
    if (found) return found;
    struct search search = {name, NULL};
    dl_iterate_phdr(search_loaded, &search);
    return search.found;
}

static void choose_route(void) {
#define EXPORTED(f, n) exported[n] = (entry)loader_function("cl" #f);
    ENTRY_POINTS(EXPORTED)
#undef EXPORTED
    route = exported;
    /* The loader reads its layers when it starts, which any first call makes it do. */
    cl_uint platforms = 0;
    if (exported[AT_GetPlatformIDs])
        ((cl_int (*)(cl_uint, void *, cl_uint *))exported[AT_GetPlatformIDs])(0, NULL, &platforms);
    if (layered_by_loader) return;
    cl_uint count;
    const void *table;
    if (start_layer(TABLE_ENTRIES, exported, &count, &table) == CL_SUCCESS) route = table;
}

/* The program's call of cl<f>, on the route chosen at its first such call. (Left out where
   the layout is checked against the system's header, which declares the same names.) */
#ifndef CLSTUDIO_CHECK_LAYOUT
#define PRELOADED(type, f, params, args)                                              \
    __attribute__((visibility("default"))) type cl##f params {                       \
        pthread_once(&route_once, choose_route);                                      \
        return ((type(*) params)route[AT_##f]) args;                                  \
    }

PRELOADED(cl_handle, CreateBuffer,
          (cl_handle context, cl_bitfield flags, size_t size, void *host, cl_int *error),
          (context, flags, size, host, error))
PRELOADED(cl_handle, CreateBufferWithProperties,
          (cl_handle context, const void *properties, cl_bitfield flags, size_t size, void *host,
           cl_int *error),
          (context, properties, flags, size, host, error))
PRELOADED(cl_handle, CreateSubBuffer,
          (cl_handle buffer, cl_bitfield flags, cl_uint type, const void *region, cl_int *error),
          (buffer, flags, type, region, error))
PRELOADED(cl_handle, CreateImage,
          (cl_handle context, cl_bitfield flags, const void *format, const void *desc,
           void *host, cl_int *error),
          (context, flags, format, desc, host, error))
PRELOADED(cl_handle, CreateImageWithProperties,
          (cl_handle context, const void *properties, cl_bitfield flags, const void *format,
           const void *desc, void *host, cl_int *error),
          (context, properties, flags, format, desc, host, error))
PRELOADED(cl_handle, CreateImage2D,
          (cl_handle context, cl_bitfield flags, const void *format, size_t width, size_t height,
           size_t pitch, void *host, cl_int *error),
          (context, flags, format, width, height, pitch, host, error))
PRELOADED(cl_handle, CreateImage3D,
          (cl_handle context, cl_bitfield flags, const void *format, size_t width, size_t height,
           size_t depth, size_t row_pitch, size_t slice_pitch, void *host, cl_int *error),
          (context, flags, format, width, height, depth, row_pitch, slice_pitch, host, error))
PRELOADED(cl_handle, CreatePipe,
          (cl_handle context, cl_bitfield flags, cl_uint packet, cl_uint most,
           const void *properties, cl_int *error),
          (context, flags, packet, most, properties, error))
PRELOADED(cl_handle, CreateProgramWithSource,
          (cl_handle context, cl_uint count, const char **strings, const size_t *lengths,
           cl_int *error),
          (context, count, strings, lengths, error))
PRELOADED(cl_handle, CreateProgramWithBinary,
          (cl_handle context, cl_uint count, const void *devices, const size_t *lengths,
           const unsigned char **binaries, cl_int *status, cl_int *error),
          (context, count, devices, lengths, binaries, status, error))
PRELOADED(cl_int, BuildProgram,
          (cl_handle program, cl_uint count, const void *devices, const char *options,
           void (*notify)(cl_handle, void *), void *data),
          (program, count, devices, options, notify, data))
PRELOADED(cl_handle, CreateCommandQueue,
          (cl_handle context, cl_handle device, cl_bitfield properties, cl_int *error),
          (context, device, properties, error))
PRELOADED(cl_handle, CreateCommandQueueWithProperties,
          (cl_handle context, cl_handle device, const void *properties, cl_int *error),
          (context, device, properties, error))
PRELOADED(cl_handle, CreateKernel, (cl_handle program, const char *name, cl_int *error),
          (program, name, error))
PRELOADED(cl_int, CreateKernelsInProgram,
          (cl_handle program, cl_uint most, cl_handle *made, cl_uint *count),
          (program, most, made, count))
PRELOADED(cl_handle, CloneKernel, (cl_handle source, cl_int *error), (source, error))
PRELOADED(cl_int, SetKernelArg,
          (cl_handle kernel, cl_uint index, size_t size, const void *value),
          (kernel, index, size, value))
PRELOADED(cl_int, SetKernelArgSVMPointer,
          (cl_handle kernel, cl_uint index, const void *pointer), (kernel, index, pointer))
PRELOADED(cl_int, EnqueueNDRangeKernel,
          (cl_handle queue, cl_handle kernel, cl_uint dims, const size_t *offset,
           const size_t *global, const size_t *local, cl_uint waits, const void *wait_list,
           void *event),
          (queue, kernel, dims, offset, global, local, waits, wait_list, event))
#endif

/* }}} */
