import CiteFeedModel
import CiteFeedSupport

extension Library {
    /// The id of the tag named `name` (any case), or `nil`.
    package func existingTagID(named name: String) throws(StoreError) -> Int64? {
        try mapped {
            try db.scalar("SELECT id FROM tags WHERE key = ?", .text(Tag.key(name)))
        }
    }

    /// The id of the tag named `name`, created (with `color`, or the next unused palette colour)
    /// when it does not exist.
    package func tagID(named name: String, createWithColor color: String?) throws(StoreError) -> Int64 {
        try mapped {
            if let id = try existingTagID(named: name) { return id }
            let used = try db.query("SELECT color FROM tags") { $0.text(0) }
            try db.run(
                "INSERT INTO tags (name, key, color) VALUES (?, ?, ?)", .text(name), .text(Tag.key(name)),
                .text(color ?? Palette.nextColor(used: used)))
            return db.lastInsertRowID
        }
    }

    /// Every tag with its citation counts, sorted by name.
    package func tags() throws(StoreError) -> [TagSummary] {
        try mapped {
            try db.query(
                """
                SELECT t.name, t.color,
                       count(c.id) FILTER (WHERE c.archived_at IS NULL),
                       count(c.id) FILTER (WHERE c.archived_at IS NOT NULL)
                FROM tags t
                LEFT JOIN citation_tags ct ON ct.tag_id = t.id
                LEFT JOIN citations c ON c.id = ct.citation_id
                GROUP BY t.id ORDER BY t.key
                """
            ) { TagSummary(tag: Tag(name: $0.text(0), color: $0.text(1)), count: Int($0.int(2)), archivedCount: Int($0.int(3))) }
        }
    }

    /// One tag by name (any case).
    package func tag(named name: String) throws(StoreError) -> Tag {
        try mapped {
            let rows = try db.query("SELECT name, color FROM tags WHERE key = ?", [.text(Tag.key(name))]) {
                Tag(name: $0.text(0), color: $0.text(1))
            }
            guard let tag = rows.first else { throw StoreError.noSuchTag(name) }
            return tag
        }
    }

    /// Creates a tag; fails when one with the same name (ignoring case) exists.
    @discardableResult
    package func addTag(name: String, color: String?) throws -> Tag {
        try write { () throws -> Tag in
            if try existingTagID(named: name) != nil { throw StoreError.tagExists(try tag(named: name).name) }
            _ = try tagID(named: name, createWithColor: color)
            return try tag(named: name)
        }
    }

    /// Renames and/or recolours a tag. A new name may differ from the old one only in case.
    @discardableResult
    package func editTag(name: String, newName: String?, color: String?) throws -> Tag {
        try mappingSQLite {
            try write { () throws -> Tag in
                guard let id = try existingTagID(named: name) else { throw StoreError.noSuchTag(name) }
                if let newName {
                    if let other = try existingTagID(named: newName), other != id {
                        throw StoreError.tagExists(try tag(named: newName).name)
                    }
                    try db.run("UPDATE tags SET name = ?, key = ? WHERE id = ?", .text(newName), .text(Tag.key(newName)), .int(id))
                }
                if let color { try db.run("UPDATE tags SET color = ? WHERE id = ?", .text(color), .int(id)) }
                return try tag(named: newName ?? name)
            }
        }
    }

    /// Removes a tag. With `archiveCitations`, its citations are archived too (they keep
    /// everything else and can be restored). Returns the ids of the citations it was on.
    @discardableResult
    package func deleteTag(name: String, archiveCitations: Bool, now: Timestamp) throws -> [Int64] {
        try mappingSQLite {
            try write { () throws -> [Int64] in
                guard let id = try existingTagID(named: name) else { throw StoreError.noSuchTag(name) }
                let ids = try db.query("SELECT citation_id FROM citation_tags WHERE tag_id = ? ORDER BY citation_id", [.int(id)]) {
                    $0.int(0)
                }
                if archiveCitations {
                    try db.run(
                        """
                        UPDATE citations SET archived_at = ?1, updated_at = ?1
                        WHERE archived_at IS NULL AND id IN (SELECT citation_id FROM citation_tags WHERE tag_id = ?2)
                        """, .int(now.seconds), .int(id))
                }
                try db.run("DELETE FROM tags WHERE id = ?", .int(id))
                return ids
            }
        }
    }
}
