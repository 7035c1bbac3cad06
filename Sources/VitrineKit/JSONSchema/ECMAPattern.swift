/// An ECMA-262 regular expression with the `u` flag (JSON Schema's `pattern`), compiled once
/// into a deterministic automaton: a search is one table step per code point, never
/// backtracking, so no string can make it slow. The grammar it takes is ``PatternParser``'s.
///
/// Like JSON Schema's `pattern`, a match may be anywhere in the string: `a+` matches `xay`;
/// `^` and `$` anchor it. `$` matches only at the very end (not before a final newline, as in
/// Python or ICU).
public struct ECMAPattern: Sendable, CustomStringConvertible {
    public let source: String
    /// The automaton's code point classes: code points below 128 by table, the others by
    /// searching the classes' first code points.
    private let asciiClass: [UInt16]
    private let classStarts: [UInt32]
    /// `transitions[state * classCount + class]`: the next state.
    private let transitions: [Int32]
    private let classCount: Int
    /// States in which a match has been found: the search can stop.
    private let found: [Bool]
    /// States from which a match ends at the end of the string (`$`).
    private let foundAtEnd: [Bool]
    /// Whether the empty string matches.
    private let matchesEmpty: Bool
    /// The state with no way to a match (-1 when every state may still reach one).
    private let dead: Int32

    /// Most states a pattern's automaton may have.
    static let largestAutomaton = 4096

    public var description: String { source }

    public init(_ source: String) throws(PatternSyntaxError) {
        self.source = source
        let program = PatternProgram(try PatternParser.parse(source))
        guard program.instructions.count <= 20_000 else {
            throw PatternSyntaxError(offset: 0, reason: "too large for vitrine's pattern matcher")
        }
        // Classes: the code points between consecutive range boundaries of every set behave alike.
        var boundaries: Set<UInt32> = [0]
        for set in program.sets {
            for range in set.ranges {
                boundaries.insert(range.lowerBound)
                if range.upperBound < ScalarSet.maximum { boundaries.insert(range.upperBound + 1) }
            }
        }
        let starts = boundaries.sorted()
        classStarts = starts
        classCount = starts.count
        asciiClass = (0..<128).map { scalar in UInt16(starts.lastIndex { $0 <= UInt32(scalar) }!) }
        let member = program.sets.map { set in starts.map(set.contains) }

        // Subset construction: a state is the set of instructions threads wait at.
        var stateOf: [[Int32]: Int32] = [:]
        var states: [[Int32]] = []
        var table: [Int32] = []
        var found: [Bool] = [], foundAtEnd: [Bool] = []
        func state(_ threads: [Int32]) throws(PatternSyntaxError) -> Int32 {
            if let known = stateOf[threads] { return known }
            guard states.count < Self.largestAutomaton else {
                throw PatternSyntaxError(offset: 0, reason: "needs more than \(Self.largestAutomaton) automaton states")
            }
            let number = Int32(states.count)
            stateOf[threads] = number
            states.append(threads)
            found.append(threads.contains { program.instructions[Int($0)].operation == .match })
            let ends = threads.filter { program.instructions[Int($0)].operation == .end }.map { program.instructions[Int($0)].next }
            foundAtEnd.append(program.closure(ends, atStart: false, atEnd: true).contains { program.instructions[Int($0)].operation == .match })
            return number
        }
        let initial = try state(program.closure([0], atStart: true, atEnd: false))
        precondition(initial == 0)
        var next = 0
        while next < states.count {
            let threads = states[next]
            for kind in 0..<classCount {
                // Threads that take this class, and (a match may start anywhere) a new one.
                var seeds: [Int32] = []
                for thread in threads {
                    let instruction = program.instructions[Int(thread)]
                    if instruction.operation == .consume, member[Int(instruction.set)][kind] { seeds.append(instruction.next) }
                }
                seeds.append(0)
                table.append(try state(program.closure(seeds, atStart: false, atEnd: false)))
            }
            next += 1
        }
        transitions = table
        self.found = found
        self.foundAtEnd = foundAtEnd
        matchesEmpty = program.closure([0], atStart: true, atEnd: true).contains { program.instructions[Int($0)].operation == .match }
        dead = stateOf[[]] ?? -1
    }

