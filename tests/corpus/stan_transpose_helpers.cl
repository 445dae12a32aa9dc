/* Matrix access helpers, the source part that Stan Math prepends to each of its OpenCL
 * kernels: column-major indexing macros named as the buffers they index, each defined
 * unless the build options already define it.
 * Written for CL Studio's corpus after Stan Math's opencl/kernels/helpers.hpp (see README.md). */
#ifndef A
#define A(i, j) A[(j) * rows + (i)]
#endif
#ifndef B
#define B(i, j) B[(j) * rows + (i)]
#endif
#ifndef AT
#define AT(i, j) A[(j) * cols + (i)]
#endif
#ifndef BT
#define BT(i, j) B[(j) * cols + (i)]
#endif
