// tinygrad 0.14.0, case max_pool_backward, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(4) r_2_2_2_2(float* data0_4, float* data1_16) {
  int lidx0 = threadIdx.x; /* 2 */
  int lidx1 = threadIdx.y; /* 2 */
  int alu0 = ((lidx0<<3)+(lidx1<<1));
  float2 val0 = (*((float2*)((data1_16+(alu0+4)))));
  float2 val1 = (*((float2*)((data1_16+alu0))));
  float alu1 = ((val1.x<val1.y)?val1.y:val1.x);
  float alu2 = ((alu1<val0.x)?val0.x:alu1);
  float alu3 = ((alu2<val0.y)?val0.y:alu2);
  *(data0_4+(lidx1+(lidx0<<1))) = alu3;
}
