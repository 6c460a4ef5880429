// tinygrad 0.14.0, case ceil, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(1) E_5_4(float* data0_20, float* data1_20) {
  int gidx0 = blockIdx.x; /* 5 */
  int alu0 = (gidx0<<2);
  float4 val0 = (*((float4*)((data1_20+alu0))));
  float alu1 = trunc(val0.x);
  float alu2 = trunc(val0.y);
  float alu3 = trunc(val0.z);
  float alu4 = trunc(val0.w);
  float alu5 = ((alu1<val0.x)?(alu1+1.0f):alu1);
  float alu6 = ((alu2<val0.y)?(alu2+1.0f):alu2);
  float alu7 = ((alu3<val0.z)?(alu3+1.0f):alu3);
  float alu8 = ((alu4<val0.w)?(alu4+1.0f):alu4);
  *((float4*)((data0_20+alu0))) = make_float4(alu5,alu6,alu7,alu8);
}
