// tinygrad 0.14.0, case lt, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(1) E_5_4(bool* data0_20, float* data1_20, float* data2_20) {
  int gidx0 = blockIdx.x; /* 5 */
  int alu0 = (gidx0<<2);
  float4 val0 = (*((float4*)((data1_20+alu0))));
  float4 val1 = (*((float4*)((data2_20+alu0))));
  *(data0_20+(alu0+1)) = (val0.y<val1.y);
  *(data0_20+(alu0+2)) = (val0.z<val1.z);
  *(data0_20+(alu0+3)) = (val0.w<val1.w);
  *(data0_20+alu0) = (val0.x<val1.x);
}
