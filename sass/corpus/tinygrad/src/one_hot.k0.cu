// tinygrad 0.14.0, case one_hot, kernel 0 of its schedule
typedef unsigned int uint;
#define INFINITY (__int_as_float(0x7f800000))
#define NAN (__int_as_float(0x7fffffff))
template <class T, class F> __device__ __forceinline__ T tg_bitcast(F v) { union U { F f; T t; }; U u; u.f = v; return u.t; }
extern "C" __global__ void __launch_bounds__(1) E_5_6(int* data0_30, int* data1_6) {
  int4 val0 = (*((int4*)((data1_6+0))));
  int2 val1 = (*((int2*)((data1_6+4))));
  int alu0 = ((val0.x!=0)?0:1);
  int alu1 = ((val0.x!=1)?0:1);
  int alu2 = ((val0.x!=2)?0:1);
  int alu3 = ((val0.x!=3)?0:1);
  int alu4 = ((val0.x!=4)?0:1);
  int alu5 = ((val0.y!=0)?0:1);
  int alu6 = ((val0.y!=1)?0:1);
  int alu7 = ((val0.y!=2)?0:1);
  int alu8 = ((val0.y!=3)?0:1);
  int alu9 = ((val0.y!=4)?0:1);
  int alu10 = ((val0.z!=0)?0:1);
  int alu11 = ((val0.z!=1)?0:1);
  int alu12 = ((val0.z!=2)?0:1);
  int alu13 = ((val0.z!=3)?0:1);
  int alu14 = ((val0.z!=4)?0:1);
  int alu15 = ((val0.w!=0)?0:1);
  int alu16 = ((val0.w!=1)?0:1);
  int alu17 = ((val0.w!=2)?0:1);
  int alu18 = ((val0.w!=3)?0:1);
  int alu19 = ((val0.w!=4)?0:1);
  int alu20 = ((val1.x!=0)?0:1);
  int alu21 = ((val1.x!=1)?0:1);
  int alu22 = ((val1.x!=2)?0:1);
  int alu23 = ((val1.x!=3)?0:1);
  int alu24 = ((val1.x!=4)?0:1);
  int alu25 = ((val1.y!=0)?0:1);
  int alu26 = ((val1.y!=1)?0:1);
  int alu27 = ((val1.y!=2)?0:1);
  int alu28 = ((val1.y!=3)?0:1);
  int alu29 = ((val1.y!=4)?0:1);
  *((int4*)((data0_30+0))) = make_int4(alu0,alu1,alu2,alu3);
  *((int4*)((data0_30+4))) = make_int4(alu4,alu5,alu6,alu7);
  *((int4*)((data0_30+8))) = make_int4(alu8,alu9,alu10,alu11);
  *((int4*)((data0_30+12))) = make_int4(alu12,alu13,alu14,alu15);
  *((int4*)((data0_30+16))) = make_int4(alu16,alu17,alu18,alu19);
  *((int4*)((data0_30+20))) = make_int4(alu20,alu21,alu22,alu23);
  *((int4*)((data0_30+24))) = make_int4(alu24,alu25,alu26,alu27);
  *((int2*)((data0_30+28))) = make_int2(alu28,alu29);
}
