// 1-D convolution with __constant weights
//
// y[i] = sum over j of w[j] * x[i + R - j], with R = TAPS / 2 and zeros past
// both ends of x: numpy's np.convolve(x, w, mode='same'). The weights are
// small and read by every work-item alike, which is what __constant memory is
// for: on many GPUs it is cached and broadcast to all work-items. The weights
// here are a smoothed derivative, an edge detector for signals.
//
// Try: TAPS=5 (-D TAPS=5) with five weights; replace `i + R - j` with
// `i - R + j` (that is correlation: the reference fails, since these weights
// are not symmetric); make w __global and compare the time on a GPU.
#ifndef TAPS
#define TAPS 9
#endif

__kernel void convolution_1d(__global const float *x,
                             __constant float *w,
                             __global float *y,
                             const uint n)
{
    int i = get_global_id(0);
    if (i >= (int)n)
        return;
    const int r = TAPS / 2;
    float sum = 0.0f;
    for (int j = 0; j < TAPS; ++j) {
        int k = i + r - j;
        if (k >= 0 && k < (int)n)
            sum += w[j] * x[k];
    }
    y[i] = sum;
}
