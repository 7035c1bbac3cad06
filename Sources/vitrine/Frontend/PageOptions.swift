import ArgumentKit
import VitrineKit

/// The gallery page's options, shared by `page` and `build`.
enum PageOptions {
    static let title = Option.value("title", placeholder: "TEXT", .string,
        defaultDescription: "the root index.md's Title:, else the first source folder's name",
        help: "the page's title, heading every view and naming the document")
}
