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
        double a = {value}(actual[i]), e = expected[i];
        int same = a == e || (isnan(a) && isnan(e));
        if (!same && !(isfinite(e) && fabs(a - e) <= atol + rtol * fabs(e)) && failures++ == 0) {{
            first = i;
        }}
    }}
    if (failures > 0) {{
        printf("%s: FAIL, %zu of %zu values differ beyond rtol=%g, atol=%g;"
               " first at [%zu]: expected %.7g, got %.7g\\n",
               name, failures, count, rtol, atol, first, expected[first], {value}(actual[first]));
        return 0;
    }}
    printf("%s: ok, all %zu values match within rtol=%g, atol=%g\\n", name, count, rtol, atol);
    return 1;
}}
"""

# cl_half holds a 16-bit float's bits, which C cannot do arithmetic on: decoded to compare.
HALF_VALUE = """\
/* The value of a half (cl_half holds its bits: sign, 5 exponent bits, 10 of fraction). */
static double half_value(cl_half bits)
{
    int exponent = (bits >> 10) & 0x1f, fraction = bits & 0x3ff;
    double sign = (bits & 0x8000) ? -1.0 : 1.0;
    if (exponent == 0x1f) {
        return fraction ? NAN : sign * INFINITY;
    }
    if (exponent == 0) {
        return sign * ldexp(fraction, -24); /* subnormal */
    }
    return sign * ldexp(fraction + 1024, exponent - 25);
}
"""
