// tinygrad 0.14.0, case pad_replicate_5d_backward, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(1) E_5_5_5(float* data0_125) {
  int gidx0 = blockIdx.x; /* 5 */
  float alu0 = ((gidx0<1)?3.0f:0.0f);
  float alu1 = ((gidx0<4)?0.0f:6.0f);
  float alu2 = (alu1+alu0);
  float alu3 = (alu2+3.0f);
  float alu4 = (alu2+(alu3*3.0f));
  float alu5 = (alu4+3.0f);
  float alu6 = (alu2+(alu3*4.0f));
  float alu7 = (alu6+3.0f);
  float alu8 = (alu2+(alu3*2.0f)+3.0f);
  float alu9 = ((alu2*2.0f)+6.0f);
  *(data0_125+gidx0) = ((alu4*2.0f)+6.0f);
  *(data0_125+(gidx0+5)) = alu9;
  *(data0_125+(gidx0+10)) = alu9;
  *(data0_125+(gidx0+15)) = alu9;
  *(data0_125+(gidx0+20)) = ((alu6*2.0f)+6.0f);
  *(data0_125+(gidx0+25)) = alu5;
  *(data0_125+(gidx0+30)) = alu3;
  *(data0_125+(gidx0+35)) = alu3;
  *(data0_125+(gidx0+40)) = alu3;
  *(data0_125+(gidx0+45)) = alu7;
  *(data0_125+(gidx0+50)) = alu5;
  *(data0_125+(gidx0+55)) = alu3;
  *(data0_125+(gidx0+60)) = alu3;
  *(data0_125+(gidx0+65)) = alu3;
  *(data0_125+(gidx0+70)) = alu7;
  *(data0_125+(gidx0+75)) = alu5;
  *(data0_125+(gidx0+80)) = alu3;
  *(data0_125+(gidx0+85)) = alu3;
  *(data0_125+(gidx0+90)) = alu3;
  *(data0_125+(gidx0+95)) = alu7;
  *(data0_125+(gidx0+100)) = (alu4+(alu5*2.0f)+3.0f);
  *(data0_125+(gidx0+105)) = alu8;
  *(data0_125+(gidx0+110)) = alu8;
  *(data0_125+(gidx0+115)) = alu8;
  *(data0_125+(gidx0+120)) = (alu6+(alu7*2.0f)+3.0f);
}
