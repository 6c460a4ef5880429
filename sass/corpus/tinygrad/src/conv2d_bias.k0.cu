// tinygrad 0.14.0, case conv2d_bias, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(32) r_2_4_4_3_2_2(float* data0_32, float* data1_75, float* data2_24, float* data3_2) {
  float buf0[1];
  int lidx0 = threadIdx.x; /* 2 */
  int lidx1 = threadIdx.y; /* 4 */
  int lidx2 = threadIdx.z; /* 4 */
  *(buf0+0) = 0.0f;
  for (int Ridx0 = 0; Ridx0 < 3; Ridx0++) {
    int alu1 = (lidx2+(lidx1*5)+(Ridx0*25));
    float val0 = (*(data1_75+alu1));
    float val1 = (*(data1_75+(alu1+1)));
    float val2 = (*(data1_75+(alu1+5)));
    float val3 = (*(data1_75+(alu1+6)));
    float4 val4 = (*((float4*)((data2_24+((lidx0*12)+(Ridx0<<2))))));
    *(buf0+0) = ((*(buf0+0))+(val0*val4.x)+(val1*val4.y)+(val2*val4.z)+(val3*val4.w));
  }
  float val5 = (*(data3_2+lidx0));
  *(data0_32+(lidx2+(lidx1<<2)+(lidx0<<4))) = ((*(buf0+0))+val5);
}
