// tinygrad 0.14.0, case argmax, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(4) r_4_9(float* data0_4, float* data1_36) {
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
  float alu1 = ((val8<val0)?val0:val8);
  float alu2 = ((alu1<val1)?val1:alu1);
  float alu3 = ((alu2<val2)?val2:alu2);
  float alu4 = ((alu3<val3)?val3:alu3);
  float alu5 = ((alu4<val4)?val4:alu4);
  float alu6 = ((alu5<val5)?val5:alu5);
  float alu7 = ((alu6<val6)?val6:alu6);
  float alu8 = ((alu7<val7)?val7:alu7);
  *(data0_4+lidx0) = alu8;
}
