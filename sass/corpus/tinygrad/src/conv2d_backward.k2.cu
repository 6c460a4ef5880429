// tinygrad 0.14.0, case conv2d_backward, kernel 2 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(18) r_2_2_3_3_3_3(float* data0_36, float* data1_50, float* data2_18) {
  int lidx0 = threadIdx.x; /* 2 */
  int lidx1 = threadIdx.y; /* 3 */
  int lidx2 = threadIdx.z; /* 3 */
  int alu0 = (lidx2+(lidx1*5)+(lidx0*25));
  float val0 = (*(data1_50+alu0));
  float val1 = (*(data1_50+(alu0+1)));
  float val2 = (*(data1_50+(alu0+2)));
  float val3 = (*(data1_50+(alu0+5)));
  float val4 = (*(data1_50+(alu0+6)));
  float val5 = (*(data1_50+(alu0+7)));
  float val6 = (*(data1_50+(alu0+10)));
  float val7 = (*(data1_50+(alu0+11)));
  float val8 = (*(data1_50+(alu0+12)));
  int gidx0 = blockIdx.x; /* 2 */
  int alu1 = (gidx0*9);
  float val9 = (*(data2_18+(alu1+1)));
  float val10 = (*(data2_18+(alu1+2)));
  float val11 = (*(data2_18+(alu1+3)));
  float val12 = (*(data2_18+(alu1+4)));
  float val13 = (*(data2_18+(alu1+5)));
  float val14 = (*(data2_18+(alu1+6)));
  float val15 = (*(data2_18+(alu1+7)));
  float val16 = (*(data2_18+(alu1+8)));
  float val17 = (*(data2_18+alu1));
  *(data0_36+(lidx2+(lidx1*3)+(lidx0*9)+(gidx0*18))) = ((val0*val17)+(val1*val9)+(val2*val10)+(val3*val11)+(val4*val12)+(val5*val13)+(val6*val14)+(val7*val15)+(val8*val16));
}
