// tinygrad 0.14.0, case matmul_backward, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(12) r_2_4_3_3(float* data0_24, float* data1_18) {
  int gidx0 = blockIdx.x; /* 2 */
  int lidx1 = threadIdx.y; /* 3 */
  int alu0 = ((gidx0*9)+(lidx1*3));
  float val0 = (*(data1_18+(alu0+1)));
  float val1 = (*(data1_18+(alu0+2)));
  float val2 = (*(data1_18+alu0));
  int lidx0 = threadIdx.x; /* 4 */
  *(data0_24+(lidx1+(gidx0*3)+(lidx0*6))) = (val2+val0+val1);
}
