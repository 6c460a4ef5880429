// tinygrad 0.14.0, case pad_reflect_3d, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(2) E_5_5_2_7(float* data0_350, float* data1_125) {
  int gidx0 = blockIdx.x; /* 5 */
  int gidx1 = blockIdx.y; /* 5 */
  int lidx0 = threadIdx.x; /* 2 */
  int alu0 = (lidx0*-5);
  int alu1 = (gidx1*25);
  int alu2 = ((gidx0*-10)+alu0+alu1);
  int alu3 = (lidx0+(gidx0<<1));
  bool alu4 = (alu3<3);
  float val0 = (alu4?*(data1_125+(alu2+15)):0.0f);
  float val1 = (alu4?*(data1_125+(alu2+16)):0.0f);
  float val2 = (alu4?*(data1_125+(alu2+17)):0.0f);
  float val3 = (alu4?*(data1_125+(alu2+18)):0.0f);
  float val4 = (alu4?*(data1_125+(alu2+19)):0.0f);
  int alu5 = ((gidx0*10)+(lidx0*5)+alu1);
  bool alu6 = ((2<alu3)&(gidx0<4));
  float val5 = (alu6?*(data1_125+(alu5+-15)):0.0f);
  float val6 = (alu6?*(data1_125+(alu5+-14)):0.0f);
  float val7 = (alu6?*(data1_125+(alu5+-13)):0.0f);
  float val8 = (alu6?*(data1_125+(alu5+-12)):0.0f);
  float val9 = (alu6?*(data1_125+(alu5+-11)):0.0f);
  int alu7 = (alu1+alu0);
  bool alu8 = (3<gidx0);
  float val10 = (alu8?*(data1_125+(alu7+15)):0.0f);
  float val11 = (alu8?*(data1_125+(alu7+16)):0.0f);
  float val12 = (alu8?*(data1_125+(alu7+17)):0.0f);
  float val13 = (alu8?*(data1_125+(alu7+18)):0.0f);
  float val14 = (alu8?*(data1_125+(alu7+19)):0.0f);
  int alu9 = ((gidx0*14)+(lidx0*7)+(gidx1*70));
  float alu10 = (val2+val7+val12);
  float alu11 = (val3+val8+val13);
  *(data0_350+(alu9+1)) = (val1+val6+val11);
  *(data0_350+(alu9+2)) = alu10;
  *(data0_350+(alu9+3)) = alu11;
  *(data0_350+(alu9+4)) = (val4+val9+val14);
  *(data0_350+(alu9+5)) = alu11;
  *(data0_350+(alu9+6)) = alu10;
  *(data0_350+alu9) = (val0+val5+val10);
}
