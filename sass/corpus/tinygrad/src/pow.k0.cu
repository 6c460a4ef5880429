// tinygrad 0.14.0, case pow, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(1) E_5_4(float* data0_20, float* data1_20, float* data2_20) {
  int gidx0 = blockIdx.x; /* 5 */
  int alu0 = (gidx0<<2);
  float4 val0 = (*((float4*)((data1_20+alu0))));
  float4 val1 = (*((float4*)((data2_20+alu0))));
  int cast0 = ((int)(val1.x));
  int cast1 = ((int)(val1.y));
  int cast2 = ((int)(val1.z));
  int cast3 = ((int)(val1.w));
  bool alu1 = (val0.x<0.0f);
  float alu2 = (alu1?-val0.x:val0.x);
  float alu3 = exp2((log2(alu2)*val1.x));
  bool alu4 = (val0.y<0.0f);
  float alu5 = (alu4?-val0.y:val0.y);
  float alu6 = exp2((log2(alu5)*val1.y));
  bool alu7 = (val0.z<0.0f);
  float alu8 = (alu7?-val0.z:val0.z);
  float alu9 = exp2((log2(alu8)*val1.z));
  bool alu10 = (val0.w<0.0f);
  float alu11 = (alu10?-val0.w:val0.w);
  float alu12 = exp2((log2(alu11)*val1.w));
  int alu13 = ((val1.x<0.0f)?((int)(-val1.x)):cast0);
  int alu14 = ((val1.y<0.0f)?((int)(-val1.y)):cast1);
  int alu15 = ((val1.z<0.0f)?((int)(-val1.z)):cast2);
  int alu16 = ((val1.w<0.0f)?((int)(-val1.w)):cast3);
  float alu17 = ((val0.x!=((float)(-INFINITY)))?((float)(NAN)):alu3);
  float alu18 = (((alu13&1)!=0)?-alu3:alu3);
  float alu19 = ((val1.x!=((float)(cast0)))?alu17:alu18);
  float alu20 = (alu1?alu19:alu3);
  float alu21 = ((val0.y!=((float)(-INFINITY)))?((float)(NAN)):alu6);
  float alu22 = (((alu14&1)!=0)?-alu6:alu6);
  float alu23 = ((val1.y!=((float)(cast1)))?alu21:alu22);
  float alu24 = (alu4?alu23:alu6);
  float alu25 = ((val0.z!=((float)(-INFINITY)))?((float)(NAN)):alu9);
  float alu26 = (((alu15&1)!=0)?-alu9:alu9);
  float alu27 = ((val1.z!=((float)(cast2)))?alu25:alu26);
  float alu28 = (alu7?alu27:alu9);
  float alu29 = ((val0.w!=((float)(-INFINITY)))?((float)(NAN)):alu12);
  float alu30 = (((alu16&1)!=0)?-alu12:alu12);
  float alu31 = ((val1.w!=((float)(cast3)))?alu29:alu30);
  float alu32 = (alu10?alu31:alu12);
  float alu33 = ((val1.x!=0.0f)?alu20:1.0f);
  float alu34 = ((val1.y!=0.0f)?alu24:1.0f);
  float alu35 = ((val1.z!=0.0f)?alu28:1.0f);
  float alu36 = ((val1.w!=0.0f)?alu32:1.0f);
  *((float4*)((data0_20+alu0))) = make_float4(alu33,alu34,alu35,alu36);
}
