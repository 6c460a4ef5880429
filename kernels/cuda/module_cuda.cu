// module_cuda: CUDA C compiled with NVRTC (-arch=sm_87), a module the way a
// program that compiles its own kernels gets one: three kernels sharing a
// __noinline__ device function, __constant__ data (bank 3), __device__
// globals (zero- and value-initialised, one a pointer to another: relocations
// in .nv.global.init and in the compiler's bank 4), static shared memory,
// and the math library's slow paths and tables (sqrt/div/sin).
__constant__ float cu_scale[16] = {1, 2, 3, 4};
__device__ int cu_hits;
__device__ int cu_lut[8] = {1, 1, 2, 3, 5, 8, 13, 21};
__device__ int *cu_lutp = cu_lut;

__device__ __noinline__ float cu_helper(float x, int i) { return x * cu_scale[i & 15] + cu_lutp[i & 7]; }

// o[i] = o[i] * cu_scale[i % 16] + cu_lut[i % 8] for i < n; cu_hits += n.
extern "C" __global__ void cu_scale_add(float *o, int n) {
    int i = threadIdx.x + blockIdx.x * blockDim.x;
    if (i < n) {
        o[i] = cu_helper(o[i], i);
        atomicAdd(&cu_hits, 1);
    }
}

// Through shared memory, for 128 threads: o[129 + i] = cu_helper(j, j) + sqrt(o[i]) / o[i + 1]
// with j = (i + 1) mod 128 (o has 257 elements; o[0..129] are inputs).
extern "C" __global__ void cu_tile(float *o) {
    __shared__ float t[128];
    int i = threadIdx.x & 127;
    t[i] = cu_helper(i, i);
    __syncthreads();
    o[129 + i] = t[(i + 1) & 127] + sqrtf(o[i]) / o[i + 1];
}

// o[t] = sin(o[t]) + cu_lut[t % 8].
extern "C" __global__ void cu_sin(double *o) { o[threadIdx.x] = sin(o[threadIdx.x]) + cu_lut[threadIdx.x & 7]; }
