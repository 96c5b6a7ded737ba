import CMemory

/// Gives memory freed by a finished phase back to the system. glibc keeps freed heap memory for
/// reuse and raises its threshold for returning big blocks, so without this the peak of reading
/// a long log would stay the process's size for the rest of the build.
package enum MemoryTrim {
    /// One heap for every thread, asked for before the build starts its workers. glibc gives
    /// each thread that allocates at once an arena of its own, and memory freed in one arena is
    /// not reused by another, nor given back by one trim: with one arena GazetteBench's scale part
    /// measured a cold build of 10,000 reports at 63 CPU-seconds, not 81, and a rebuild of 100,000
    /// with one log edited some 10 MB lower (each thread keeps a small cache of its own, so they
    /// seldom wait for the lock).
    package static func shareOneArena() {
        gazette_share_one_arena()
    }

    static func returnFreedMemory() {
        gazette_return_freed_memory()
    }
}
