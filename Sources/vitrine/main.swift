import Foundation
import VitrineKit

// Data goes to stdout, messages to stderr; the exit status says how it went (see vitrine(1)).
// A closed stderr must not end the process (SIGPIPE's default): messages that cannot be written
// are dropped, and stdout raises SIGPIPE itself when its reader is gone (Output.write).
signal(SIGPIPE, SIG_IGN)
let words = Array(CommandLine.arguments.dropFirst())
// `vitrine __exec PARENTPID PROGRAM ARGS...`, the hidden exec helper that starts ffmpeg so that it
// dies with its parent (ParentDeath): its words are the program's, never parsed as options.
if words.first == ParentDeath.execHelperCommand { exit(ParentDeath.runExecHelper(Array(words.dropFirst()))) }
ParentDeath.startProgramsThroughThisBinary()
exit(Frontend.run(words))
