// tinygrad 0.14.0, case int_matmul, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(12) r_4_3_6(int* data0_12, int* data1_24, int* data2_18) {
  int lidx1 = threadIdx.y; /* 3 */
  int val0 = (*(data2_18+lidx1));
  int val1 = (*(data2_18+(lidx1+3)));
  int val2 = (*(data2_18+(lidx1+6)));
  int val3 = (*(data2_18+(lidx1+9)));
  int val4 = (*(data2_18+(lidx1+12)));
  int val5 = (*(data2_18+(lidx1+15)));
  int lidx0 = threadIdx.x; /* 4 */
  int alu0 = (lidx0*6);
  int2 val6 = (*((int2*)((data1_24+(alu0+2)))));
  int2 val7 = (*((int2*)((data1_24+(alu0+4)))));
  int2 val8 = (*((int2*)((data1_24+alu0))));
  *(data0_12+(lidx1+(lidx0*3))) = ((val8.x*val0)+(val8.y*val1)+(val6.x*val2)+(val6.y*val3)+(val7.x*val4)+(val7.y*val5));
}
