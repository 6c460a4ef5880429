// tinygrad 0.14.0, case softmax, kernel 1 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(4) r_4_10(float* data0_4, float* data1_40, float* data2_4) {
  int lidx0 = threadIdx.x; /* 4 */
  float val0 = (*(data2_4+lidx0));
  int alu0 = (lidx0*10);
  float2 val1 = (*((float2*)((data1_40+(alu0+2)))));
  float2 val2 = (*((float2*)((data1_40+(alu0+4)))));
  float2 val3 = (*((float2*)((data1_40+(alu0+6)))));
  float2 val4 = (*((float2*)((data1_40+(alu0+8)))));
  float2 val5 = (*((float2*)((data1_40+alu0))));
  *(data0_4+lidx0) = (exp2(((val5.x-val0)*1.4426950216293335f))+exp2(((val5.y-val0)*1.4426950216293335f))+exp2(((val1.x-val0)*1.4426950216293335f))+exp2(((val1.y-val0)*1.4426950216293335f))+exp2(((val2.x-val0)*1.4426950216293335f))+exp2(((val2.y-val0)*1.4426950216293335f))+exp2(((val3.x-val0)*1.4426950216293335f))+exp2(((val3.y-val0)*1.4426950216293335f))+exp2(((val4.x-val0)*1.4426950216293335f))+exp2(((val4.y-val0)*1.4426950216293335f)));
}
