// tinygrad 0.14.0, case matmul_backward, kernel 1 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(9) r_2_3_3_4(float* data0_18, float* data1_24) {
  int gidx0 = blockIdx.x; /* 2 */
  int lidx1 = threadIdx.y; /* 3 */
  int alu0 = (lidx1+(gidx0*3));
  float val0 = (*(data1_24+alu0));
  float val1 = (*(data1_24+(alu0+6)));
  float val2 = (*(data1_24+(alu0+12)));
  float val3 = (*(data1_24+(alu0+18)));
  int lidx0 = threadIdx.x; /* 3 */
  *(data0_18+(alu0+(lidx0*6))) = (val0+val1+val2+val3);
}
