// tinygrad 0.14.0, case max, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(3) r_3_3_8(float* data0_9, float* data1_72) {
  int gidx0 = blockIdx.x; /* 3 */
  int lidx0 = threadIdx.x; /* 3 */
  int alu0 = (lidx0+(gidx0*3));
  float val0 = (*(data1_72+alu0));
  float val1 = (*(data1_72+(alu0+9)));
  float val2 = (*(data1_72+(alu0+18)));
  float val3 = (*(data1_72+(alu0+27)));
  float val4 = (*(data1_72+(alu0+36)));
  float val5 = (*(data1_72+(alu0+45)));
  float val6 = (*(data1_72+(alu0+54)));
  float val7 = (*(data1_72+(alu0+63)));
  float alu1 = ((val0<val1)?val1:val0);
  float alu2 = ((alu1<val2)?val2:alu1);
  float alu3 = ((alu2<val3)?val3:alu2);
  float alu4 = ((alu3<val4)?val4:alu3);
  float alu5 = ((alu4<val5)?val5:alu4);
  float alu6 = ((alu5<val6)?val6:alu5);
  float alu7 = ((alu6<val7)?val7:alu6);
  *(data0_9+alu0) = alu7;
}
