// tinygrad 0.14.0, case min, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(1) r_18_4(float* data0_1, float* data1_72) {
  float buf0[1];
  *(buf0+0) = ((float)(-INFINITY));
  for (int Ridx0 = 0; Ridx0 < 18; Ridx0++) {
    float val0 = (*(buf0+0));
    float4 val1 = (*((float4*)((data1_72+(Ridx0<<2)))));
    float alu1 = -val1.x;
    float alu2 = -val1.y;
    float alu3 = -val1.z;
    float alu4 = -val1.w;
    float alu5 = ((alu1<alu2)?alu2:alu1);
    float alu6 = ((alu5<alu3)?alu3:alu5);
    float alu7 = ((alu6<alu4)?alu4:alu6);
    float alu8 = ((val0<alu7)?alu7:val0);
    *(buf0+0) = alu8;
  }
  *(data0_1+0) = -(*(buf0+0));
}
