import CSystem
import Foundation
import VipsKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Children that die with the process that started them, whatever ends it (TERM, INT, a crash,
/// kill -9), so that no worker or ffmpeg encodes on for a build that is gone.
///
/// On Linux, a child asks the kernel for SIGKILL when its parent ends (`PR_SET_PDEATHSIG`), then
/// checks that its parent is still the one that started it (else the parent died before the
/// request, and the child ends at once). `posix_spawn` cannot make that request between fork and
/// exec, so a worker makes it itself at start (``bindToStartingParent()``), and programs such
/// as ffmpeg are started through this binary as a tiny exec helper, `vitrine __exec PARENTPID
/// PROGRAM ARGS...`, which makes it and then becomes the program (the signal outlives exec).
/// The kernel sends the signal when the parent's *thread* that started the child ends: every
/// child is started from the ``Spawner`` thread, which lives as long as the process.
/// Elsewhere than Linux children are started directly and end with their pipes.
public enum ParentDeath {
    /// The environment variable through which a worker learns the id of the process that started it.
    static let parentVariable = "VITRINE_PARENT_PID"

    /// The hidden subcommand of the exec helper.
    public static let execHelperCommand = "__exec"

    /// Asks for SIGKILL when the parent ends; whether the parent is still `parent` (false: it
    /// has already gone, and the caller should end at once). Always true elsewhere than Linux.
    public static func bind(toParent parent: pid_t) -> Bool {
        #if os(Linux)
            _ = vitrine_set_parent_death_signal(SIGKILL)
            return getppid() == parent
        #else
            return true
        #endif
    }

    /// For a worker: ``bind(toParent:)`` to the process named by its environment (set by the
    /// pool); true when none is named (a worker started by hand).
    public static func bindToStartingParent() -> Bool {
        guard let named = ProcessInfo.processInfo.environment[parentVariable], let parent = pid_t(named), parent > 0 else {
            return true
        }
        return bind(toParent: parent)
    }

    /// The environment a worker started by this process gets, for ``bindToStartingParent()``.
    static var workerEnvironment: [String: String] { [parentVariable: String(getpid())] }

    /// The binary ``Subprocess`` starts programs through, as the exec helper; nil (the default,
    /// and in a test process) starts them directly.
    private static let helper = Locked<String?>(nil)

    /// Makes ``Subprocess`` start programs so that they die with this process: call early in the
    /// `vitrine` executable, which answers ``execHelperCommand`` (``runExecHelper(_:)``).
    /// `/proc/self/exe` is this process's binary even if the file has since been replaced.
    public static func startProgramsThroughThisBinary() {
        #if os(Linux)
            helper.withLock { $0 = "/proc/self/exe" }
        #endif
    }

    /// util-linux's `setpriv`, which sets the death signal and execs, and a POSIX shell: where
    /// both are, programs start through them. Loading this binary (its C libraries) for each
    /// start costs as much as ffprobe's own start; `setpriv` and `sh` a small part of that
    /// (bench/README.md, "Starting ffmpeg and ffprobe").
    static let lightHelper: (setpriv: String, shell: String)? = {
        guard let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first(where: FileManager.default.isExecutableFile(atPath:)),
            FileManager.default.isExecutableFile(atPath: "/bin/sh")
        else { return nil }
        return (setpriv, "/bin/sh")
    }()

    /// The shell's part: `setpriv` has set the death signal; the shell, started after that,
    /// checks that its parent is still the one named in `$0` (else the parent ended before the
    /// request, and nothing would kill the program), then becomes the program with its
    /// arguments as given (`"$@"`: never read as shell words).
    static let parentCheck = #"[ "$PPID" = "$0" ] || exit 1; exec "$@""#

    /// What to start for `program` (a full path) with `arguments`: `setpriv` and the shell's
    /// check, or this binary's exec helper, with the program and this process's id; the program
    /// itself in a process that is not vitrine (a test's).
    static func launch(_ program: String, _ arguments: [String]) -> (executable: String, arguments: [String]) {
        guard let helper = helper.current else { return (program, arguments) }
        if let light = lightHelper {
            return (light.setpriv, ["--pdeathsig", "KILL", "--", light.shell, "-c", parentCheck, String(getpid()), program] + arguments)
        }
        return (helper, [execHelperCommand, String(getpid()), program] + arguments)
    }

    /// `vitrine __exec PARENTPID PROGRAM ARGS...` (the words after `__exec`): binds to PARENTPID,
    /// then replaces this process with PROGRAM (a full path). Returns only on failure: 2 for a
    /// bad call, 1 when the parent is gone, 127 when PROGRAM cannot be run.
    public static func runExecHelper(_ words: [String]) -> Int32 {
        guard words.count >= 2, let parent = pid_t(words[0]), parent > 0, words[1].hasPrefix("/") else {
            Descriptor.write("vitrine: \(execHelperCommand) needs PARENTPID and a program's full path\n", to: 2)
            return 2
        }
        guard bind(toParent: parent) else { return 1 }
        let argv = words.dropFirst().map { strdup($0) } + [nil]
        execv(words[1], argv)
        let reason = String(cString: strerror(errno))
        Descriptor.write("vitrine: cannot run \(words[1]): \(reason)\n", to: 2)
        return 127
    }
}
