// tinygrad 0.14.0, case softmax_backward, kernel 3 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(9) E_2_3_3(float* data0_18, float* data1_18, float* data2_3, float* data3_3, float* data4_3) {
  int gidx0 = blockIdx.x; /* 2 */
  int lidx0 = threadIdx.x; /* 3 */
  int lidx1 = threadIdx.y; /* 3 */
  int alu0 = (lidx1+(gidx0*3));
  int alu1 = (alu0+(lidx0*6));
  float val0 = (*(data1_18+alu1));
  float val1 = (*(data2_3+lidx0));
  float val2 = (*(data3_3+lidx0));
  float val3 = (*(data4_3+lidx0));
  *(data0_18+alu1) = (exp2(((val0-val1)*1.4426950216293335f))*(((1/val2)*((float)(alu0)))+val3));
}
