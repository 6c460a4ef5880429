// tinygrad 0.14.0, case prod, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(3) r_3_4(float* data0_3, float* data1_12) {
  int lidx0 = threadIdx.x; /* 3 */
  float4 val0 = (*((float4*)((data1_12+(lidx0<<2)))));
  *(data0_3+lidx0) = (val0.x*val0.y*val0.z*val0.w);
}
