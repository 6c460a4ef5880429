// tinygrad 0.14.0, case pad_reflect, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(2) E_5_2_7(float* data0_70, float* data1_25) {
  int gidx0 = blockIdx.x; /* 5 */
  int lidx0 = threadIdx.x; /* 2 */
  int alu0 = (lidx0*-5);
  int alu1 = ((gidx0*-10)+alu0);
  int alu2 = (lidx0+(gidx0<<1));
  bool alu3 = (alu2<3);
  float val0 = (alu3?*(data1_25+(alu1+15)):0.0f);
  float val1 = (alu3?*(data1_25+(alu1+16)):0.0f);
  float val2 = (alu3?*(data1_25+(alu1+17)):0.0f);
  float val3 = (alu3?*(data1_25+(alu1+18)):0.0f);
  float val4 = (alu3?*(data1_25+(alu1+19)):0.0f);
  int alu4 = ((gidx0*10)+(lidx0*5));
  bool alu5 = ((2<alu2)&(gidx0<4));
  float val5 = (alu5?*(data1_25+(alu4+-15)):0.0f);
  float val6 = (alu5?*(data1_25+(alu4+-14)):0.0f);
  float val7 = (alu5?*(data1_25+(alu4+-13)):0.0f);
  float val8 = (alu5?*(data1_25+(alu4+-12)):0.0f);
  float val9 = (alu5?*(data1_25+(alu4+-11)):0.0f);
  bool alu6 = (3<gidx0);
  float val10 = (alu6?*(data1_25+(alu0+15)):0.0f);
  float val11 = (alu6?*(data1_25+(alu0+16)):0.0f);
  float val12 = (alu6?*(data1_25+(alu0+17)):0.0f);
  float val13 = (alu6?*(data1_25+(alu0+18)):0.0f);
  float val14 = (alu6?*(data1_25+(alu0+19)):0.0f);
  int alu7 = ((gidx0*14)+(lidx0*7));
  float alu8 = (val2+val7+val12);
  float alu9 = (val3+val8+val13);
  *(data0_70+(alu7+1)) = (val1+val6+val11);
  *(data0_70+(alu7+2)) = alu8;
  *(data0_70+(alu7+3)) = alu9;
  *(data0_70+(alu7+4)) = (val4+val9+val14);
  *(data0_70+(alu7+5)) = alu9;
  *(data0_70+(alu7+6)) = alu8;
  *(data0_70+alu7) = (val0+val5+val10);
}
