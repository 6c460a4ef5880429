// Integer bit manipulation and wide arithmetic through the CUDA intrinsics.
// Launch: grid 2, block 64, n = 128. References: hand.py.

extern "C" __global__ void bit_intrinsics(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned x = a[i], y = b[i];
  out[8 * i + 0] = __popc(x);
  out[8 * i + 1] = __clz(x);
  out[8 * i + 2] = __brev(x);
  out[8 * i + 3] = __ffs(x);
  out[8 * i + 4] = __byte_perm(x, y, y & 0x7777u);
  out[8 * i + 5] = __funnelshift_l(x, y, y);
  out[8 * i + 6] = __funnelshift_rc(x, y, y);
  out[8 * i + 7] = __umulhi(x, y) ^ (unsigned)__mulhi((int)x, (int)y);
}

extern "C" __global__ void bit_intrinsics64(const unsigned long long *a, const unsigned long long *b,
                                            unsigned long long *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned long long x = a[i], y = b[i];
  out[6 * i + 0] = (unsigned long long)__popcll(x) | ((unsigned long long)__clzll(x) << 32);
  out[6 * i + 1] = __brevll(x);
  out[6 * i + 2] = (unsigned long long)__ffsll((long long)x);
  out[6 * i + 3] = __umul64hi(x, y);
  out[6 * i + 4] = (unsigned long long)__mul64hi((long long)x, (long long)y);
  out[6 * i + 5] = (x * y) + (x >> (y & 63)) - ((long long)x >> (int)(y & 63));
}

extern "C" __global__ void min_max_select(const int *a, const int *b, int *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  int x = a[i], y = b[i];
  out[6 * i + 0] = min(x, y);
  out[6 * i + 1] = max(x, y);
  out[6 * i + 2] = (int)min((unsigned)x, (unsigned)y);
  out[6 * i + 3] = (int)max((unsigned)x, (unsigned)y);
  out[6 * i + 4] = x > y ? x - y : y + 7;
  out[6 * i + 5] = abs(x) + __sad(x, y, 3u);
}

extern "C" __global__ void mul_wide(const unsigned *a, const unsigned *b, unsigned long long *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[3 * i + 0] = (unsigned long long)a[i] * b[i];
  out[3 * i + 1] = (unsigned long long)((long long)(int)a[i] * (int)b[i]);
  out[3 * i + 2] = (unsigned long long)a[i] * 0x12345678ull + b[i];
}

extern "C" __global__ void int_div_rem(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned x = a[i], y = b[i] | 1u;
  int sx = (int)x, sy = (int)(y & 0x7fffffffu) - 1000;
  if (sy == 0) sy = 3;
  out[4 * i + 0] = x / y;
  out[4 * i + 1] = x % y;
  out[4 * i + 2] = (unsigned)(sx / sy);
  out[4 * i + 3] = (unsigned)(sx % sy);
}

extern "C" __global__ void int_div_rem64(const unsigned long long *a, const unsigned long long *b,
                                         unsigned long long *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned long long x = a[i], y = b[i] | 1ull;
  long long sx = (long long)x, sy = (long long)(y >> 1) - 12345;
  if (sy == 0) sy = 7;
  out[4 * i + 0] = x / y;
  out[4 * i + 1] = x % y;
  out[4 * i + 2] = (unsigned long long)(sx / sy);
  out[4 * i + 3] = (unsigned long long)(sx % sy);
}

extern "C" __global__ void div_by_constants(const unsigned *a, const unsigned *b, unsigned *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned x = a[i];
  int s = (int)x;
  out[4 * i + 0] = x / 7u + x % 10u;
  out[4 * i + 1] = (unsigned)(s / 3 + s % 5);
  out[4 * i + 2] = x / 1000000u;
  out[4 * i + 3] = (unsigned)(s / -16);
}

extern "C" __global__ void int64_arith(const unsigned long long *a, const unsigned long long *b,
                                       unsigned long long *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned long long x = a[i], y = b[i];
  out[4 * i + 0] = x + y;
  out[4 * i + 1] = x - (y << 3);
  out[4 * i + 2] = x * y;
  out[4 * i + 3] = (x < y ? x : y) ^ (~x & y) ^ ((long long)x < (long long)y ? 1ull : 0ull);
}
