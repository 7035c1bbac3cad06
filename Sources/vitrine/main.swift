import Foundation

// Data goes to stdout, messages to stderr; the exit status says how it went (see vitrine(1)).
exit(Frontend.run(Array(CommandLine.arguments.dropFirst())))
