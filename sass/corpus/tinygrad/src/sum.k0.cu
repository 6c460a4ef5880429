// tinygrad 0.14.0, case sum, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(1) r_18_4(float* data0_1, float* data1_72) {
  float buf0[1];
  *(buf0+0) = 0.0f;
  for (int Ridx0 = 0; Ridx0 < 18; Ridx0++) {
    float4 val0 = (*((float4*)((data1_72+(Ridx0<<2)))));
    *(buf0+0) = ((*(buf0+0))+val0.x+val0.y+val0.z+val0.w);
  }
  *(data0_1+0) = (*(buf0+0));
}
