// tinygrad 0.14.0, case cumsum_big, kernel 2 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(32) E_8_32_3(float* data0_768, float* data1_768, float* data2_3) {
  int gidx0 = blockIdx.x; /* 8 */
  int lidx0 = threadIdx.x; /* 32 */
  int alu0 = (lidx0+(gidx0<<5));
  float val0 = (*(data1_768+alu0));
  int alu1 = (alu0+256);
  float val1 = (*(data1_768+alu1));
  int alu2 = (alu0+512);
  float val2 = (*(data1_768+alu2));
  float2 val3 = (*((float2*)((data2_3+0))));
  *(data0_768+alu0) = val0;
  *(data0_768+alu1) = (val1+val3.x);
  *(data0_768+alu2) = (val2+val3.y);
}
