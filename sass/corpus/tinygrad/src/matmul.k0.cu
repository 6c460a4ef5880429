// tinygrad 0.14.0, case matmul, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(4) r_5_4_8(float* data0_20, float* data1_32, float* data2_40) {
  int gidx0 = blockIdx.x; /* 5 */
  float val0 = (*(data2_40+gidx0));
  float val1 = (*(data2_40+(gidx0+5)));
  float val2 = (*(data2_40+(gidx0+10)));
  float val3 = (*(data2_40+(gidx0+15)));
  float val4 = (*(data2_40+(gidx0+20)));
  float val5 = (*(data2_40+(gidx0+25)));
  float val6 = (*(data2_40+(gidx0+30)));
  float val7 = (*(data2_40+(gidx0+35)));
  int lidx0 = threadIdx.x; /* 4 */
  int alu0 = (lidx0<<3);
  float4 val8 = (*((float4*)((data1_32+(alu0+4)))));
  float4 val9 = (*((float4*)((data1_32+alu0))));
  *(data0_20+(gidx0+(lidx0*5))) = ((val9.x*val0)+(val9.y*val1)+(val9.z*val2)+(val9.w*val3)+(val8.x*val4)+(val8.y*val5)+(val8.z*val6)+(val8.w*val7));
}
