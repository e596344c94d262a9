import CiteFeedSupport

/// The `statusTemplate` setting parsed: literal text, `{placeholder}`s, and `[...]` groups that
/// disappear when a placeholder in them is empty.
package struct StatusTemplate: Equatable, Sendable {
    package static let placeholders = ["text", "author", "source", "tags", "back"]

    package indirect enum Part: Equatable, Sendable {
        case literal(String)
        case placeholder(String)
        case group([Part])
    }

    package let parts: [Part]

    /// `{text}` alone: what a template that does not parse falls back to.
    package static let textOnly = StatusTemplate(parts: [.placeholder("text")])

    private init(parts: [Part]) { self.parts = parts }

    package init(parsing template: String) throws(TemplateError) {
        var stack: [[Part]] = [[]]
        var literal = ""
        var iterator = template.makeIterator()
        func flush() {
            if !literal.isEmpty { stack[stack.count - 1].append(.literal(literal)) }
            literal = ""
        }
        while let c = iterator.next() {
            switch c {
            case "{":
                flush()
                var name = ""
                var closed = false
                while let n = iterator.next() {
                    if n == "}" { closed = true; break }
                    name.append(n)
                }
                guard closed else { throw TemplateError(reason: "a '{' is not closed by '}'") }
                guard StatusTemplate.placeholders.contains(name) else {
                    throw TemplateError(reason: "unknown placeholder {\(name)}; use {text} {author} {source} {tags} {back}")
                }
                stack[stack.count - 1].append(.placeholder(name))
            case "}":
                throw TemplateError(reason: "a '}' has no '{' before it")
            case "[":
                flush()
                stack.append([])
            case "]":
                flush()
                guard stack.count > 1 else { throw TemplateError(reason: "a ']' has no '[' before it") }
                let group = stack.removeLast()
                stack[stack.count - 1].append(.group(group))
            default:
                literal.append(c)
            }
        }
        flush()
        guard stack.count == 1 else { throw TemplateError(reason: "a '[' is not closed by ']'") }
        parts = stack[0]
    }

    /// How many times `name` appears in the template, in groups too.
    func count(of name: String) -> Int {
        func count(_ parts: [Part]) -> Int {
            parts.reduce(0) { sum, part in
                switch part {
                case .placeholder(let n): sum + (n == name ? 1 : 0)
                case .group(let inner): sum + count(inner)
                case .literal: sum
                }
            }
        }
        return count(parts)
    }

    /// Whether `name` appears anywhere in the template.
    package func holds(_ name: String) -> Bool { count(of: name) > 0 }

    /// Whether `name` appears exactly once in the template, outside every group (so that the
    /// line can be filled with its value shortened, or empty, and keep the rest).
    package func holdsOnce(_ name: String) -> Bool { count(of: name) == 1 && parts.contains(.placeholder(name)) }

    /// Fills the template; a group whose placeholders include an empty value disappears. It
    /// stops once the text has `limit` bytes (UTF-8): a line cut to a bar's width needs no more,
    /// and `{text}` a thousand times over a long citation took seconds for every `status`.
    package func render(_ values: [String: String], limit: Int = .max) -> String {
        StatusTemplate.render(parts, values, limit: limit) ?? ""
    }

    private static func render(_ parts: [Part], _ values: [String: String], inGroup: Bool = false, limit: Int) -> String? {
        var out = ""
        for part in parts {
            if out.utf8.count >= limit { break }
            switch part {
            case .literal(let s): out += s
            case .placeholder(let name):
                let value = values[name] ?? ""
                if value.isEmpty && inGroup { return nil }
                out += value
            case .group(let inner):
                out += render(inner, values, inGroup: true, limit: limit - out.utf8.count) ?? ""
            }
        }
        return out
    }
}

package struct TemplateError: Error, Equatable {
    package var reason: String
}
