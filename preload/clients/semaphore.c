/* A C client of the nvgpu/nvmap UAPI (L4T r36 layout), as a program written
 * against the kernel headers would be: CUDA's init sequence (seed 001),
 * memory, a channel, and one 64-bit semaphore release with timestamp
 * submitted through the usermode doorbell. Exit 0 when the payload and a
 * non-zero timestamp arrive. Run it under LD_PRELOAD=libgpuiface_preload.so. */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

struct nvgpu_gpu_get_characteristics { uint64_t buf_size, buf_addr; };
struct nvmap_available_heaps { uint64_t heaps; };
struct nvmap_query_heap_params { uint32_t heap_mask, flags; uint8_t contig; uint64_t total, free, largest_free_block; uint32_t granule_size; };
struct nvmap_create_handle { uint32_t size, handle; };
struct nvmap_alloc_handle { uint32_t handle, heap_mask, flags, align; int32_t numa_nid; };
struct nvgpu_alloc_as_args { uint32_t big_page_size; int32_t as_fd; uint32_t flags, reserved; uint64_t start, end, split; uint32_t padding[6]; };
struct nvgpu_as_alloc_space_args { uint64_t pages; uint32_t page_size, flags; uint64_t offset; uint32_t padding[2]; };
struct nvgpu_as_map_buffer_ex_args { uint32_t flags; int16_t compr_kind, incompr_kind; uint32_t dmabuf_fd, page_size; uint64_t buffer_offset, mapping_size, offset; };
struct nvgpu_gpu_open_tsg_args { uint32_t tsg_fd, flags; uint64_t source_device_instance_id, share_token; };
struct nvgpu_tsg_create_subcontext_args { uint32_t type; int32_t as_fd; uint32_t veid, reserved; };
struct nvgpu_gpu_open_channel_args { int32_t channel_fd; };
struct nvgpu_as_bind_channel_args { uint32_t channel_fd; };
struct nvgpu_tsg_bind_channel_ex_args { int32_t channel_fd; uint32_t subcontext_id; uint8_t reserved[16]; };
struct nvgpu_channel_wdt_args { uint32_t wdt_status, timeout_ms; };
struct nvgpu_channel_setup_bind_args { uint32_t num_gpfifo_entries, num_inflight_jobs, flags; int32_t userd_dmabuf_fd, gpfifo_dmabuf_fd; uint32_t work_submit_token; uint64_t userd_dmabuf_offset, gpfifo_dmabuf_offset, gpfifo_gpu_va, userd_gpu_va, usermode_mmio_gpu_va; uint32_t reserved[9]; };
struct nvgpu_get_user_syncpoint_args { uint64_t gpu_va; uint32_t syncpoint_id, syncpoint_max; };
struct nvgpu_alloc_obj_ctx_args { uint32_t class_num, flags; uint64_t obj_id; };

_Static_assert(sizeof(struct nvmap_alloc_handle) == 20, "r36 nvmap_alloc_handle");
_Static_assert(sizeof(struct nvmap_query_heap_params) == 48, "r36 query_heap_params");
_Static_assert(sizeof(struct nvgpu_alloc_as_args) == 64, "alloc_as");
_Static_assert(sizeof(struct nvgpu_gpu_open_tsg_args) == 24, "r36 open_tsg");
_Static_assert(sizeof(struct nvgpu_channel_setup_bind_args) == 104, "setup_bind");

