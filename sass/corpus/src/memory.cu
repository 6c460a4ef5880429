// Shared memory and barriers, local memory (dynamically indexed arrays),
// __constant__ data, __device__ globals with initialisers, and several kernels
// sharing non-inlined device functions. Launch: grid 2, block 64, n = 128.
// References: hand.py (the loader needs .nv.constant3 and .nv.global.init here).

__constant__ unsigned ctable[16] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3};
__constant__ float cscale = 0.5f;
__device__ unsigned gtable[8] = {10, 20, 30, 40, 50, 60, 70, 80};
__device__ unsigned long long gcounter = 1000;
__device__ unsigned gzero[4];  // .nv.global (no initialiser)

__device__ __noinline__ unsigned mix(unsigned x, unsigned y) {
  return (x ^ (y << 5)) + (y >> 3) * 0x9e3779b9u;
}

__device__ __noinline__ unsigned mix3(unsigned x, unsigned y, unsigned z) {
  return mix(mix(x, y), z);
}

extern "C" __global__ void call_mix(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = mix(a[i], b[i]);
}

extern "C" __global__ void call_mix3(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = mix3(a[i], b[i], i);
}

extern "C" __global__ void const_lookup(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = ctable[a[i] & 15u] * 100u + ctable[i & 15u] + __float_as_uint(cscale * (float)(b[i] & 0xffu));
}

extern "C" __global__ void global_init(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = gtable[a[i] & 7u] + (unsigned)gcounter + gzero[i & 3u];
}

// Every thread bumps a __device__ counter; thread 0 of the next launch would see
// the total. Here only the order-independent sum is visible (after the launch).
extern "C" __global__ void global_counter(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  atomicAdd(&gcounter, 1ull);
  atomicAdd(&gzero[0], a[blockIdx.x * blockDim.x + threadIdx.x] & 1u);
}

extern "C" __global__ void read_counter(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  out[0] = (unsigned)gcounter;
  out[1] = gzero[0];
}

extern "C" __global__ void shared_reduce(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  __shared__ unsigned s[64];
  unsigned t = threadIdx.x;
  s[t] = a[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
}

extern "C" __global__ void shared_transpose(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  __shared__ unsigned tile[8][9];  // padded: no bank conflicts
  unsigned t = threadIdx.x;
  unsigned base = blockIdx.x * blockDim.x;
  tile[t / 8][t % 8] = a[base + t];
  __syncthreads();
  out[base + t] = tile[t % 8][t / 8];
}

extern "C" __global__ void shared_dynamic(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  extern __shared__ unsigned dyn[];  // 64 words, set at launch
  unsigned t = threadIdx.x;
  dyn[(t * 5u) & 63u] = a[blockIdx.x * blockDim.x + t];
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = dyn[t] + dyn[63u - t];
}

extern "C" __global__ void shared_bytes(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  __shared__ unsigned char sb[256];
  __shared__ unsigned short sh[64];
  unsigned t = threadIdx.x;
  unsigned v = a[blockIdx.x * blockDim.x + t];
  sb[t] = (unsigned char)v;
  sb[64 + t] = (unsigned char)(v >> 8);
  sh[t] = (unsigned short)(v >> 16);
  __syncthreads();
  unsigned j = 63u - t;
  out[blockIdx.x * blockDim.x + t] = sb[j] | ((unsigned)sb[64 + j] << 8) | ((unsigned)sh[(t + 1u) & 63u] << 16);
}

extern "C" __global__ void local_array(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned arr[24];
  for (int k = 0; k < 24; k++) arr[k] = a[i] * (unsigned)k + b[i];
  unsigned j = a[i] % 24u, m = b[i] % 24u;
  arr[j] ^= 0x5555u;
  out[i] = arr[m] + arr[(j + m) % 24u];
}

// (A loop of read-modify-writes over this array made NVRTC 12.9 emit different
// code from run to run; this shape compiles deterministically.)
extern "C" __global__ void local_array64(const unsigned long long *a, const unsigned *b, unsigned long long *out,
                                         unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned long long arr[16];
  for (int k = 0; k < 16; k++) arr[k] = a[i] + (unsigned long long)k * k;
  arr[b[i] & 15u] ^= 0xffull;
  out[i] = arr[(b[i] >> 4) & 15u] + arr[(b[i] >> 8) & 15u];
}

extern "C" __global__ void vector_loads(const uint4 *a, const unsigned *b, uint4 *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  uint4 v = a[i];
  uint4 r;
  r.x = v.w;
  r.y = v.z + 1u;
  r.z = v.y ^ v.x;
  r.w = v.x;
  out[i] = r;
}

extern "C" __global__ void generic_pointers(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  __shared__ unsigned s[64];
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + t;
  unsigned loc[4] = {a[i], b[i], t, 7u};
  s[t] = b[i];
  __syncthreads();
  // The same code reads global, shared or local memory through one pointer.
  const unsigned *p = (a[i] & 1u) ? &s[63u - t] : ((a[i] & 2u) ? &loc[b[i] & 3u] : &a[i ^ 1u]);
  out[i] = *p;
}

extern "C" __global__ void membar_flags(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = a[i];
  __threadfence_block();
  out[128 + i] = b[i];
  __threadfence();
  out[256 + i] = a[i] + b[i];
  __threadfence_system();
}
