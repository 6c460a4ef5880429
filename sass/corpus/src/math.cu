// Floating point through CUDA C: transcendentals (standard and fast intrinsics),
// IEEE division and square root (slow-path subroutines), f64, fp16/bf16 through
// inline PTX (NVRTC's wheel ships no cuda_fp16.h), conversions with rounding
// modes. Launch: grid 2, block 64, n = 128. References and bounds: hand.py.

extern "C" __global__ void fast_math(const float *a, const float *b, float *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = a[i], y = b[i];
  out[6 * i + 0] = __sinf(x);
  out[6 * i + 1] = __cosf(x);
  out[6 * i + 2] = __expf(x);
  out[6 * i + 3] = __log2f(y);
  out[6 * i + 4] = __fdividef(x, y);
  out[6 * i + 5] = rsqrtf(y);
}

extern "C" __global__ void std_math(const float *a, const float *b, float *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = a[i], y = b[i];
  out[6 * i + 0] = sinf(x);
  out[6 * i + 1] = cosf(x);
  out[6 * i + 2] = exp2f(x);
  out[6 * i + 3] = log2f(y);
  out[6 * i + 4] = expf(x);
  out[6 * i + 5] = logf(y);
}

extern "C" __global__ void ieee_div_sqrt(const float *a, const float *b, float *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = a[i], y = b[i];
  out[4 * i + 0] = x / y;
  out[4 * i + 1] = sqrtf(y);
  out[4 * i + 2] = 1.0f / x;
  out[4 * i + 3] = __fmaf_rn(x, y, 1.0f);
}

extern "C" __global__ void f32_rounding(const float *a, const float *b, float *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = a[i], y = b[i];
  out[8 * i + 0] = __fadd_rz(x, y);
  out[8 * i + 1] = __fmul_ru(x, y);
  out[8 * i + 2] = __fsub_rd(x, y);
  out[8 * i + 3] = __fdiv_rz(x, y);
  out[8 * i + 4] = __fsqrt_ru(y);
  out[8 * i + 5] = __frcp_rd(x);
  out[8 * i + 6] = __fmaf_rz(x, y, x);
  out[8 * i + 7] = fminf(x, y) + fmaxf(x, y) * 0.0f;
}

extern "C" __global__ void f64_ops(const double *a, const double *b, double *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  double x = a[i], y = b[i];
  out[6 * i + 0] = __dadd_rn(x, y);
  out[6 * i + 1] = __dmul_rn(x, y);
  out[6 * i + 2] = __fma_rn(x, y, x);
  out[6 * i + 3] = x / y;
  out[6 * i + 4] = sqrt(y);
  out[6 * i + 5] = fmin(x, y);
}

extern "C" __global__ void f64_math(const double *a, const double *b, double *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  double x = a[i], y = b[i];
  out[4 * i + 0] = sin(x);
  out[4 * i + 1] = exp(x);
  out[4 * i + 2] = log(y);
  out[4 * i + 3] = rsqrt(y);
}

extern "C" __global__ void conversions(const float *a, const double *b, unsigned *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = a[i];
  double d = b[i];
  out[8 * i + 0] = (unsigned)__float2int_rn(x);
  out[8 * i + 1] = (unsigned)__float2int_rz(x);
  out[8 * i + 2] = __float2uint_rd(x);
  out[8 * i + 3] = __float_as_uint(__int2float_ru((int)(i * 0x01234567u)));
  out[8 * i + 4] = (unsigned)__double2int_ru(d);
  out[8 * i + 5] = __float_as_uint(__double2float_rz(d));
  out[8 * i + 6] = (unsigned)(long long)__double2ll_rn(d);
  out[8 * i + 7] = __float_as_uint(__ull2float_rn(0xfedcba9876543210ull >> (i & 63)));
}

// fp16 and bf16 through inline PTX on raw 16-bit values.
extern "C" __global__ void half_ops(const unsigned short *a, const unsigned short *b, unsigned short *out,
                                    unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned short x = a[i], y = b[i], r0, r1, r2, r3;
  asm("add.rn.f16 %0, %1, %2;" : "=h"(r0) : "h"(x), "h"(y));
  asm("mul.rn.f16 %0, %1, %2;" : "=h"(r1) : "h"(x), "h"(y));
  asm("fma.rn.f16 %0, %1, %2, %1;" : "=h"(r2) : "h"(x), "h"(y));
  asm("fma.rn.bf16 %0, %1, %2, %1;" : "=h"(r3) : "h"(x), "h"(y));
  out[4 * i + 0] = r0;
  out[4 * i + 1] = r1;
  out[4 * i + 2] = r2;
  out[4 * i + 3] = r3;
}

extern "C" __global__ void half_convert(const float *a, const unsigned *b, unsigned *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned short h, bf;
  float back;
  asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(a[i]));
  asm("cvt.rn.bf16.f32 %0, %1;" : "=h"(bf) : "f"(a[i]));
  asm("cvt.f32.f16 %0, %1;" : "=f"(back) : "h"(h));
  out[2 * i + 0] = (unsigned)h | ((unsigned)bf << 16);
  out[2 * i + 1] = __float_as_uint(back);
}
