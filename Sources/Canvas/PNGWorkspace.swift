import CPNG

/// The PNG writer's compressor and buffers for one image, borrowed from a pool shared by every
/// thread: the pool holds as many as images were drawn at once, not one per thread ever started.
package struct PNGWorkspace {
    /// Nil when memory ran out; the writer then reports it when asked for buffers.
    let pointer: OpaquePointer?

    /// Runs `body` with a workspace of its own, given back afterwards.
    static func using<R, E: Error>(_ body: (PNGWorkspace) throws(E) -> R) throws(E) -> R {
        let pointer = gazette_png_workspace_take()
        defer { gazette_png_workspace_give_back(pointer) }
        return try body(PNGWorkspace(pointer: pointer))
    }

    /// Frees the workspaces not in use (drawing is over for now; a later image makes new ones).
    package static func releaseIdle() {
        gazette_png_workspaces_release_idle()
    }
}
