// tinygrad 0.14.0, case cumsum_big, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(16) r_3_256_16_16(float* data0_768, float* data1_600) {
  float buf0[1];
  float buf1[1];
  __shared__ __align__(16) float buf2[16];
  int gidx0 = blockIdx.x; /* 256 */
  int gidx1 = blockIdx.y; /* 3 */
  int lidx0 = threadIdx.x; /* 16 */
  int alu0 = (gidx1<<8);
  *(buf0+0) = 0.0f;
  for (int Ridx0 = 0; Ridx0 < 16; Ridx0++) {
    int alu2 = (gidx0+(lidx0<<4)+Ridx0);
    int alu3 = (alu2+alu0);
    float val0 = (((254<alu2)&(422<alu3))?*(data1_600+(alu3+-423)):0.0f);
    *(buf0+0) = ((*(buf0+0))+val0);
  }
  *(buf2+lidx0) = (*(buf0+0));
  __syncthreads();
  *(buf1+0) = 0.0f;
  for (int Ridx103 = 0; Ridx103 < 16; Ridx103++) {
    float val1 = (*(buf2+Ridx103));
    *(buf1+0) = ((*(buf1+0))+val1);
  }
  if ((lidx0==0)) {
    *(data0_768+(gidx0+alu0)) = (*(buf1+0));
  }
}
