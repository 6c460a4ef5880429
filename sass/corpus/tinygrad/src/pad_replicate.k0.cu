// tinygrad 0.14.0, case pad_replicate, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(2) E_5_2_7(float* data0_70, float* data1_25) {
  float val0 = (*(data1_25+4));
  float val1 = (*(data1_25+24));
  int gidx0 = blockIdx.x; /* 5 */
  int lidx0 = threadIdx.x; /* 2 */
  int alu0 = ((gidx0*10)+(lidx0*5));
  int alu1 = (lidx0+(gidx0<<1));
  bool alu2 = (gidx0<4);
  bool alu3 = ((2<alu1)&alu2);
  float val2 = (alu3?*(data1_25+(alu0+-15)):0.0f);
  float val3 = (alu3?*(data1_25+(alu0+-14)):0.0f);
  float val4 = (alu3?*(data1_25+(alu0+-13)):0.0f);
  float val5 = (alu3?*(data1_25+(alu0+-12)):0.0f);
  float val6 = (alu3?*(data1_25+(alu0+-11)):0.0f);
  float4 val7 = (*((float4*)((data1_25+0))));
  float4 val8 = (*((float4*)((data1_25+20))));
  int alu4 = ((gidx0*14)+(lidx0*7));
  bool alu5 = (alu1<3);
  float alu6 = (alu5?val7.x:0.0f);
  float alu7 = (alu2?0.0f:val8.x);
  float alu8 = (alu5?val7.y:0.0f);
  float alu9 = (alu2?0.0f:val8.y);
  float alu10 = (alu5?val7.z:0.0f);
  float alu11 = (alu2?0.0f:val8.z);
  float alu12 = (alu5?val7.w:0.0f);
  float alu13 = (alu2?0.0f:val8.w);
  float alu14 = (alu5?val0:0.0f);
  float alu15 = (alu2?0.0f:val1);
  float alu16 = (alu14+val6+alu15);
  *(data0_70+(alu4+1)) = (alu8+val3+alu9);
  *(data0_70+(alu4+2)) = (alu10+val4+alu11);
  *(data0_70+(alu4+3)) = (alu12+val5+alu13);
  *(data0_70+(alu4+4)) = alu16;
  *(data0_70+(alu4+5)) = alu16;
  *(data0_70+(alu4+6)) = alu16;
  *(data0_70+alu4) = (alu6+val2+alu7);
}
