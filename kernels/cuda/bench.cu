// bench: CUDA C compiled with NVRTC (-arch=sm_87), the interpreter's benchmark
// kernels (sass/benches/interp.rs, issue 42 item 6): shared memory and
// barriers, warp shuffles, the math library's expf, shared and global
// atomics, and heavy divergence. Each kernel's comment says what it computes,
// how to launch it, and so what a native loop must do to give the same result.

// c = a * b for n x n row-major matrices, n a multiple of 16: each block
// stages 16 x 16 tiles of a and b in shared memory (two barriers per tile) and
// each thread sums c[row][col] over k = 0, 1, ..., n - 1 in order with FFMA
// (sum = fma(a[row][k], b[k][col], sum)). Launch 16 x 16 threads, grid
// n/16 x n/16.
extern "C" __global__ void sgemm_tiled(const float *a, const float *b, float *c, int n) {
    __shared__ float as[16][16];
    __shared__ float bs[16][16];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * 16 + ty, col = blockIdx.x * 16 + tx;
    float sum = 0.0f;
    for (int t = 0; t < n; t += 16) {
        as[ty][tx] = a[row * n + t + tx];
        bs[ty][tx] = b[(t + ty) * n + col];
        __syncthreads();
        for (int k = 0; k < 16; ++k) sum += as[ty][k] * bs[k][tx];
        __syncthreads();
    }
    c[row * n + col] = sum;
}

// out[r][j] = expf(x[r][j] - m) * (1 / s) for each row r < rows of n floats
// (n a multiple of 32), m the row's maximum and s the sum of expf(x[r][j] - m):
// one warp per row, lane l taking columns l, l + 32, ... in order, the lanes'
// maxima and sums combined with __shfl_xor_sync over offsets 16, 8, 4, 2, 1.
// Launch 256 threads per block (8 rows); rows a multiple of 8.
extern "C" __global__ void softmax_rows(const float *x, float *out, int rows, int n) {
    int lane = threadIdx.x & 31;
    int row = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
    if (row >= rows) return;
    const float *xr = x + (long long)row * n;
    float *outr = out + (long long)row * n;
    float m = __int_as_float(0xff800000);  // -infinity
    for (int j = lane; j < n; j += 32) m = fmaxf(m, xr[j]);
    for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, o));
    float s = 0.0f;
    for (int j = lane; j < n; j += 32) s += expf(xr[j] - m);
    for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffff, s, o);
    float inv = 1.0f / s;
    for (int j = lane; j < n; j += 32) outr[j] = expf(xr[j] - m) * inv;
}

// hist[in[i] & 255] += 1 for each i < n: each block counts into 256 bins of
// shared memory (atomicAdd on shared memory), then adds its nonzero bins to
// hist with one global atomicAdd each. Launch 256 threads per block, any grid
// (a grid-stride loop).
extern "C" __global__ void histogram256(const unsigned *in, unsigned *hist, unsigned n) {
    __shared__ unsigned bins[256];
    bins[threadIdx.x] = 0;
    __syncthreads();
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&bins[in[i] & 255], 1u);
    __syncthreads();
    unsigned count = bins[threadIdx.x];
    if (count) atomicAdd(&hist[threadIdx.x], count);
}

// out[i] = in[b * B] + ... + in[i] (wrapping) for each block b of B threads
// (B a multiple of 32, at most 1024): an inclusive scan of each block's
// elements, each warp's by __shfl_up_sync, the warps' totals scanned by warp 0
// through shared memory, two barriers.
extern "C" __global__ void block_scan(const unsigned *in, unsigned *out) {
    __shared__ unsigned warp_sums[32];
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    unsigned v = in[i];
    for (unsigned o = 1; o < 32; o <<= 1) {
        unsigned u = __shfl_up_sync(0xffffffff, v, o);
        if (lane >= o) v += u;
    }
    if (lane == 31) warp_sums[warp] = v;
    __syncthreads();
    if (warp == 0) {
        unsigned warps = blockDim.x >> 5;
        unsigned w = lane < warps ? warp_sums[lane] : 0;
        for (unsigned o = 1; o < 32; o <<= 1) {
            unsigned u = __shfl_up_sync(0xffffffff, w, o);
            if (lane >= o) w += u;
        }
        if (lane < warps) warp_sums[lane] = w;
    }
    __syncthreads();
    if (warp > 0) v += warp_sums[warp - 1];
    out[i] = v;
}

// steps[i] = how many Collatz steps (x -> x / 2 when even, 3x + 1 when odd, in
// 64 bits) take in[i] to 1, for i < n; in[i] >= 1. Each lane loops as long as
// its own number needs, and within the loop branches on its own number's
// parity into a step or into an inner loop over its trailing zeros, so a
// warp's lanes take different paths and leave at different times: heavy
// divergence. Launch any block size.
extern "C" __global__ void collatz(const unsigned *in, unsigned *steps, unsigned n) {
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned long long x = in[i];
    unsigned s = 0;
    while (x != 1) {
        if (x & 1) {
            x = 3 * x + 1;
            ++s;
        } else {
            do {
                x >>= 1;
                ++s;
            } while ((x & 1) == 0);
        }
    }
    steps[i] = s;
}
