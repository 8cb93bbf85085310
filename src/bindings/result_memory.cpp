// Batch results in kept memory (result_memory.hpp).
#include "result_memory.hpp"

#include <mutex>
#include <new>

#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#endif

namespace py = pybind11;

namespace wildeval {

#if defined(MADV_FREE)

namespace {

// A block starts with its header; the values start a cache line on.
struct Header {
    std::size_t bytes;  // the whole mapping
};
constexpr std::size_t kValuesAt = 64;

struct Kept {
    std::mutex mutex;
    void* block = nullptr;
    std::size_t bytes = 0;
};

// Never destroyed: a result may be dropped while the interpreter shuts down.
Kept& kept() {
    static Kept* k = new Kept;
    return *k;
}

void* map_block(std::size_t bytes) {
    void* block = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (block == MAP_FAILED) throw std::bad_alloc();
#if defined(MADV_HUGEPAGE)
    madvise(block, bytes, MADV_HUGEPAGE);  // as numpy asks for its large arrays
#endif
    static_cast<Header*>(block)->bytes = bytes;
    return block;
}

// The capsule's destructor: the block becomes the kept one (the one kept before goes back to the
// OS), or goes back itself when it is too large or the OS cannot take it lazily. A block up to
// kKeptResidentUpTo is kept as it is: MADV_FREE costs every thread of the process a TLB flush
// (16 threads ran a 4M-hand batch 20 % slower with it than into an `out` they reused).
void drop_block(void* block) {
    const std::size_t bytes = static_cast<Header*>(block)->bytes;
    if (bytes <= kKeptBlockUpTo && (bytes <= kKeptResidentUpTo || madvise(block, bytes, MADV_FREE) == 0)) {
        void* old = nullptr;
        std::size_t old_bytes = 0;
        {
            Kept& k = kept();
            const std::lock_guard<std::mutex> lock(k.mutex);
            old = k.block;
            old_bytes = k.bytes;
            k.block = block;
            k.bytes = bytes;
        }
        if (old != nullptr) munmap(old, old_bytes);
        return;
    }
    munmap(block, bytes);
}

// A block for `bytes` (header included): the kept one if it fits, else a new mapping.
void* take_block(std::size_t bytes) {
    {
        Kept& k = kept();
        const std::lock_guard<std::mutex> lock(k.mutex);
        if (k.block != nullptr && k.bytes >= bytes && k.bytes / 2 <= bytes) {
            void* block = k.block;
            // written again: after MADV_FREE the OS may have taken the page back (it reads 0)
            static_cast<Header*>(block)->bytes = k.bytes;
            k.block = nullptr;
            k.bytes = 0;
            return block;
        }
    }
    return map_block(bytes);
}

}  // namespace

bool keeps_result_memory() { return true; }

py::array_t<int32_t> new_result(std::size_t n) {
    if (n < kKeptResultFrom) return py::array_t<int32_t>(static_cast<py::ssize_t>(n));
    const std::size_t page = 4096;
    const std::size_t bytes = (kValuesAt + n * sizeof(int32_t) + page - 1) / page * page;
    void* block = take_block(bytes);
    py::capsule owner;
    try {
        owner = py::capsule(block, drop_block);
    } catch (...) {
        munmap(block, static_cast<Header*>(block)->bytes);
        throw;
    }
    return py::array_t<int32_t>({static_cast<py::ssize_t>(n)}, {static_cast<py::ssize_t>(sizeof(int32_t))},
                                reinterpret_cast<int32_t*>(static_cast<char*>(block) + kValuesAt), owner);
}

#else

bool keeps_result_memory() { return false; }

py::array_t<int32_t> new_result(std::size_t n) { return py::array_t<int32_t>(static_cast<py::ssize_t>(n)); }

#endif

}  // namespace wildeval
