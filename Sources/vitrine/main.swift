import Foundation

// Data goes to stdout, messages to stderr; the exit status says how it went (see vitrine(1)).
// A closed stderr must not end the process (SIGPIPE's default): messages that cannot be written
// are dropped, and stdout raises SIGPIPE itself when its reader is gone (Output.write).
signal(SIGPIPE, SIG_IGN)
exit(Frontend.run(Array(CommandLine.arguments.dropFirst())))
