// tinygrad 0.14.0, case log_softmax, kernel 2 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(8) E_5_4_2(float* data0_40, float* data1_40, float* data2_4, float* data3_4) {
  int gidx0 = blockIdx.x; /* 5 */
  int lidx0 = threadIdx.x; /* 4 */
  int lidx1 = threadIdx.y; /* 2 */
  int alu0 = (lidx1+(gidx0<<1)+(lidx0*10));
  float val0 = (*(data1_40+alu0));
  float val1 = (*(data2_4+lidx0));
  float val2 = (*(data3_4+lidx0));
  *(data0_40+alu0) = ((val0-val1)-val2);
}
