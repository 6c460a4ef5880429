extern "C" __global__ void iops(const unsigned *a, const unsigned *b, unsigned *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x; if (i >= n) return;
  unsigned x = a[i], y = b[i] | 1; int sx = (int)x, sy = (int)y;
  o[16*i+0] = x / y; o[16*i+1] = x % y; o[16*i+2] = sx / sy; o[16*i+3] = sx % sy;
  o[16*i+4] = __popc(x); o[16*i+5] = __clz(x); o[16*i+6] = __brev(x); o[16*i+7] = __ffs(x);
  o[16*i+8] = min(x, y); o[16*i+9] = max(sx, sy); o[16*i+10] = __byte_perm(x, y, 0x5140);
  o[16*i+11] = __funnelshift_l(x, y, i); o[16*i+12] = __umulhi(x, y); o[16*i+13] = __mulhi(sx, sy);
  o[16*i+14] = (x > y) ? x - y : y + 3; o[16*i+15] = abs(sx) ^ (x >> (y & 31));
}
extern "C" __global__ void fops(const float *a, const float *b, float *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x; if (i >= n) return;
  float x = a[i], y = b[i];
  o[16*i+0] = x / y; o[16*i+1] = sqrtf(fabsf(x)); o[16*i+2] = __expf(x); o[16*i+3] = __sinf(x);
  o[16*i+4] = __cosf(x); o[16*i+5] = __log2f(fabsf(y)+1.f); o[16*i+6] = rsqrtf(fabsf(x)+1.f); o[16*i+7] = fminf(x,y);
  o[16*i+8] = fmaxf(x,y); o[16*i+9] = (float)(int)x; o[16*i+10] = (float)(unsigned)y; o[16*i+11] = x * y + 1.0f;
  o[16*i+12] = __fdividef(x, y); o[16*i+13] = floorf(x); o[16*i+14] = ceilf(y); o[16*i+15] = __frcp_rn(y);
}
extern "C" __global__ void dops(const double *a, const double *b, double *o, long long *oi, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x; if (i >= n) return;
  double x = a[i], y = b[i];
  o[4*i+0] = x / y; o[4*i+1] = sqrt(fabs(x)); o[4*i+2] = fma(x, y, 1.0); o[4*i+3] = (double)(float)x;
  oi[2*i] = (long long)x; oi[2*i+1] = (long long)(x*y) / ((long long)y | 1);
}
extern "C" __global__ void warp(const int *a, int *o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x; int v = i < n ? a[i] : 0;
  int s = v;
  for (int k = 16; k > 0; k >>= 1) s += __shfl_down_sync(0xffffffff, s, k);
  unsigned b = __ballot_sync(0xffffffff, v & 1);
  int any = __any_sync(0xffffffff, v > 100); int all = __all_sync(0xffffffff, v >= 0);
  int x = __shfl_xor_sync(0xffffffff, v, 3); int u = __shfl_up_sync(0xffffffff, v, 2); int idx = __shfl_sync(0xffffffff, v, (threadIdx.x * 5) & 31);
  if (i < n) { o[6*i] = s; o[6*i+1] = b; o[6*i+2] = any + 2*all; o[6*i+3] = x; o[6*i+4] = u; o[6*i+5] = idx; }
}
extern "C" __global__ void atom(int *g, unsigned *u, float *f, unsigned long long *ull, int n) {
  __shared__ int sh[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x < 64) sh[threadIdx.x] = 0;
  __syncthreads();
  if (i < n) {
    atomicAdd(&g[0], i); atomicMin(&g[1], -i); atomicMax(&g[2], i); atomicOr(u, 1u << (i & 31)); atomicAnd(u+1, ~(1u << (i&31)));
    atomicXor(u+2, i); atomicInc(u+3, 1000); atomicAdd(f, 0.5f); atomicAdd(ull, (unsigned long long)i << 20);
    atomicCAS(&g[3], i - 1, i); atomicExch(&g[4], i);
    atomicAdd(&sh[i & 63], 1); atomicMax(&sh[(i*7) & 63], i);
  }
  __syncthreads();
  int c = __syncthreads_count(i < n && (i & 1));
  if (threadIdx.x < 64) atomicAdd(&g[8 + threadIdx.x], sh[threadIdx.x] + c);
}
// Thread 0 of each block takes a ticket: order[] lists the blocks in the order they ran.
extern "C" __global__ void ticket(unsigned *counter, unsigned *order) {
  if (threadIdx.x == 0) order[atomicAdd(counter, 1u)] = blockIdx.x;
}
