// Everyday kernels as people write them (issue 38): row-wise softmax and
// layernorm (a block per row, `in + (size_t)blockIdx.x * cols`, warp-shuffle
// plus shared-memory reductions), a 256-bin shared-memory histogram, atomics
// through a pointer read from memory (generic addresses), __shfl_sync with a
// run-time width, and warp-aggregated atomics. References: hand_everyday.py.

// The sum (or maximum) over the block of one value per thread, every thread
// getting the result: shuffles within each warp, then the warps' partial
// results through shared memory. blockDim.x is a multiple of 32, at most 1024.
__device__ float block_sum(float v, float *red) {
  unsigned lane = threadIdx.x & 31u, warp = threadIdx.x >> 5;
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  if (lane == 0) red[warp] = v;
  __syncthreads();
  unsigned nw = blockDim.x >> 5;
  v = lane < nw ? red[lane] : 0.0f;
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  __syncthreads();  // red is reused by the next reduction
  return v;
}

__device__ float block_max(float v, float *red) {
  unsigned lane = threadIdx.x & 31u, warp = threadIdx.x >> 5;
  for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
  if (lane == 0) red[warp] = v;
  __syncthreads();
  unsigned nw = blockDim.x >> 5;
  v = lane < nw ? red[lane] : -__int_as_float(0x7f800000);
  for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
  __syncthreads();
  return v;
}

// One block per row of `cols` floats.
extern "C" __global__ void softmax_rows(const float *in, float *out, int cols) {
  __shared__ float red[32];
  const float *x = in + (size_t)blockIdx.x * cols;
  float *y = out + (size_t)blockIdx.x * cols;
  float m = -__int_as_float(0x7f800000);
  for (int c = threadIdx.x; c < cols; c += blockDim.x) m = fmaxf(m, x[c]);
  m = block_max(m, red);
  float s = 0.0f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) s += expf(x[c] - m);
  s = block_sum(s, red);
  float inv = 1.0f / s;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) y[c] = expf(x[c] - m) * inv;
}

// One block per row: y = (x - mean) * rsqrt(var + eps) * gamma[c] + beta[c],
// with the mean and the variance from a block reduction of sum and sum of
// squares.
extern "C" __global__ void layernorm_rows(const float *in, const float *gamma, const float *beta, float *out,
                                          int cols, float eps) {
  __shared__ float red[32];
  const float *x = in + (size_t)blockIdx.x * cols;
  float *y = out + (size_t)blockIdx.x * cols;
  float s = 0.0f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) s += x[c];
  float mean = block_sum(s, red) / (float)cols;
  float q = 0.0f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) {
    float d = x[c] - mean;
    q += d * d;
  }
  float var = block_sum(q, red) / (float)cols;
  float r = 1.0f / sqrtf(var + eps);
  for (int c = threadIdx.x; c < cols; c += blockDim.x) y[c] = (x[c] - mean) * r * gamma[c] + beta[c];
}

// 256 bins of the low bytes of `n` words, a block's counts in shared memory,
// then added to the global histogram.
extern "C" __global__ void histogram256(const unsigned *a, unsigned *hist, unsigned n) {
  __shared__ unsigned h[256];
  for (unsigned k = threadIdx.x; k < 256; k += blockDim.x) h[k] = 0;
  __syncthreads();
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&h[a[i] & 0xffu], 1u);
  __syncthreads();
  for (unsigned k = threadIdx.x; k < 256; k += blockDim.x)
    if (h[k]) atomicAdd(&hist[k], h[k]);
}

// `slot` holds pointers (written here by thread 0 of each block, so the
// compiler cannot know they are global): atomics through a generic pointer.
extern "C" __global__ void atomic_via_pointer(const unsigned *a, unsigned **slot, unsigned *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0) slot[blockIdx.x] = out;
  __syncthreads();
  unsigned *p = ((unsigned *volatile *)slot)[blockIdx.x];
  atomicAdd(&p[a[i] & 15u], a[i] >> 4);
  atomicMax(&p[16 + (i & 7u)], a[i]);
  unsigned old = atomicExch(&p[24 + i], i);
  p[24 + n + i] = old;
}

// __shfl_sync with a width read at run time (the same in a block): lane j
// reads lane (j & ~(w - 1)) + (src % w) of its w-lane segment.
extern "C" __global__ void shfl_width(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  int w = 4 << (b[blockIdx.x] & 3u);
  out[i] = __shfl_sync(0xffffffffu, a[i], (int)b[i], w);
  out[n + i] = __shfl_down_sync(0xffffffffu, a[i], 3, w);
  out[2 * n + i] = __shfl_xor_sync(0xffffffffu, a[i], 5, w / 2);
}

// Warp-aggregated atomic increment: the lanes with an odd a[i] take a slot
// each in `out` through one atomicAdd per warp (the warps take their slots in
// an order the hardware picks, so each lane writes 1 to its slot: the set of
// slots is fixed) and write their rank in the warp + 1 to out[n + i].
extern "C" __global__ void warp_aggregated(const unsigned *a, unsigned *ctr, unsigned *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  bool take = a[i] & 1u;
  unsigned mask = __ballot_sync(0xffffffffu, take);
  if (take) {
    unsigned lane = threadIdx.x & 31u;
    int leader = __ffs(mask) - 1;
    unsigned base = 0;
    if ((int)lane == leader) base = atomicAdd(ctr, (unsigned)__popc(mask));
    base = __shfl_sync(mask, base, leader);
    unsigned rank = __popc(mask & ((1u << lane) - 1u));
    out[base + rank] = 1u;
    out[n + i] = rank + 1u;
  }
}

// The same with __activemask() inside the branch (which lanes it names is the
// hardware's choice, but each group of lanes takes as many slots as it has
// lanes, so slots 0..K-1 end up 1 and *ctr = K whatever the grouping).
extern "C" __global__ void warp_aggregated_active(const unsigned *a, unsigned *ctr, unsigned *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (a[i] & 1u) {
    unsigned mask = __activemask();
    unsigned lane = threadIdx.x & 31u;
    int leader = __ffs(mask) - 1;
    unsigned base = 0;
    if ((int)lane == leader) base = atomicAdd(ctr, (unsigned)__popc(mask));
    base = __shfl_sync(mask, base, leader);
    out[base + __popc(mask & ((1u << lane) - 1u))] = 1u;
  }
}

// A 2-D shared table read at a column the whole block shares (ptxas adds the
// column's offset from a uniform register: LDS [R+UR]).
extern "C" __global__ void shared_tile(const unsigned *a, unsigned *out, unsigned col) {
  __shared__ unsigned s[64][8];
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < 8; k++) s[threadIdx.x][k] = a[i] * (k + 1);
  __syncthreads();
  out[i] = s[(threadIdx.x + blockIdx.x) & 63u][col & 7u];
}
