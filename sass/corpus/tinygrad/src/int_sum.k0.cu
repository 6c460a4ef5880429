// tinygrad 0.14.0, case int_sum, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(3) r_2_3_7(int* data0_6, int* data1_42) {
  int gidx0 = blockIdx.x; /* 2 */
  int lidx0 = threadIdx.x; /* 3 */
  int alu0 = ((gidx0*21)+(lidx0*7));
  int val0 = (*(data1_42+(alu0+1)));
  int val1 = (*(data1_42+(alu0+2)));
  int val2 = (*(data1_42+(alu0+3)));
  int val3 = (*(data1_42+(alu0+4)));
  int val4 = (*(data1_42+(alu0+5)));
  int val5 = (*(data1_42+(alu0+6)));
  int val6 = (*(data1_42+alu0));
  *(data0_6+(lidx0+(gidx0*3))) = (val6+val0+val1+val2+val3+val4+val5);
}
