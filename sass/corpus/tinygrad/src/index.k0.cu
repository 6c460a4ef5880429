// tinygrad 0.14.0, case index, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(4) E_4_5(float* data0_20, int* data1_5, float* data2_24) {
  int val0 = (*(data1_5+4));
  int4 val1 = (*((int4*)((data1_5+0))));
  int lidx0 = threadIdx.x; /* 4 */
  int alu0 = ((val1.x<0)?(val1.x+6):val1.x);
  float val2 = (((-1<alu0)&(alu0<6))?*(data2_24+(lidx0+(alu0<<2))):0.0f);
  int alu1 = ((val1.y<0)?(val1.y+6):val1.y);
  float val3 = (((-1<alu1)&(alu1<6))?*(data2_24+(lidx0+(alu1<<2))):0.0f);
  int alu2 = ((val1.z<0)?(val1.z+6):val1.z);
  float val4 = (((-1<alu2)&(alu2<6))?*(data2_24+(lidx0+(alu2<<2))):0.0f);
  int alu3 = ((val1.w<0)?(val1.w+6):val1.w);
  float val5 = (((-1<alu3)&(alu3<6))?*(data2_24+(lidx0+(alu3<<2))):0.0f);
  int alu4 = ((val0<0)?(val0+6):val0);
  float val6 = (((-1<alu4)&(alu4<6))?*(data2_24+(lidx0+(alu4<<2))):0.0f);
  *(data0_20+lidx0) = val2;
  *(data0_20+(lidx0+4)) = val3;
  *(data0_20+(lidx0+8)) = val4;
  *(data0_20+(lidx0+12)) = val5;
  *(data0_20+(lidx0+16)) = val6;
}
