// tinygrad 0.14.0, case pad_reflect_5d_backward, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(1) E_5_5_5(float* data0_125) {
  int gidx0 = blockIdx.x; /* 5 */
  float alu0 = ((gidx0==1)?3.0f:0.0f);
  float alu1 = (((1<gidx0)&(gidx0<4))?3.0f:0.0f);
  float alu2 = (alu1+alu0);
  float alu3 = (alu2+3.0f);
  float alu4 = ((alu2*2.0f)+6.0f);
  float alu5 = ((alu2*3.0f)+9.0f);
  float alu6 = ((alu2*4.0f)+12.0f);
  float alu7 = ((alu2*6.0f)+18.0f);
  *(data0_125+gidx0) = alu4;
  *(data0_125+(gidx0+5)) = alu5;
  *(data0_125+(gidx0+10)) = alu5;
  *(data0_125+(gidx0+15)) = alu5;
  *(data0_125+(gidx0+20)) = alu3;
  *(data0_125+(gidx0+25)) = alu6;
  *(data0_125+(gidx0+30)) = alu7;
  *(data0_125+(gidx0+35)) = alu7;
  *(data0_125+(gidx0+40)) = alu7;
  *(data0_125+(gidx0+45)) = alu4;
  *(data0_125+(gidx0+50)) = alu6;
  *(data0_125+(gidx0+55)) = alu7;
  *(data0_125+(gidx0+60)) = alu7;
  *(data0_125+(gidx0+65)) = alu7;
  *(data0_125+(gidx0+70)) = alu4;
  *(data0_125+(gidx0+75)) = alu6;
  *(data0_125+(gidx0+80)) = alu7;
  *(data0_125+(gidx0+85)) = alu7;
  *(data0_125+(gidx0+90)) = alu7;
  *(data0_125+(gidx0+95)) = alu4;
  *(data0_125+(gidx0+100)) = alu4;
  *(data0_125+(gidx0+105)) = alu5;
  *(data0_125+(gidx0+110)) = alu5;
  *(data0_125+(gidx0+115)) = alu5;
  *(data0_125+(gidx0+120)) = alu3;
}
