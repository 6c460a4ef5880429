// tinygrad 0.14.0, case reciprocal, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(1) E_5_4(float* data0_20, float* data1_20) {
  int gidx0 = blockIdx.x; /* 5 */
  int alu0 = (gidx0<<2);
  float4 val0 = (*((float4*)((data1_20+alu0))));
  *((float4*)((data0_20+alu0))) = make_float4((1/val0.x),(1/val0.y),(1/val0.z),(1/val0.w));
}
