// tinygrad 0.14.0, case var, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(1) r_30(float* data0_1, float* data1_30) {
  float4 val0 = (*((float4*)((data1_30+0))));
  float4 val1 = (*((float4*)((data1_30+4))));
  float4 val2 = (*((float4*)((data1_30+8))));
  float4 val3 = (*((float4*)((data1_30+12))));
  float4 val4 = (*((float4*)((data1_30+16))));
  float4 val5 = (*((float4*)((data1_30+20))));
  float4 val6 = (*((float4*)((data1_30+24))));
  float2 val7 = (*((float2*)((data1_30+28))));
  *(data0_1+0) = ((val0.x+val0.y+val0.z+val0.w+val1.x+val1.y+val1.z+val1.w+val2.x+val2.y+val2.z+val2.w+val3.x+val3.y+val3.z+val3.w+val4.x+val4.y+val4.z+val4.w+val5.x+val5.y+val5.z+val5.w+val6.x+val6.y+val6.z+val6.w+val7.x+val7.y)*0.03333333507180214f);
}
