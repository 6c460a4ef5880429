// tinygrad 0.14.0, case max_pool2d, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(9) r_2_3_3_2_2(float* data0_18, float* data1_72) {
  int gidx0 = blockIdx.x; /* 2 */
  int lidx0 = threadIdx.x; /* 3 */
  int lidx1 = threadIdx.y; /* 3 */
  int alu0 = ((gidx0*36)+(lidx0*12)+(lidx1<<1));
  float2 val0 = (*((float2*)((data1_72+(alu0+6)))));
  float2 val1 = (*((float2*)((data1_72+alu0))));
  float alu1 = ((val1.x<val1.y)?val1.y:val1.x);
  float alu2 = ((alu1<val0.x)?val0.x:alu1);
  float alu3 = ((alu2<val0.y)?val0.y:alu2);
  *(data0_18+(lidx1+(gidx0*9)+(lidx0*3))) = alu3;
}
