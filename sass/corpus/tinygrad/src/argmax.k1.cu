// tinygrad 0.14.0, case argmax, kernel 1 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(4) r_4_9(int* data0_4, float* data1_36, float* data2_4) {
  int lidx0 = threadIdx.x; /* 4 */
  int alu0 = (lidx0*9);
  float val0 = (*(data1_36+(alu0+1)));
  float val1 = (*(data1_36+(alu0+2)));
  float val2 = (*(data1_36+(alu0+3)));
  float val3 = (*(data1_36+(alu0+4)));
  float val4 = (*(data1_36+(alu0+5)));
  float val5 = (*(data1_36+(alu0+6)));
  float val6 = (*(data1_36+(alu0+7)));
  float val7 = (*(data1_36+(alu0+8)));
  float val8 = (*(data1_36+alu0));
  float val9 = (*(data2_4+lidx0));
  int cast0 = ((int)((val7==val9)));
  int alu1 = (((int)((val1==val9)))*7);
  int alu2 = (((int)((val2==val9)))*6);
  int alu3 = (((int)((val3==val9)))*5);
  int alu4 = (((int)((val5==val9)))*3);
  int alu5 = (((int)((val8==val9)))*9);
  int alu6 = (((int)((val0==val9)))<<3);
  int alu7 = (((int)((val4==val9)))<<2);
  int alu8 = (((int)((val6==val9)))<<1);
  int alu9 = ((alu5<alu6)?alu6:alu5);
  int alu10 = ((alu9<alu1)?alu1:alu9);
  int alu11 = ((alu10<alu2)?alu2:alu10);
  int alu12 = ((alu11<alu3)?alu3:alu11);
  int alu13 = ((alu12<alu7)?alu7:alu12);
  int alu14 = ((alu13<alu4)?alu4:alu13);
  int alu15 = ((alu14<alu8)?alu8:alu14);
  int alu16 = ((alu15<cast0)?cast0:alu15);
  *(data0_4+lidx0) = (9-alu16);
}
