// tinygrad 0.14.0, case softmax_backward, kernel 1 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(3) r_3_6(float* data0_3, float* data1_18, float* data2_3) {
  int lidx0 = threadIdx.x; /* 3 */
  float val0 = (*(data2_3+lidx0));
  int alu0 = (lidx0*6);
  float2 val1 = (*((float2*)((data1_18+(alu0+2)))));
  float2 val2 = (*((float2*)((data1_18+(alu0+4)))));
  float2 val3 = (*((float2*)((data1_18+alu0))));
  *(data0_3+lidx0) = (exp2(((val3.x-val0)*1.4426950216293335f))+exp2(((val3.y-val0)*1.4426950216293335f))+exp2(((val1.x-val0)*1.4426950216293335f))+exp2(((val1.y-val0)*1.4426950216293335f))+exp2(((val2.x-val0)*1.4426950216293335f))+exp2(((val2.y-val0)*1.4426950216293335f)));
}
