// module_printf: CUDA C compiled with NVRTC whose kernel calls printf: the
// module needs `vprintf`, an undefined symbol the driver provides (an
// R_CUDA_64 relocation in bank 4 against it). The module loader refuses it
// by name until it implements printf. (NVRTC declares printf itself.)
extern "C" __global__ void cu_printf(int v) { printf("v=%d tid=%d\n", v, threadIdx.x); }
