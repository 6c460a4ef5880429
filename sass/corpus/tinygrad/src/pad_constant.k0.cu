// tinygrad 0.14.0, case pad_constant, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(1) E_6_4(float* data0_24, float* data1_9) {
  float val0 = (*(data1_9+8));
  float4 val1 = (*((float4*)((data1_9+0))));
  float4 val2 = (*((float4*)((data1_9+4))));
  float4 cast0 = make_float4(1.5f,1.5f,1.5f,1.5f);
  *((float4*)((data0_24+0))) = make_float4(1.5f,val1.x,val1.y,val1.z);
  *((float4*)((data0_24+4))) = make_float4(1.5f,1.5f,1.5f,val1.w);
  *((float4*)((data0_24+8))) = make_float4(val2.x,val2.y,1.5f,1.5f);
  *((float4*)((data0_24+12))) = make_float4(1.5f,val2.z,val2.w,val0);
  *((float4*)((data0_24+16))) = cast0;
  *((float4*)((data0_24+20))) = cast0;
}
