// tinygrad 0.14.0, case cast_f16_f32, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
#include <cuda_fp16.h>
struct __align__(8) half4 { half x, y, z, w; }; __device__ half4 make_half4(half x, half y, half z, half w) { half4 r={x, y, z, w}; return r; }
extern "C" __global__ void __launch_bounds__(1) E_5_4(float* data0_20, half* data1_20) {
  int gidx0 = blockIdx.x; /* 5 */
  int alu0 = (gidx0<<2);
  half4 val0 = (*((half4*)((data1_20+alu0))));
  *((float4*)((data0_20+alu0))) = make_float4(((float)(val0.x)),((float)(val0.y)),((float)(val0.z)),((float)(val0.w)));
}
