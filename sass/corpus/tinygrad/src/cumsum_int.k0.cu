// tinygrad 0.14.0, case cumsum_int, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(4) r_5_4_20(int* data0_20, int* data1_20) {
  int gidx0 = blockIdx.x; /* 5 */
  int lidx0 = threadIdx.x; /* 4 */
  int val0 = ((3<gidx0)?*(data1_20+lidx0):0);
  int alu0 = (lidx0+(gidx0<<2));
  int val1 = ((18<alu0)?*(data1_20+0):0);
  int val2 = (*(data1_20+alu0));
  int val3 = ((17<alu0)?*(data1_20+(alu0+-18)):0);
  int val4 = ((16<alu0)?*(data1_20+(alu0+-17)):0);
  int val5 = ((14<alu0)?*(data1_20+(alu0+-15)):0);
  int val6 = ((13<alu0)?*(data1_20+(alu0+-14)):0);
  int val7 = ((12<alu0)?*(data1_20+(alu0+-13)):0);
  int val8 = ((2<gidx0)?*(data1_20+(alu0+-12)):0);
  int val9 = ((10<alu0)?*(data1_20+(alu0+-11)):0);
  int val10 = ((9<alu0)?*(data1_20+(alu0+-10)):0);
  int val11 = ((8<alu0)?*(data1_20+(alu0+-9)):0);
  int val12 = ((1<gidx0)?*(data1_20+(alu0+-8)):0);
  int val13 = ((6<alu0)?*(data1_20+(alu0+-7)):0);
  int val14 = ((5<alu0)?*(data1_20+(alu0+-6)):0);
  int val15 = ((4<alu0)?*(data1_20+(alu0+-5)):0);
  int val16 = ((0<gidx0)?*(data1_20+(alu0+-4)):0);
  int val17 = ((2<alu0)?*(data1_20+(alu0+-3)):0);
  int val18 = ((1<alu0)?*(data1_20+(alu0+-2)):0);
  int val19 = ((0<(gidx0+lidx0))?*(data1_20+(alu0+-1)):0);
  *(data0_20+alu0) = (val1+val3+val4+val0+val5+val6+val7+val8+val9+val10+val11+val12+val13+val14+val15+val16+val17+val18+val19+val2);
}
