// tinygrad 0.14.0, case softmax_backward, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(3) r_3_6(float* data0_3, float* data1_18) {
  int lidx0 = threadIdx.x; /* 3 */
  int alu0 = (lidx0*6);
  float2 val0 = (*((float2*)((data1_18+(alu0+2)))));
  float2 val1 = (*((float2*)((data1_18+(alu0+4)))));
  float2 val2 = (*((float2*)((data1_18+alu0))));
  float alu1 = ((val2.x<val2.y)?val2.y:val2.x);
  float alu2 = ((alu1<val0.x)?val0.x:alu1);
  float alu3 = ((alu2<val0.y)?val0.y:alu2);
  float alu4 = ((alu3<val1.x)?val1.x:alu3);
  float alu5 = ((alu4<val1.y)?val1.y:alu4);
  *(data0_3+lidx0) = alu5;
}
