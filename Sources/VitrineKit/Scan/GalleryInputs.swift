import Foundation

/// A gallery's inputs in the order asked: the command line's (files, folders, URLs, `-`), then
/// the entries of the `--items` file, then the custom items a captions file declares. Each is
/// an input of its own, numbered in that order, so that ordering input by input (the default)
/// keeps the order they were asked in.
struct GalleryInputs {
    /// Every input: paths and URLs as the walk takes them, an empty path for a custom item.
    private(set) var all: [InputPath] = []
    /// The custom items, by their number in ``all``.
    private(set) var custom: [Int: CustomItem] = [:]

    init(_ inputs: [InputPath], items: ItemsFile?, captions: CaptionsFile?) {
        all = inputs
        for input in items?.inputs ?? [] {
            switch input {
            case .path(let path): all.append(InputPath(path))
            case .url(let url): all.append(InputPath(url))
            case .custom(let item): add(item)
            }
        }
        for item in captions?.customItems ?? [] { add(item) }
    }

    private mutating func add(_ item: CustomItem) {
        custom[all.count] = item
        all.append(InputPath(bytes: []))
    }

    /// What people see of each input (a custom item's is empty).
    var displays: [String] { all.map(\.display) }

    /// Walks the paths and URLs with `walker` and puts the custom items among what it found,
    /// each file numbered by its input's place in ``all``.
    func walk(with walker: InputWalker, readList: () -> [InputPath]) -> InputWalker.Result {
        let walkable = all.indices.filter { custom[$0] == nil }
        var result = walker.walk(walkable.map { all[$0] }, readList: readList)
        guard !custom.isEmpty else { return result }
        for index in result.files.indices { result.files[index].inputIndex = walkable[result.files[index].inputIndex] }
        for index in result.unreadableFolders.indices {
            result.unreadableFolders[index].inputIndex = walkable[result.unreadableFolders[index].inputIndex]
        }
        var files: [InputFile] = []
        files.reserveCapacity(result.files.count + custom.count)
        var next = 0
        for place in all.indices {
            if let item = custom[place] {
                let path: String
                if case .file(let svg)? = item.svg { path = svg } else { path = "" }
                files.append(InputFile(path: path, relativePath: item.idPath, inputIndex: place, bytes: 0, modified: 0,
                    origin: .custom(item)))
            }
            while next < result.files.count, result.files[next].inputIndex == place {
                files.append(result.files[next])
                next += 1
            }
        }
        result.files = files
        return result
    }
}
