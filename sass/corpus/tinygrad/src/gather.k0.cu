// tinygrad 0.14.0, case gather, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(1) E_3_4(float* data0_12, int* data1_12, float* data2_24) {
  int4 val0 = (*((int4*)((data1_12+0))));
  int4 val1 = (*((int4*)((data1_12+4))));
  int4 val2 = (*((int4*)((data1_12+8))));
  float val3 = (((-1<val0.x)&(val0.x<6))?*(data2_24+val0.x):0.0f);
  float val4 = (((-1<val0.y)&(val0.y<6))?*(data2_24+val0.y):0.0f);
  float val5 = (((-1<val0.z)&(val0.z<6))?*(data2_24+val0.z):0.0f);
  float val6 = (((-1<val0.w)&(val0.w<6))?*(data2_24+(val0.w+6)):0.0f);
  float val7 = (((-1<val1.x)&(val1.x<6))?*(data2_24+(val1.x+6)):0.0f);
  float val8 = (((-1<val1.y)&(val1.y<6))?*(data2_24+(val1.y+6)):0.0f);
  float val9 = (((-1<val1.z)&(val1.z<6))?*(data2_24+(val1.z+12)):0.0f);
  float val10 = (((-1<val1.w)&(val1.w<6))?*(data2_24+(val1.w+12)):0.0f);
  float val11 = (((-1<val2.x)&(val2.x<6))?*(data2_24+(val2.x+12)):0.0f);
  float val12 = (((-1<val2.y)&(val2.y<6))?*(data2_24+(val2.y+18)):0.0f);
  float val13 = (((-1<val2.z)&(val2.z<6))?*(data2_24+(val2.z+18)):0.0f);
  float val14 = (((-1<val2.w)&(val2.w<6))?*(data2_24+(val2.w+18)):0.0f);
  *((float4*)((data0_12+0))) = make_float4(val3,val4,val5,val6);
  *((float4*)((data0_12+4))) = make_float4(val7,val8,val9,val10);
  *((float4*)((data0_12+8))) = make_float4(val11,val12,val13,val14);
}
