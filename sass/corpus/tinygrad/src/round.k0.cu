// tinygrad 0.14.0, case round, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(1) E_5_4(float* data0_20, float* data1_20) {
  int gidx0 = blockIdx.x; /* 5 */
  int alu0 = (gidx0<<2);
  float4 val0 = (*((float4*)((data1_20+alu0))));
  float alu1 = (val0.x+-0.5f);
  float alu2 = trunc(alu1);
  float alu3 = (val0.x+0.5f);
  float alu4 = trunc(alu3);
  float alu5 = (val0.y+-0.5f);
  float alu6 = trunc(alu5);
  float alu7 = (val0.y+0.5f);
  float alu8 = trunc(alu7);
  float alu9 = (val0.z+-0.5f);
  float alu10 = trunc(alu9);
  float alu11 = (val0.z+0.5f);
  float alu12 = trunc(alu11);
  float alu13 = (val0.w+-0.5f);
  float alu14 = trunc(alu13);
  float alu15 = (val0.w+0.5f);
  float alu16 = trunc(alu15);
  float alu17 = (trunc(val0.x)*0.5f);
  float alu18 = (trunc(val0.y)*0.5f);
  float alu19 = (trunc(val0.z)*0.5f);
  float alu20 = (trunc(val0.w)*0.5f);
  float alu21 = ((alu2<alu1)?(alu2+1.0f):alu2);
  float alu22 = ((alu6<alu5)?(alu6+1.0f):alu6);
  float alu23 = ((alu10<alu9)?(alu10+1.0f):alu10);
  float alu24 = ((alu14<alu13)?(alu14+1.0f):alu14);
  float alu25 = ((alu3<alu4)?(alu4+-1.0f):alu4);
  float alu26 = ((alu7<alu8)?(alu8+-1.0f):alu8);
  float alu27 = ((alu11<alu12)?(alu12+-1.0f):alu12);
  float alu28 = ((alu15<alu16)?(alu16+-1.0f):alu16);
  float alu29 = (((0.0f<val0.x)!=(trunc(alu17)==alu17))?alu25:alu21);
  float alu30 = (((0.0f<val0.y)!=(trunc(alu18)==alu18))?alu26:alu22);
  float alu31 = (((0.0f<val0.z)!=(trunc(alu19)==alu19))?alu27:alu23);
  float alu32 = (((0.0f<val0.w)!=(trunc(alu20)==alu20))?alu28:alu24);
  *((float4*)((data0_20+alu0))) = make_float4(alu29,alu30,alu31,alu32);
}
