// tinygrad 0.14.0, case minimum, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(1) E_5_4(float* data0_20, float* data1_20, float* data2_20) {
  int gidx0 = blockIdx.x; /* 5 */
  int alu0 = (gidx0<<2);
  float4 val0 = (*((float4*)((data1_20+alu0))));
  float4 val1 = (*((float4*)((data2_20+alu0))));
  float alu1 = -val0.x;
  float alu2 = -val0.y;
  float alu3 = -val0.z;
  float alu4 = -val0.w;
  float alu5 = -val1.x;
  float alu6 = -val1.y;
  float alu7 = -val1.z;
  float alu8 = -val1.w;
  float alu9 = ((alu1<alu5)?alu5:alu1);
  float alu10 = ((alu2<alu6)?alu6:alu2);
  float alu11 = ((alu3<alu7)?alu7:alu3);
  float alu12 = ((alu4<alu8)?alu8:alu4);
  *((float4*)((data0_20+alu0))) = make_float4(-alu9,-alu10,-alu11,-alu12);
}
