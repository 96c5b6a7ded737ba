import CMemory

/// Gives memory freed by a finished phase back to the system. glibc keeps freed heap memory for
/// reuse and raises its threshold for returning big blocks, so without this the peak of reading
/// a long log would stay the process's size for the rest of the build.
enum MemoryTrim {
    static func returnFreedMemory() {
        gazette_return_freed_memory()
    }
}
