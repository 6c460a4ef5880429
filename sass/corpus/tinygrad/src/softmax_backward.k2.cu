// tinygrad 0.14.0, case softmax_backward, kernel 2 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(3) r_3_6(float* data0_3, float* data1_18, float* data2_3, float* data3_3) {
  int lidx0 = threadIdx.x; /* 3 */
  int alu0 = (lidx0*6);
  float val0 = (*(data1_18+(alu0+1)));
  float val1 = (*(data2_3+lidx0));
  float val2 = (*(data3_3+lidx0));
  float2 val3 = (*((float2*)((data1_18+(alu0+2)))));
  float2 val4 = (*((float2*)((data1_18+(alu0+4)))));
  float alu1 = (1/val2);
  *(data0_3+lidx0) = -((exp2(((val0-val1)*1.4426950216293335f))+(exp2(((val3.x-val1)*1.4426950216293335f))*2.0f)+(exp2(((val3.y-val1)*1.4426950216293335f))*3.0f)+(exp2(((val4.x-val1)*1.4426950216293335f))*4.0f)+(exp2(((val4.y-val1)*1.4426950216293335f))*5.0f))*alu1*alu1);
}
