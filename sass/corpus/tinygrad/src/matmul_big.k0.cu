// tinygrad 0.14.0, case matmul_big, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(16) r_32_16_16_4(float* data0_512, float* data1_2048, float* data2_1024) {
  float buf0[1];
  float buf1[1];
  __shared__ __align__(16) float buf2[16];
  int gidx0 = blockIdx.x; /* 16 */
  int gidx1 = blockIdx.y; /* 32 */
  int lidx0 = threadIdx.x; /* 16 */
  *(buf0+0) = 0.0f;
  for (int Ridx0 = 0; Ridx0 < 4; Ridx0++) {
    float val0 = (*(data1_2048+((lidx0<<2)+Ridx0+(gidx1<<6))));
    float val1 = (*(data2_1024+(gidx0+(lidx0<<6)+(Ridx0<<4))));
    *(buf0+0) = ((*(buf0+0))+(val0*val1));
  }
  *(buf2+lidx0) = (*(buf0+0));
  __syncthreads();
  *(buf1+0) = 0.0f;
  for (int Ridx103 = 0; Ridx103 < 16; Ridx103++) {
    float val2 = (*(buf2+Ridx103));
    *(buf1+0) = ((*(buf1+0))+val2);
  }
  if ((lidx0==0)) {
    *(data0_512+(gidx0+(gidx1<<4))) = (*(buf1+0));
  }
}