#define NVMAP_IOC_CREATE _IOWR('N', 0, struct nvmap_create_handle)
#define NVMAP_IOC_ALLOC _IOW('N', 3, struct nvmap_alloc_handle)
#define NVMAP_IOC_GET_FD _IOWR('N', 15, struct nvmap_create_handle)
#define NVMAP_IOC_GET_AVAILABLE_HEAPS _IOR('N', 25, struct nvmap_available_heaps)
#define NVMAP_IOC_QUERY_HEAP_PARAMS _IOR('N', 105, struct nvmap_query_heap_params)
#define NVGPU_GPU_IOCTL_GET_CHARACTERISTICS _IOWR('G', 5, struct nvgpu_gpu_get_characteristics)
#define NVGPU_GPU_IOCTL_ALLOC_AS _IOWR('G', 8, struct nvgpu_alloc_as_args)
#define NVGPU_GPU_IOCTL_OPEN_TSG _IOWR('G', 9, struct nvgpu_gpu_open_tsg_args)
#define NVGPU_GPU_IOCTL_OPEN_CHANNEL _IOWR('G', 11, struct nvgpu_gpu_open_channel_args)
#define NVGPU_AS_IOCTL_BIND_CHANNEL _IOWR('A', 1, struct nvgpu_as_bind_channel_args)
#define NVGPU_AS_IOCTL_ALLOC_SPACE _IOWR('A', 6, struct nvgpu_as_alloc_space_args)
#define NVGPU_AS_IOCTL_MAP_BUFFER_EX _IOWR('A', 7, struct nvgpu_as_map_buffer_ex_args)
#define NVGPU_TSG_IOCTL_BIND_CHANNEL_EX _IOWR('T', 11, struct nvgpu_tsg_bind_channel_ex_args)
#define NVGPU_TSG_IOCTL_CREATE_SUBCONTEXT _IOWR('T', 18, struct nvgpu_tsg_create_subcontext_args)
#define NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX _IOWR('H', 108, struct nvgpu_alloc_obj_ctx_args)
#define NVGPU_IOCTL_CHANNEL_WDT _IOW('H', 119, struct nvgpu_channel_wdt_args)
#define NVGPU_IOCTL_CHANNEL_GET_USER_SYNCPOINT _IOR('H', 126, struct nvgpu_get_user_syncpoint_args)
#define NVGPU_IOCTL_CHANNEL_SETUP_BIND _IOWR('H', 128, struct nvgpu_channel_setup_bind_args)

#define CHECK(x) do { if ((x) < 0) { perror(#x); return 1; } } while (0)

static int nvmap_fd, as_fd;

/* CREATE → ALLOC → GET_FD → MAP_BUFFER_EX → mmap. */
static int alloc_buf(uint32_t size, int *dmabuf, uint64_t *va, void **cpu) {
    struct nvmap_create_handle c = { .size = size };
    CHECK(ioctl(nvmap_fd, NVMAP_IOC_CREATE, &c));
    struct nvmap_alloc_handle a = { .handle = c.handle, .heap_mask = 1u << 30, .flags = (0x900u << 16) | 1, .align = 4096 };
    CHECK(ioctl(nvmap_fd, NVMAP_IOC_ALLOC, &a));
    struct nvmap_create_handle g = { .handle = c.handle };
    CHECK(ioctl(nvmap_fd, NVMAP_IOC_GET_FD, &g));
    struct nvgpu_as_map_buffer_ex_args m = { .compr_kind = -1, .incompr_kind = 0, .dmabuf_fd = g.size, .page_size = 4096 };
    CHECK(ioctl(as_fd, NVGPU_AS_IOCTL_MAP_BUFFER_EX, &m));
    *cpu = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, (int)g.size, 0);
    if (*cpu == MAP_FAILED) { perror("mmap"); return 1; }
    *dmabuf = (int)g.size;
    *va = m.offset;
    return 0;
}

