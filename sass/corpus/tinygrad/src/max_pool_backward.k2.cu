// tinygrad 0.14.0, case max_pool_backward, kernel 2 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(1) r_4_4_3_3(float* data0_16, float* data1_16, float* data2_4, float* data3_4) {
  float4 val0 = (*((float4*)((data1_16+0))));
  float4 val1 = (*((float4*)((data1_16+4))));
  float4 val2 = (*((float4*)((data1_16+8))));
  float4 val3 = (*((float4*)((data1_16+12))));
  float4 val4 = (*((float4*)((data2_4+0))));
  float4 val5 = (*((float4*)((data3_4+0))));
  float alu0 = (1/val5.x);
  float alu1 = (1/val5.y);
  float alu2 = (1/val5.z);
  float alu3 = (1/val5.w);
  *((float4*)((data0_16+0))) = make_float4((((float)((val0.x==val4.x)))*alu0),(((float)((val0.y==val4.x)))*alu0),(((float)((val0.z==val4.y)))*alu1),(((float)((val0.w==val4.y)))*alu1));
  *((float4*)((data0_16+4))) = make_float4((((float)((val1.x==val4.x)))*alu0),(((float)((val1.y==val4.x)))*alu0),(((float)((val1.z==val4.y)))*alu1),(((float)((val1.w==val4.y)))*alu1));
  *((float4*)((data0_16+8))) = make_float4((((float)((val2.x==val4.z)))*alu2),(((float)((val2.y==val4.z)))*alu2),(((float)((val2.z==val4.w)))*alu3),(((float)((val2.w==val4.w)))*alu3));
  *((float4*)((data0_16+12))) = make_float4((((float)((val3.x==val4.z)))*alu2),(((float)((val3.y==val4.z)))*alu2),(((float)((val3.z==val4.w)))*alu3),(((float)((val3.w==val4.w)))*alu3));
}
