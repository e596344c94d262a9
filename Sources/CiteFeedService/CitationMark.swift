/// One mark set or taken off several citations at once, all or nothing (an unknown id changes
/// none): `fav`, `unfav`, `archive`, `restore`, `card`, `uncard` (`Home.mark`).
package enum CitationMark: Equatable, Sendable {
    case favourite(Bool)
    case archived(Bool)
    case card(Bool)
}
