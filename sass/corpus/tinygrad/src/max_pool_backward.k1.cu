// tinygrad 0.14.0, case max_pool_backward, kernel 1 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(4) r_2_2_2_2(float* data0_4, float* data1_16, float* data2_4) {
  int lidx0 = threadIdx.x; /* 2 */
  int lidx1 = threadIdx.y; /* 2 */
  int alu0 = (lidx1+(lidx0<<1));
  float val0 = (*(data2_4+alu0));
  int alu1 = ((lidx0<<3)+(lidx1<<1));
  float2 val1 = (*((float2*)((data1_16+(alu1+4)))));
  float2 val2 = (*((float2*)((data1_16+alu1))));
  *(data0_4+alu0) = (((float)((val2.x==val0)))+((float)((val2.y==val0)))+((float)((val1.x==val0)))+((float)((val1.y==val0))));
}
