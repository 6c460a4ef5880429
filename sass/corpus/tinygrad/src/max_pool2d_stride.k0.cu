// tinygrad 0.14.0, case max_pool2d_stride, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(9) r_3_3_3_3(float* data0_9, float* data1_49) {
  int lidx0 = threadIdx.x; /* 3 */
  int lidx1 = threadIdx.y; /* 3 */
  int alu0 = ((lidx0*14)+(lidx1<<1));
  float val0 = (*(data1_49+(alu0+2)));
  float val1 = (*(data1_49+(alu0+7)));
  float val2 = (*(data1_49+(alu0+16)));
  float2 val3 = (*((float2*)((data1_49+(alu0+8)))));
  float2 val4 = (*((float2*)((data1_49+(alu0+14)))));
  float2 val5 = (*((float2*)((data1_49+alu0))));
  float alu1 = ((val5.x<val5.y)?val5.y:val5.x);
  float alu2 = ((alu1<val0)?val0:alu1);
  float alu3 = ((alu2<val1)?val1:alu2);
  float alu4 = ((alu3<val3.x)?val3.x:alu3);
  float alu5 = ((alu4<val3.y)?val3.y:alu4);
  float alu6 = ((alu5<val4.x)?val4.x:alu5);
  float alu7 = ((alu6<val4.y)?val4.y:alu6);
  float alu8 = ((alu7<val2)?val2:alu7);
  *(data0_9+(lidx1+(lidx0*3))) = alu8;
}
