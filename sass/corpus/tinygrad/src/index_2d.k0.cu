// tinygrad 0.14.0, case index_2d, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(1) E_3(float* data0_3, int* data1_3, int* data2_3, float* data3_30) {
  int val0 = (*(data1_3+2));
  int val1 = (*(data2_3+2));
  int2 val2 = (*((int2*)((data1_3+0))));
  int2 val3 = (*((int2*)((data2_3+0))));
  int alu0 = ((val2.x<0)?(val2.x+5):val2.x);
  int alu1 = ((val3.x<0)?(val3.x+6):val3.x);
  int alu2 = ((alu0*6)+alu1);
  bool alu3 = (-1<alu0);
  bool alu4 = (-1<alu1);
  bool alu5 = (alu0<5);
  bool alu6 = (alu1<6);
  int alu7 = ((alu3&alu5&alu4&alu6)?alu2:0);
  int alu8 = ((alu7<0)?(alu7+30):alu7);
  float val4 = (((-1<alu8)&(alu8<30)&alu3&alu5&alu4&alu6)?*(data3_30+alu2):0.0f);
  int alu9 = ((val2.y<0)?(val2.y+5):val2.y);
  int alu10 = ((val3.y<0)?(val3.y+6):val3.y);
  int alu11 = ((alu9*6)+alu10);
  bool alu12 = (-1<alu9);
  bool alu13 = (-1<alu10);
  bool alu14 = (alu9<5);
  bool alu15 = (alu10<6);
  int alu16 = ((alu12&alu14&alu13&alu15)?alu11:0);
  int alu17 = ((alu16<0)?(alu16+30):alu16);
  float val5 = (((-1<alu17)&(alu17<30)&alu12&alu14&alu13&alu15)?*(data3_30+alu11):0.0f);
  int alu18 = ((val0<0)?(val0+5):val0);
  int alu19 = ((val1<0)?(val1+6):val1);
  int alu20 = ((alu18*6)+alu19);
  bool alu21 = (-1<alu18);
  bool alu22 = (-1<alu19);
  bool alu23 = (alu18<5);
  bool alu24 = (alu19<6);
  int alu25 = ((alu21&alu23&alu22&alu24)?alu20:0);
  int alu26 = ((alu25<0)?(alu25+30):alu25);
  float val6 = (((-1<alu26)&(alu26<30)&alu21&alu23&alu22&alu24)?*(data3_30+alu20):0.0f);
  *(data0_3+2) = val6;
  *((float2*)((data0_3+0))) = make_float2(val4,val5);
}
