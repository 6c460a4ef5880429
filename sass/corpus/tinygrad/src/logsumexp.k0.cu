// tinygrad 0.14.0, case logsumexp, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(4) r_4_10(float* data0_4, float* data1_40) {
  int lidx0 = threadIdx.x; /* 4 */
  int alu0 = (lidx0*10);
  float2 val0 = (*((float2*)((data1_40+(alu0+2)))));
  float2 val1 = (*((float2*)((data1_40+(alu0+4)))));
  float2 val2 = (*((float2*)((data1_40+(alu0+6)))));
  float2 val3 = (*((float2*)((data1_40+(alu0+8)))));
  float2 val4 = (*((float2*)((data1_40+alu0))));
  float alu1 = ((val4.x<val4.y)?val4.y:val4.x);
  float alu2 = ((alu1<val0.x)?val0.x:alu1);
  float alu3 = ((alu2<val0.y)?val0.y:alu2);
  float alu4 = ((alu3<val1.x)?val1.x:alu3);
  float alu5 = ((alu4<val1.y)?val1.y:alu4);
  float alu6 = ((alu5<val2.x)?val2.x:alu5);
  float alu7 = ((alu6<val2.y)?val2.y:alu6);
  float alu8 = ((alu7<val3.x)?val3.x:alu7);
  float alu9 = ((alu8<val3.y)?val3.y:alu8);
  *(data0_4+lidx0) = alu9;
}