int main(void) {
    nvmap_fd = open("/dev/nvmap", O_RDWR | O_CLOEXEC);
    CHECK(nvmap_fd);
    struct nvmap_available_heaps heaps = { 0 };
    CHECK(ioctl(nvmap_fd, NVMAP_IOC_GET_AVAILABLE_HEAPS, &heaps));
    int ctrl = open("/dev/nvgpu/igpu0/ctrl", O_RDWR | O_CLOEXEC);
    CHECK(ctrl);
    uint8_t chars[328];
    struct nvgpu_gpu_get_characteristics gc = { .buf_size = sizeof chars, .buf_addr = (uint64_t)(uintptr_t)chars };
    CHECK(ioctl(ctrl, NVGPU_GPU_IOCTL_GET_CHARACTERISTICS, &gc));
    uint32_t arch; memcpy(&arch, chars, 4);
    struct nvmap_query_heap_params qh = { .heap_mask = 1u << 30 };
    CHECK(ioctl(nvmap_fd, NVMAP_IOC_QUERY_HEAP_PARAMS, &qh));
    struct nvgpu_alloc_as_args as = { .flags = 2, .start = 2 << 20, .end = (1ull << 40) - (2 << 20) };
    CHECK(ioctl(ctrl, NVGPU_GPU_IOCTL_ALLOC_AS, &as));
    as_fd = as.as_fd;
    for (uint64_t w = 0xFD00000000ull; w <= 0xFE00000000ull; w += 0x100000000ull) {
        struct nvgpu_as_alloc_space_args sp = { .pages = (1u << 30) / 4096, .page_size = 4096, .flags = 1, .offset = w };
        CHECK(ioctl(as_fd, NVGPU_AS_IOCTL_ALLOC_SPACE, &sp));
    }
    struct nvgpu_gpu_open_tsg_args tsg = { 0 };
    CHECK(ioctl(ctrl, NVGPU_GPU_IOCTL_OPEN_TSG, &tsg));
    struct nvgpu_tsg_create_subcontext_args sc = { .type = 1, .as_fd = as_fd };
    CHECK(ioctl((int)tsg.tsg_fd, NVGPU_TSG_IOCTL_CREATE_SUBCONTEXT, &sc));
    struct nvgpu_gpu_open_channel_args oc = { .channel_fd = -1 };
    CHECK(ioctl(ctrl, NVGPU_GPU_IOCTL_OPEN_CHANNEL, &oc));
    int ch = oc.channel_fd;
    struct nvgpu_as_bind_channel_args ab = { .channel_fd = (uint32_t)ch };
    CHECK(ioctl(as_fd, NVGPU_AS_IOCTL_BIND_CHANNEL, &ab));
    struct nvgpu_tsg_bind_channel_ex_args tb = { .channel_fd = ch, .subcontext_id = sc.veid };
    CHECK(ioctl((int)tsg.tsg_fd, NVGPU_TSG_IOCTL_BIND_CHANNEL_EX, &tb));
    struct nvgpu_channel_wdt_args wdt = { .wdt_status = 1 };
    CHECK(ioctl(ch, NVGPU_IOCTL_CHANNEL_WDT, &wdt));
    int gp_fd, ud_fd, mem_fd; uint64_t gp_va, ud_va, mem_va; void *gp, *ud, *mem;
    if (alloc_buf(8192, &gp_fd, &gp_va, &gp) || alloc_buf(4096, &ud_fd, &ud_va, &ud) || alloc_buf(4096, &mem_fd, &mem_va, &mem)) return 1;
    struct nvgpu_channel_setup_bind_args sb = { .num_gpfifo_entries = 1024, .flags = (1 << 3) | (1 << 1), .userd_dmabuf_fd = ud_fd, .gpfifo_dmabuf_fd = gp_fd };
    CHECK(ioctl(ch, NVGPU_IOCTL_CHANNEL_SETUP_BIND, &sb));
    struct nvgpu_get_user_syncpoint_args sy = { 0 };
    CHECK(ioctl(ch, NVGPU_IOCTL_CHANNEL_GET_USER_SYNCPOINT, &sy));
    struct nvgpu_alloc_obj_ctx_args obj = { .class_num = 0xc7c0 };
    CHECK(ioctl(ch, NVGPU_IOCTL_CHANNEL_ALLOC_OBJ_CTX, &obj));
    volatile uint8_t *regs = mmap(NULL, 0x10000, PROT_READ | PROT_WRITE, MAP_SHARED, ctrl, 0);
    if (regs == MAP_FAILED) { perror("mmap ctrl"); return 1; }

    /* Pushbuffer at mem+256: SEM_ADDR_LO..SEM_EXECUTE, one incrementing method. */
    uint64_t sem = mem_va, payload = 0x1122334455667788ull;
    uint32_t *pb = (uint32_t *)((uint8_t *)mem + 256);
    pb[0] = (1u << 29) | (5u << 16) | (0x5c >> 2);
    pb[1] = (uint32_t)sem; pb[2] = (uint32_t)(sem >> 32);
    pb[3] = (uint32_t)payload; pb[4] = (uint32_t)(payload >> 32);
    pb[5] = 1u | (1u << 24) | (1u << 25); /* RELEASE, 64-bit payload, timestamp */
    uint64_t entry = ((mem_va + 256) & 0xfffffffffcull) | (6ull << 42);
    ((volatile uint64_t *)gp)[0] = entry;
    __sync_synchronize();
    *(volatile uint32_t *)((uint8_t *)ud + 0x8c) = 1;             /* GP_PUT */
    __sync_synchronize();
    *(volatile uint32_t *)(regs + 0x90) = sb.work_submit_token;   /* doorbell */

    volatile uint64_t *s = (volatile uint64_t *)mem;
    struct timespec t0, t; clock_gettime(CLOCK_MONOTONIC, &t0);
    while (s[0] != payload) {
        clock_gettime(CLOCK_MONOTONIC, &t);
        if (t.tv_sec - t0.tv_sec > 10) { fprintf(stderr, "timeout: semaphore %#llx\n", (unsigned long long)s[0]); return 1; }
        usleep(100);
    }
    printf("arch %#x token %u syncpoint %u: payload %#llx timestamp %llu\n", arch, sb.work_submit_token, sy.syncpoint_id,
           (unsigned long long)s[0], (unsigned long long)s[1]);
    return s[1] != 0 ? 0 : 1;
}
