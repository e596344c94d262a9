/// "Did you mean …?" for mistyped names.
package enum Suggestion {
    /// The candidate nearest to `name` (ignoring case) when it is at most two edits away.
    package static func closest(to name: String, among candidates: [String]) -> String? {
        let best = candidates.map { ($0, editDistance($0.lowercased(), name.lowercased())) }.min { $0.1 < $1.1 }
        guard let best, best.1 <= 2, best.1 < name.count else { return nil }
        return best.0
    }

    /// Edit distance counting a swap of neighbours as one edit (optimal string alignment), so
    /// that "lsit" is nearer to "list" than to "edit".
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}
