// tinygrad 0.14.0, case softplus, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(1) E_5_4(float* data0_20, float* data1_20) {
  int gidx0 = blockIdx.x; /* 5 */
  int alu0 = (gidx0<<2);
  float4 val0 = (*((float4*)((data1_20+alu0))));
  float alu1 = ((val0.x<0.0f)?0.0f:val0.x);
  float alu2 = ((val0.y<0.0f)?0.0f:val0.y);
  float alu3 = ((val0.z<0.0f)?0.0f:val0.z);
  float alu4 = ((val0.w<0.0f)?0.0f:val0.w);
  *((float4*)((data0_20+alu0))) = make_float4(((log2((exp2(((val0.x-alu1)*1.4426950216293335f))+exp2((alu1*-1.4426950216293335f))))*0.6931471824645996f)+alu1),((log2((exp2(((val0.y-alu2)*1.4426950216293335f))+exp2((alu2*-1.4426950216293335f))))*0.6931471824645996f)+alu2),((log2((exp2(((val0.z-alu3)*1.4426950216293335f))+exp2((alu3*-1.4426950216293335f))))*0.6931471824645996f)+alu3),((log2((exp2(((val0.w-alu4)*1.4426950216293335f))+exp2((alu4*-1.4426950216293335f))))*0.6931471824645996f)+alu4));
}
