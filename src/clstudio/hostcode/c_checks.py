"""The checks every main.c holds: of each OpenCL call's error code, of each output."""

CHECK_CL = """\
/* Every OpenCL call reports an error code: stop with its name when a call failed. */
static void check_cl(cl_int err, const char *call)
{
    if (err != CL_SUCCESS) {
        fprintf(stderr, "%s failed: %s (%d)\\n", call, cl_error_name(err), err);
        exit(2);
    }
}
"""

COMPARE = """\
/* Whether an output matches its expected values as CL Studio checks them:
 * each value within atol + rtol * |expected|, NaN equal to NaN. */
static int compare_{short}(const char *name, const {ctype} *actual, const double *expected,
{pad}size_t count, double rtol, double atol)
{{
    size_t failures = 0, first = 0;
    for (size_t i = 0; i < count; i++) {{
        double a = (double)actual[i], e = expected[i];
        int same = a == e || (isnan(a) && isnan(e));
        if (!same && !(isfinite(e) && fabs(a - e) <= atol + rtol * fabs(e)) && failures++ == 0) {{
            first = i;
        }}
    }}
    if (failures > 0) {{
        printf("%s: FAIL, %zu of %zu values differ beyond rtol=%g, atol=%g;"
               " first at [%zu]: expected %.7g, got %.7g\\n",
               name, failures, count, rtol, atol, first, expected[first], (double)actual[first]);
        return 0;
    }}
    printf("%s: ok, all %zu values match within rtol=%g, atol=%g\\n", name, count, rtol, atol);
    return 1;
}}
"""
