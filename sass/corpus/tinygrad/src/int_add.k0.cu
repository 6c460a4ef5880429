// tinygrad 0.14.0, case int_add, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(1) E_5_4(int* data0_20, int* data1_20, int* data2_20) {
  int gidx0 = blockIdx.x; /* 5 */
  int alu0 = (gidx0<<2);
  int4 val0 = (*((int4*)((data1_20+alu0))));
  int4 val1 = (*((int4*)((data2_20+alu0))));
  *((int4*)((data0_20+alu0))) = make_int4((val0.x+val1.x),(val0.y+val1.y),(val0.z+val1.z),(val0.w+val1.w));
}
