// tinygrad 0.14.0, case cumsum, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(12) r_3_4_3_9(float* data0_36, float* data1_36) {
  int gidx0 = blockIdx.x; /* 3 */
  int lidx0 = threadIdx.x; /* 4 */
  int lidx1 = threadIdx.y; /* 3 */
  int alu0 = (lidx0*9);
  float val0 = ((1<gidx0)?*(data1_36+(lidx1+alu0)):0.0f);
  int alu1 = (lidx1+(gidx0*3));
  int alu2 = (alu1+alu0);
  float val1 = (*(data1_36+alu2));
  float val2 = ((6<alu1)?*(data1_36+(alu2+-7)):0.0f);
  float val3 = ((4<alu1)?*(data1_36+(alu2+-5)):0.0f);
  float val4 = ((3<alu1)?*(data1_36+(alu2+-4)):0.0f);
  float val5 = ((0<gidx0)?*(data1_36+(alu2+-3)):0.0f);
  float val6 = ((1<alu1)?*(data1_36+(alu2+-2)):0.0f);
  float val7 = ((0<(gidx0+lidx1))?*(data1_36+(alu2+-1)):0.0f);
  float val8 = ((7<alu1)?*(data1_36+alu0):0.0f);
  *(data0_36+alu2) = (val8+val2+val0+val3+val4+val5+val6+val7+val1);
}
