// tinygrad 0.14.0, case sum_axis, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(12) r_2_4_3_5(float* data0_24, float* data1_120) {
  int gidx0 = blockIdx.x; /* 2 */
  int lidx0 = threadIdx.x; /* 4 */
  int lidx1 = threadIdx.y; /* 3 */
  int alu0 = (lidx1+(gidx0*3));
  int alu1 = (alu0+(lidx0*30));
  float val0 = (*(data1_120+alu1));
  float val1 = (*(data1_120+(alu1+6)));
  float val2 = (*(data1_120+(alu1+12)));
  float val3 = (*(data1_120+(alu1+18)));
  float val4 = (*(data1_120+(alu1+24)));
  *(data0_24+(alu0+(lidx0*6))) = (val0+val1+val2+val3+val4);
}
