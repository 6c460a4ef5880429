// tinygrad 0.14.0, case broadcast_add, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(4) E_5_4(float* data0_20, float* data1_4, float* data2_5) {
  int lidx0 = threadIdx.x; /* 4 */
  float val0 = (*(data1_4+lidx0));
  int gidx0 = blockIdx.x; /* 5 */
  float val1 = (*(data2_5+gidx0));
  *(data0_20+(gidx0+(lidx0*5))) = (val0+val1);
}
