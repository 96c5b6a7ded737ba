import Foundation
import SiteOutput

/// `discarded/` in the cache home: what a build throws away that may take minutes to remove (the
/// spare of a deleted 100,000-report site is a million hard links). A build moves it here with
/// one rename and leaves its removal to `rm -rf`, started in a session of its own that outlives
/// the build, as `git gc --auto` goes on in the background: a one-report build should not wait
/// for a deleted big site's links.
struct DiscardedFolders {
    let folder: String

    init(in cacheHome: String) {
        folder = cacheHome + "/discarded"
    }

    /// Moves `path` here and starts its removal; removes it in place when it cannot be moved.
    func discard(_ path: String) {
        mkdir(folder, 0o755)
        let aside = folder + "/\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        guard rename(path, aside) == 0 else {
            if !FolderRemoval.remove(path) { unlink(path) }
            return
        }
        if !Self.removeBehind(aside) { FolderRemoval.removeEntry(aside) }
    }

    /// Starts removing whatever is here: a removal stopped before it ended (the machine was
    /// restarted, say) is taken up again by the next build. One still under way is started
    /// twice; both end with it gone.
    func removeLeftovers() {
        for name in FolderStats.names(in: folder) ?? [] { _ = Self.removeBehind(folder + "/" + name) }
    }

    /// glibc's `POSIX_SPAWN_SETSID` (since 2.26), which Swift's Glibc module does not bring in.
    private static let posixSpawnSetSID: Int16 = 0x80

    /// Starts `rm -rf PATH` through `sh`, which puts it in the background and returns at once
    /// (so nothing is left for this process to reap), in a new session (so the terminal's
    /// Ctrl-C, meant for the build, does not stop it). False when `sh` could not be started.
    private static func removeBehind(_ path: String) -> Bool {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(
                &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, posixSpawnSetSID)
        let arguments = ["sh", "-c", "rm -rf -- \"$1\" &", "sh", path]
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var child = pid_t()
        guard posix_spawnp(&child, "sh", &actions, &attributes, &argv, environ) == 0 else { return false }
        var status: Int32 = 0
        while waitpid(child, &status, 0) == -1 && errno == EINTR {}
        return true
    }
}