    /// Whether the pattern matches somewhere in `text`.
    public func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { matches(utf8: $0) }
    }

    /// Whether the pattern matches somewhere in `bytes`, which must be valid UTF-8.
    func matches(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if bytes.isEmpty { return matchesEmpty }
        return transitions.withUnsafeBufferPointer { table in
            asciiClass.withUnsafeBufferPointer { ascii in
                var state = 0
                if found[0] { return true }
                var index = 0
                let count = bytes.count
                while index < count {
                    let byte = bytes[index]
                    let kind: Int
                    if byte < 0x80 {
                        kind = Int(ascii[Int(byte)])
                        index += 1
                    } else {
                        let (scalar, length) = Self.decode(bytes, at: index)
                        kind = classOf(scalar)
                        index += length
                    }
                    let next = table[state * classCount + kind]
                    if next == dead { return false }
                    if found[Int(next)] { return true }
                    state = Int(next)
                }
                return foundAtEnd[state]
            }
        }
    }

    private func classOf(_ scalar: UInt32) -> Int {
        var low = 0, high = classStarts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if classStarts[middle] <= scalar { low = middle } else { high = middle }
        }
        return low
    }

    /// The code point of a UTF-8 sequence known to be valid, and its length.
    @inline(__always)
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
        let lead = UInt32(bytes[index])
        func continuation(_ offset: Int) -> UInt32 { UInt32(bytes[index + offset] & 0x3F) }
        if lead < 0xE0 { return ((lead & 0x1F) << 6 | continuation(1), 2) }
        if lead < 0xF0 { return ((lead & 0x0F) << 12 | continuation(1) << 6 | continuation(2), 3) }
        return ((lead & 0x07) << 18 | continuation(1) << 12 | continuation(2) << 6 | continuation(3), 4)
    }
}

/// A pattern as a Thompson automaton: instructions that consume one code point of a set, fork,
/// jump, check an anchor, or report a match.
struct PatternProgram {
    enum Operation: UInt8 { case consume, fork, jump, start, end, match }

    struct Instruction {
        var operation: Operation
        /// The set a `consume` takes (an index into ``PatternProgram/sets``).
        var set: Int32 = 0
        /// Where to go next; a `fork` goes to both `next` and `other`.
        var next: Int32 = 0
        var other: Int32 = 0
    }

    private(set) var instructions: [Instruction] = []
    private(set) var sets: [ScalarSet] = []
    private var setIndex: [ScalarSet: Int32] = [:]

    init(_ node: PatternNode) {
        emit(node)
        instructions.append(Instruction(operation: .match))
    }

    /// Appends `node`'s instructions.
    private mutating func emit(_ node: PatternNode) {
        switch node {
        case .character(let set):
            let index = setIndex[set] ?? Int32(sets.count)
            if index == Int32(sets.count) {
                sets.append(set)
                setIndex[set] = index
            }
            add(.consume, set: index)
        case .start: add(.start)
        case .end: add(.end)
        case .sequence(let nodes):
            for node in nodes { emit(node) }
        case .choice(let nodes):
            var jumps: [Int] = []
            for (number, node) in nodes.enumerated() {
                let fork = number < nodes.count - 1 ? add(.fork) : nil
                emit(node)
                if number < nodes.count - 1 { jumps.append(add(.jump)) }
                if let fork { instructions[fork].other = Int32(instructions.count) }
            }
            for jump in jumps { instructions[jump].next = Int32(instructions.count) }
        case .repeated(let inner, let min, let max):
            for _ in 0..<min { emit(inner) }
            if let max {
                var forks: [Int] = []
                for _ in min..<max {
                    forks.append(add(.fork))
                    emit(inner)
                }
                for fork in forks { instructions[fork].other = Int32(instructions.count) }
            } else {
                let fork = add(.fork)
                emit(inner)
                add(.jump, next: Int32(fork))
                instructions[fork].other = Int32(instructions.count)
            }
        }
    }

    /// Appends an instruction whose `next` is the one after it unless given.
    @discardableResult
    private mutating func add(_ operation: Operation, set: Int32 = 0, next: Int32? = nil) -> Int {
        instructions.append(Instruction(operation: operation, set: set, next: next ?? Int32(instructions.count + 1)))
        return instructions.count - 1
    }

    /// The instructions reachable from `seeds` without consuming: those that consume, the
    /// match, and `$` checks still waiting for the end (unless `atEnd`). Sorted, each once.
    func closure(_ seeds: [Int32], atStart: Bool, atEnd: Bool) -> [Int32] {
        var seen = Set<Int32>()
        var kept: [Int32] = []
        var pending = seeds
        while let at = pending.popLast() {
            guard seen.insert(at).inserted else { continue }
            let instruction = instructions[Int(at)]
            switch instruction.operation {
            case .consume, .match: kept.append(at)
            case .fork: pending += [instruction.other, instruction.next]
            case .jump: pending.append(instruction.next)
            case .start: if atStart { pending.append(instruction.next) }
            case .end: if atEnd { pending.append(instruction.next) } else { kept.append(at) }
            }
        }
        return kept.sorted()
    }
}
