// Warp-wide operations: shuffles, votes, match, warp reductions, block-wide
// barrier reductions. Launch: grid 2, block 64 (two warps per block), n = 128.
// References: hand.py. No CUDA headers (NVRTC's wheel has none): builtins only.
#define FULL 0xffffffffu

extern "C" __global__ void shfl_idx(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned v = a[i];
  out[i] = __shfl_sync(FULL, v, b[i] & 31);
}

extern "C" __global__ void shfl_up_down_xor(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned v = a[i];
  unsigned u = __shfl_up_sync(FULL, v, 3);
  unsigned d = __shfl_down_sync(FULL, v, 5);
  unsigned x = __shfl_xor_sync(FULL, v, 9);
  unsigned w = __shfl_sync(FULL, v, 7, 8);  // width 8: segments of 8 lanes
  out[i] = u * 3u + d * 5u + (x ^ w);
}

extern "C" __global__ void shfl_f64(const double *a, const unsigned *b, double *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = __shfl_sync(FULL, a[i], b[i] & 31);
}

extern "C" __global__ void vote_ballot(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  bool p = (a[i] & 1u) != 0;
  unsigned bal = __ballot_sync(FULL, p);
  int any = __any_sync(FULL, a[i] > 0xf0000000u);
  int all = __all_sync(FULL, a[i] != 0);
  out[i] = bal ^ ((unsigned)any << 1) ^ ((unsigned)all << 2);
}

extern "C" __global__ void vote_divergent(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned r;
  if (a[i] & 2u) {
    r = __ballot_sync(__activemask(), (b[i] & 1u) != 0);
  } else {
    r = ~__ballot_sync(__activemask(), (b[i] & 4u) != 0);
  }
  out[i] = r;
}

extern "C" __global__ void match_any(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = __match_any_sync(FULL, a[i] & 3u);
}

extern "C" __global__ void match_all(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  int pred;
  unsigned m = __match_all_sync(FULL, a[i] >> 31, &pred);
  out[i] = m ^ (unsigned)pred;
}

extern "C" __global__ void redux_sync(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned s = __reduce_add_sync(FULL, a[i]);
  unsigned mn = __reduce_min_sync(FULL, a[i]);
  int mx = __reduce_max_sync(FULL, (int)b[i]);
  unsigned o = __reduce_or_sync(FULL, a[i]);
  unsigned x = __reduce_xor_sync(FULL, b[i]);
  unsigned an = __reduce_and_sync(FULL, a[i] | 0x0f0f0f0fu);
  out[i] = s + 3u * mn + 5u * (unsigned)mx + 7u * o + 11u * x + 13u * an;
}

// Warp-synchronous tree reduction with shuffles (the classic pattern).
extern "C" __global__ void warp_sum_f32(const float *a, const unsigned *b, float *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = a[i];
  for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(FULL, v, o);
  out[i] = v;
}

extern "C" __global__ void warp_max_u64(const unsigned long long *a, const unsigned *b, unsigned long long *out,
                                        unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned long long v = a[i];
  for (int o = 1; o < 32; o <<= 1) {
    unsigned long long w = __shfl_down_sync(FULL, v, o);
    if ((threadIdx.x & 31) + o < 32 && w > v) v = w;
  }
  out[i] = __shfl_sync(FULL, v, 0);
}

extern "C" __global__ void sync_count_and_or(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  int c = __syncthreads_count(a[i] & 1u);
  int x = __syncthreads_and(a[i] != 0);
  int y = __syncthreads_or(b[i] == 12345u);
  out[i] = (unsigned)c | ((unsigned)x << 16) | ((unsigned)y << 17);
}

extern "C" __global__ void lane_ids(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  unsigned lt;
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(lt));
  out[i] = lane | (__popc(lt) << 8) | (blockIdx.x << 16) | (gridDim.x << 20) | (blockDim.x << 24);
}

// Not deterministic (clock, warp id, SM id): disassembly corpus only, no reference.
extern "C" __global__ void clocks_and_ids(unsigned long long *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned long long t0 = clock64();
  unsigned w, sm;
  asm volatile("mov.u32 %0, %%warpid;" : "=r"(w));
  asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
  unsigned c = clock();
  unsigned long long g;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g));
  out[i] = (clock64() - t0) + w + sm + c + g;
}
