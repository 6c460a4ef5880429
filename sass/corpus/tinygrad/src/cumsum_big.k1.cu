// tinygrad 0.14.0, case cumsum_big, kernel 1 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(1) r_3_3(float* data0_3, float* data1_768) {
  float val0 = (*(data1_768+255));
  float val1 = (*(data1_768+511));
  float val2 = (*(data1_768+767));
  float alu0 = (val0+val1);
  *(data0_3+2) = (alu0+val2);
  *((float2*)((data0_3+0))) = make_float2(val0,alu0);
}
