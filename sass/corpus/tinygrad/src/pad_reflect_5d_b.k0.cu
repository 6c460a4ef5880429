// tinygrad 0.14.0, case pad_reflect_5d_b, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(32) E_5_2_2_8_6(float* data0_960, float* data1_128) {
  int gidx0 = blockIdx.x; /* 5 */
  int lidx0 = threadIdx.x; /* 2 */
  int lidx1 = threadIdx.y; /* 2 */
  int lidx2 = threadIdx.z; /* 8 */
  float4 cast0 = make_float4(0.0f,0.0f,0.0f,0.0f);
  int alu0 = ((gidx0*-32)+(lidx1*-16));
  int alu1 = (lidx2*-4);
  int alu2 = (lidx0<<6);
  int alu3 = (alu0+alu1+alu2);
  int alu4 = (lidx1+(gidx0<<1));
  bool alu5 = (lidx2<2);
  bool alu6 = (alu4<3);
  float4 val0 = ((alu6&alu5)?*((float4*)((data1_128+(alu3+56)))):cast0);
  bool alu7 = (5<lidx2);
  float4 val1 = ((alu6&alu7)?*((float4*)((data1_128+(alu3+80)))):cast0);
  bool alu8 = (6<alu4);
  float4 val2 = ((alu8&alu5)?*((float4*)((data1_128+(alu3+152)))):cast0);
  float4 val3 = ((alu8&alu7)?*((float4*)((data1_128+(alu3+176)))):cast0);
  int alu9 = (lidx2<<2);
  int alu10 = (alu0+alu9+alu2);
  bool alu11 = (lidx2<6);
  bool alu12 = ((1<lidx2)&alu11);
  float4 val4 = ((alu6&alu12)?*((float4*)((data1_128+(alu10+40)))):cast0);
  float4 val5 = ((alu8&alu12)?*((float4*)((data1_128+(alu10+136)))):cast0);
  int alu13 = ((gidx0<<5)+(lidx1<<4));
  int alu14 = (alu13+alu1+alu2);
  bool alu15 = ((2<alu4)&(alu4<7));
  float4 val6 = ((alu15&alu5)?*((float4*)((data1_128+(alu14+-40)))):cast0);
  float4 val7 = ((alu15&alu7)?*((float4*)((data1_128+(alu14+-16)))):cast0);
  float4 val8 = ((alu15&alu12)?*((float4*)((data1_128+(alu13+alu9+alu2+-56)))):cast0);
  float alu16 = (alu5?(val0.x+val6.x+val2.x):0.0f);
  float alu17 = (alu12?(val4.x+val8.x+val5.x):0.0f);
  float alu18 = (alu11?0.0f:(val1.x+val7.x+val3.x));
  float alu19 = (alu5?(val0.y+val6.y+val2.y):0.0f);
  float alu20 = (alu12?(val4.y+val8.y+val5.y):0.0f);
  float alu21 = (alu11?0.0f:(val1.y+val7.y+val3.y));
  float alu22 = (alu19+alu20+alu21);
  float alu23 = (alu5?(val0.z+val6.z+val2.z):0.0f);
  float alu24 = (alu12?(val4.z+val8.z+val5.z):0.0f);
  float alu25 = (alu11?0.0f:(val1.z+val7.z+val3.z));
  float alu26 = (alu23+alu24+alu25);
  float alu27 = (alu5?(val0.w+val6.w+val2.w):0.0f);
  float alu28 = (alu12?(val4.w+val8.w+val5.w):0.0f);
  float alu29 = (alu11?0.0f:(val1.w+val7.w+val3.w));
  int alu30 = ((gidx0*96)+(lidx1*48)+(lidx2*6)+(lidx0*480));
  *((float2*)((data0_960+(alu30+2)))) = make_float2(alu22,alu26);
  *((float2*)((data0_960+(alu30+4)))) = make_float2((alu27+alu28+alu29),alu26);
  *((float2*)((data0_960+alu30))) = make_float2(alu22,(alu16+alu17+alu18));
}
