// tinygrad 0.14.0, case var, kernel 1 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(1) r_30(float* data0_1, float* data1_30, float* data2_1) {
  float val0 = (*(data2_1+0));
  float4 val1 = (*((float4*)((data1_30+0))));
  float4 val2 = (*((float4*)((data1_30+4))));
  float4 val3 = (*((float4*)((data1_30+8))));
  float4 val4 = (*((float4*)((data1_30+12))));
  float4 val5 = (*((float4*)((data1_30+16))));
  float4 val6 = (*((float4*)((data1_30+20))));
  float4 val7 = (*((float4*)((data1_30+24))));
  float2 val8 = (*((float2*)((data1_30+28))));
  float alu0 = (val1.x-val0);
  float alu1 = (val1.y-val0);
  float alu2 = (val1.z-val0);
  float alu3 = (val1.w-val0);
  float alu4 = (val2.x-val0);
  float alu5 = (val2.y-val0);
  float alu6 = (val2.z-val0);
  float alu7 = (val2.w-val0);
  float alu8 = (val3.x-val0);
  float alu9 = (val3.y-val0);
  float alu10 = (val3.z-val0);
  float alu11 = (val3.w-val0);
  float alu12 = (val4.x-val0);
  float alu13 = (val4.y-val0);
  float alu14 = (val4.z-val0);
  float alu15 = (val4.w-val0);
  float alu16 = (val5.x-val0);
  float alu17 = (val5.y-val0);
  float alu18 = (val5.z-val0);
  float alu19 = (val5.w-val0);
  float alu20 = (val6.x-val0);
  float alu21 = (val6.y-val0);
  float alu22 = (val6.z-val0);
  float alu23 = (val6.w-val0);
  float alu24 = (val7.x-val0);
  float alu25 = (val7.y-val0);
  float alu26 = (val7.z-val0);
  float alu27 = (val7.w-val0);
  float alu28 = (val8.x-val0);
  float alu29 = (val8.y-val0);
  *(data0_1+0) = (((alu0*alu0)+(alu1*alu1)+(alu2*alu2)+(alu3*alu3)+(alu4*alu4)+(alu5*alu5)+(alu6*alu6)+(alu7*alu7)+(alu8*alu8)+(alu9*alu9)+(alu10*alu10)+(alu11*alu11)+(alu12*alu12)+(alu13*alu13)+(alu14*alu14)+(alu15*alu15)+(alu16*alu16)+(alu17*alu17)+(alu18*alu18)+(alu19*alu19)+(alu20*alu20)+(alu21*alu21)+(alu22*alu22)+(alu23*alu23)+(alu24*alu24)+(alu25*alu25)+(alu26*alu26)+(alu27*alu27)+(alu28*alu28)+(alu29*alu29))*0.03448275849223137f);
}
