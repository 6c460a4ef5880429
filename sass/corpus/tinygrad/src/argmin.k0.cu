// tinygrad 0.14.0, case argmin, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(1) r_24_24(int* data0_1, float* data1_24) {
  float buf0[1];
  *(buf0+0) = ((float)(-INFINITY));
  for (int Ridx0 = 0; Ridx0 < 24; Ridx0++) {
    float val0 = (*(data1_24+Ridx0));
    float val1 = (*(buf0+0));
    float alu1 = -val0;
    float alu2 = ((val1<alu1)?alu1:val1);
    *(buf0+0) = alu2;
  }
  float val2 = (*(buf0+0));
  float4 val3 = (*((float4*)((data1_24+0))));
  float4 val4 = (*((float4*)((data1_24+4))));
  float4 val5 = (*((float4*)((data1_24+8))));
  float4 val6 = (*((float4*)((data1_24+12))));
  float4 val7 = (*((float4*)((data1_24+16))));
  float4 val8 = (*((float4*)((data1_24+20))));
  int cast0 = ((int)((-val8.w==val2)));
  int alu5 = (((int)((-val3.x==val2)))*24);
  int alu6 = (((int)((-val3.y==val2)))*23);
  int alu7 = (((int)((-val3.z==val2)))*22);
  int alu8 = (((int)((-val3.w==val2)))*21);
  int alu9 = (((int)((-val4.x==val2)))*20);
  int alu10 = (((int)((-val4.y==val2)))*19);
  int alu11 = (((int)((-val4.z==val2)))*18);
  int alu12 = (((int)((-val4.w==val2)))*17);
  int alu13 = (((int)((-val5.y==val2)))*15);
  int alu14 = (((int)((-val5.z==val2)))*14);
  int alu15 = (((int)((-val5.w==val2)))*13);
  int alu16 = (((int)((-val6.x==val2)))*12);
  int alu17 = (((int)((-val6.y==val2)))*11);
  int alu18 = (((int)((-val6.z==val2)))*10);
  int alu19 = (((int)((-val6.w==val2)))*9);
  int alu20 = (((int)((-val7.y==val2)))*7);
  int alu21 = (((int)((-val7.z==val2)))*6);
  int alu22 = (((int)((-val7.w==val2)))*5);
  int alu23 = (((int)((-val8.y==val2)))*3);
  int alu24 = (((int)((-val5.x==val2)))<<4);
  int alu25 = (((int)((-val7.x==val2)))<<3);
  int alu26 = (((int)((-val8.x==val2)))<<2);
  int alu27 = (((int)((-val8.z==val2)))<<1);
  int alu28 = ((alu5<alu6)?alu6:alu5);
  int alu29 = ((alu28<alu7)?alu7:alu28);
  int alu30 = ((alu29<alu8)?alu8:alu29);
  int alu31 = ((alu30<alu9)?alu9:alu30);
  int alu32 = ((alu31<alu10)?alu10:alu31);
  int alu33 = ((alu32<alu11)?alu11:alu32);
  int alu34 = ((alu33<alu12)?alu12:alu33);
  int alu35 = ((alu34<alu24)?alu24:alu34);
  int alu36 = ((alu35<alu13)?alu13:alu35);
  int alu37 = ((alu36<alu14)?alu14:alu36);
  int alu38 = ((alu37<alu15)?alu15:alu37);
  int alu39 = ((alu38<alu16)?alu16:alu38);
  int alu40 = ((alu39<alu17)?alu17:alu39);
  int alu41 = ((alu40<alu18)?alu18:alu40);
  int alu42 = ((alu41<alu19)?alu19:alu41);
  int alu43 = ((alu42<alu25)?alu25:alu42);
  int alu44 = ((alu43<alu20)?alu20:alu43);
  int alu45 = ((alu44<alu21)?alu21:alu44);
  int alu46 = ((alu45<alu22)?alu22:alu45);
  int alu47 = ((alu46<alu26)?alu26:alu46);
  int alu48 = ((alu47<alu23)?alu23:alu47);
  int alu49 = ((alu48<alu27)?alu27:alu48);
  int alu50 = ((alu49<cast0)?cast0:alu49);
  *(data0_1+0) = (24-alu50);
}
