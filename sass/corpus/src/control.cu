// Control flow: divergent branches and loops, early exits, switch tables,
// recursion and indirect calls. Launch: grid 2, block 64, n = 128. References: hand.py.

extern "C" __global__ void divergent_loop(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned x = a[i], steps = 0;
  // Collatz steps, capped: every lane leaves the loop at its own time.
  while (x != 1u && steps < 200u) {
    x = (x & 1u) ? 3u * x + 1u : x >> 1;
    steps++;
  }
  out[i] = steps;
}

extern "C" __global__ void nested_branches(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], y = b[i], r;
  if (x & 1u) {
    if (y & 1u) r = x + y;
    else r = x - y;
  } else if (x & 2u) {
    r = 0;
    for (unsigned k = 0; k < (y & 15u); k++) r += k * x;
  } else {
    r = x ^ y;
  }
  out[i] = r;
}

extern "C" __global__ void switch_table(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned r;
  switch (a[i] % 9u) {
    case 0: r = 11; break;
    case 1: r = b[i] * 3u; break;
    case 2: r = b[i] >> 2; break;
    case 3: r = ~b[i]; break;
    case 4: r = b[i] + 100u; break;
    case 5: r = b[i] & 0xffu; break;
    case 6: r = b[i] * b[i]; break;
    case 7: r = 77; break;
    default: r = 0xdeadu; break;
  }
  out[i] = r;
}

__device__ __noinline__ unsigned fib(unsigned k) { return k < 2u ? k : fib(k - 1u) + fib(k - 2u); }

extern "C" __global__ void recursion(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = fib(a[i] % 12u);
}

__device__ __noinline__ unsigned op_add(unsigned x, unsigned y) { return x + y; }
__device__ __noinline__ unsigned op_xor(unsigned x, unsigned y) { return x ^ y; }
__device__ __noinline__ unsigned op_mul(unsigned x, unsigned y) { return x * y; }

extern "C" __global__ void indirect_call(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned (*ops[3])(unsigned, unsigned) = {op_add, op_xor, op_mul};
  out[i] = ops[a[i] % 3u](a[i], b[i]);
}

extern "C" __global__ void early_exit(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (a[i] & 4u) return;  // part of the warp exits; the rest reaches the barrier-free tail
  unsigned s = 0;
  for (unsigned k = 0; k < 8u; k++) {
    if ((b[i] >> k) & 1u) continue;
    if (k == (a[i] & 7u)) break;
    s += k;
  }
  out[i] = s + 1u;
}

extern "C" __global__ void predicated_select(const float *a, const float *b, float *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = a[i], y = b[i];
  out[i] = (x > y) ? x : ((x < -y) ? -x : y);
}
