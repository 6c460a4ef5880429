// tinygrad 0.14.0, case conv2d, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(48) r_3_4_4_2_3_3(float* data0_48, float* data1_72, float* data2_54) {
  float buf0[1];
  int lidx0 = threadIdx.x; /* 3 */
  int lidx1 = threadIdx.y; /* 4 */
  int lidx2 = threadIdx.z; /* 4 */
  *(buf0+0) = 0.0f;
  for (int Ridx0 = 0; Ridx0 < 2; Ridx0++) {
    int alu1 = (lidx2+(lidx1*6)+(Ridx0*36));
    float val0 = (*(data1_72+alu1));
    float val1 = (*(data1_72+(alu1+1)));
    float val2 = (*(data1_72+(alu1+2)));
    float val3 = (*(data1_72+(alu1+6)));
    float val4 = (*(data1_72+(alu1+7)));
    float val5 = (*(data1_72+(alu1+8)));
    float val6 = (*(data1_72+(alu1+12)));
    float val7 = (*(data1_72+(alu1+13)));
    float val8 = (*(data1_72+(alu1+14)));
    int alu2 = ((lidx0*18)+(Ridx0*9));
    float val9 = (*(data2_54+(alu2+1)));
    float val10 = (*(data2_54+(alu2+2)));
    float val11 = (*(data2_54+(alu2+3)));
    float val12 = (*(data2_54+(alu2+4)));
    float val13 = (*(data2_54+(alu2+5)));
    float val14 = (*(data2_54+(alu2+6)));
    float val15 = (*(data2_54+(alu2+7)));
    float val16 = (*(data2_54+(alu2+8)));
    float val17 = (*(data2_54+alu2));
    *(buf0+0) = ((*(buf0+0))+(val0*val17)+(val1*val9)+(val2*val10)+(val3*val11)+(val4*val12)+(val5*val13)+(val6*val14)+(val7*val15)+(val8*val16));
  }
  *(data0_48+(lidx2+(lidx1<<2)+(lidx0<<4))) = (*(buf0+0));
}
