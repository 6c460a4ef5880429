// tinygrad 0.14.0, case bitcast, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(1) E_5_4(uint* data0_20, float* data1_20) {
  int gidx0 = blockIdx.x; /* 5 */
  int alu0 = (gidx0<<2);
  float4 val0 = (*((float4*)((data1_20+alu0))));
  *((uint4*)((data0_20+alu0))) = make_uint4((tg_bitcast<uint>((float)(val0.x))>>3u),(tg_bitcast<uint>((float)(val0.y))>>3u),(tg_bitcast<uint>((float)(val0.z))>>3u),(tg_bitcast<uint>((float)(val0.w))>>3u));
}
