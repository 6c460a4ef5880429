// Atomics and reductions on global and shared memory, 32 and 64 bit.
// Launch: grid 2, block 64, n = 128. Only order-independent results are written
// where a reference exists (sums, min/max, and per-slot exch/cas). References: hand.py.

extern "C" __global__ void atomic_global_u32(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned v = a[i];
  atomicAdd(&out[0], v);
  atomicMin(&out[1], v);
  atomicMax(&out[2], v);
  atomicAnd(&out[3], v | 0x00010000u);
  atomicOr(&out[4], v & 0x1111u);
  atomicXor(&out[5], v);
  atomicInc(&out[6], 50u);   // wraps at 50: the final value depends only on the count
  atomicSub(&out[7], v);
  atomicMin((int *)&out[8], (int)v);
  atomicMax((int *)&out[9], (int)v);
  atomicExch(&out[16 + i], v);                 // one slot per thread
  atomicCAS(&out[16 + 128 + i], 0u, v ^ b[i]);  // slot starts at zero: the swap happens
}

extern "C" __global__ void atomic_global_u64(const unsigned long long *a, const unsigned *b,
                                             unsigned long long *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned long long v = a[i];
  atomicAdd(&out[0], v);
  atomicMin(&out[1], v);
  atomicMax(&out[2], v);
  atomicAnd(&out[3], v | 1ull);
  atomicOr(&out[4], v & 0xffull);
  atomicXor(&out[5], v);
  atomicMin((long long *)&out[6], (long long)v);
  atomicMax((long long *)&out[7], (long long)v);
  atomicExch(&out[8 + i], v);
  atomicCAS(&out[8 + 128 + i], 0ull, v + b[i]);
}

extern "C" __global__ void atomic_global_f32(const float *a, const unsigned *b, float *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  // Sums of small integers are exact in any order.
  atomicAdd(&out[0], (float)(b[i] & 0xffu));
  atomicAdd(&out[1 + (i & 7)], a[i] * 0.0f + 1.0f);
}

extern "C" __global__ void atomic_global_f64(const double *a, const unsigned *b, double *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&out[0], (double)(b[i] & 0xfffu));
  atomicAdd(&out[1 + (i & 3)], 0.5);
}

extern "C" __global__ void red_global_noret(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  // Results unused: ptxas emits RED rather than ATOMG.
  atomicAdd(&out[i & 15], a[i]);
  atomicOr(&out[16 + (i & 15)], b[i]);
  atomicMax(&out[32 + (i & 15)], a[i] ^ b[i]);
}

extern "C" __global__ void atomic_shared(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  __shared__ unsigned s[16];
  __shared__ unsigned long long s64[4];
  __shared__ float sf[2];
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + t;
  if (t < 16) s[t] = (t == 1 || t == 8) ? 0xffffffffu : 0u;
  if (t < 4) s64[t] = 0;
  if (t < 2) sf[t] = 0.0f;
  __syncthreads();
  unsigned v = a[i];
  atomicAdd(&s[0], v);
  atomicMin(&s[1], v);
  atomicMax(&s[2], v);
  atomicOr(&s[3], b[i]);
  atomicXor(&s[4], v);
  atomicInc(&s[5], 40u);
  atomicDec(&s[6], 1000u);
  atomicCAS(&s[7], 0u, 0u);
  atomicAnd(&s[8], v | 0xf0000000u);
  atomicAdd(&s64[0], (unsigned long long)v * 3ull);
  atomicMax(&s64[1], (unsigned long long)v << 20);
  atomicAdd(&sf[0], 1.0f);
  __syncthreads();
  if (t < 9) out[blockIdx.x * 16 + t] = s[t];
  if (t == 9) out[blockIdx.x * 16 + 9] = (unsigned)s64[0];
  if (t == 10) out[blockIdx.x * 16 + 10] = (unsigned)(s64[0] >> 32);
  if (t == 11) out[blockIdx.x * 16 + 11] = (unsigned)(s64[1] >> 20);
  if (t == 12) out[blockIdx.x * 16 + 12] = __float_as_uint(sf[0]);
}

// A spin lock built from CAS and exchange in global memory; each block takes it
// once per warp leader and increments a counter non-atomically inside.
extern "C" __global__ void cas_lock(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  unsigned *lock = &out[0];
  unsigned *count = &out[1];
  if ((threadIdx.x & 31) == 0) {
    while (atomicCAS(lock, 0u, 1u) != 0u) {
    }
    __threadfence();
    volatile unsigned *c = count;
    *c = *c + 1u;
    __threadfence();
    atomicExch(lock, 0u);
  }
}
