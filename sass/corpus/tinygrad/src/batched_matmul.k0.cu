// tinygrad 0.14.0, case batched_matmul, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(6) r_5_2_3_4(float* data0_30, float* data1_24, float* data2_40) {
  int gidx0 = blockIdx.x; /* 5 */
  int lidx0 = threadIdx.x; /* 2 */
  int alu0 = (gidx0+(lidx0*20));
  float val0 = (*(data2_40+alu0));
  float val1 = (*(data2_40+(alu0+5)));
  float val2 = (*(data2_40+(alu0+10)));
  float val3 = (*(data2_40+(alu0+15)));
  int lidx1 = threadIdx.y; /* 3 */
  float4 val4 = (*((float4*)((data1_24+((lidx0*12)+(lidx1<<2))))));
  *(data0_30+(gidx0+(lidx1*5)+(lidx0*15))) = ((val4.x*val0)+(val4.y*val1)+(val4.z*val2)+(val4.w*val3));
}
