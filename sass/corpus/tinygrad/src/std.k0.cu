// tinygrad 0.14.0, case std, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(4) r_4_7(float* data0_4, float* data1_28) {
  int lidx0 = threadIdx.x; /* 4 */
  int alu0 = (lidx0*7);
  float val0 = (*(data1_28+(alu0+1)));
  float val1 = (*(data1_28+(alu0+2)));
  float val2 = (*(data1_28+(alu0+3)));
  float val3 = (*(data1_28+(alu0+4)));
  float val4 = (*(data1_28+(alu0+5)));
  float val5 = (*(data1_28+(alu0+6)));
  float val6 = (*(data1_28+alu0));
  *(data0_4+lidx0) = ((val6+val0+val1+val2+val3+val4+val5)*0.1428571492433548f);
}
