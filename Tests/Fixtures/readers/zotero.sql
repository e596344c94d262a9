-- A Zotero 7 zotero.sqlite, made up for citefeed's tests: the tables of Zotero's
-- resource/schema/userdata.sql (userdata 123, see SOURCES.md) that hold annotations, their
-- attachments and items, with invented papers; no one's data. Ids are not Zotero's (Zotero
-- assigns them per database), so readers must join by name.
CREATE TABLE version (schema TEXT PRIMARY KEY, version INT NOT NULL);
INSERT INTO version VALUES ('userdata', 123), ('system', 32), ('triggers', 18), ('compatibility', 7);
CREATE TABLE itemTypes (itemTypeID INTEGER PRIMARY KEY, typeName TEXT, templateItemTypeID INT, display INT DEFAULT 1);
INSERT INTO itemTypes VALUES (3, 'attachment', NULL, 1), (11, 'journalArticle', NULL, 2), (5, 'book', NULL, 2), (1, 'annotation', NULL, 0);
CREATE TABLE fields (fieldID INTEGER PRIMARY KEY, fieldName TEXT, fieldFormatID INT);
INSERT INTO fields VALUES (110, 'title', NULL), (14, 'date', NULL), (12, 'publicationTitle', NULL);
CREATE TABLE items (itemID INTEGER PRIMARY KEY, itemTypeID INT NOT NULL,
    dateAdded TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP, dateModified TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
    clientDateModified TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP, libraryID INT NOT NULL, key TEXT NOT NULL,
    version INT NOT NULL DEFAULT 0, synced INT NOT NULL DEFAULT 0, UNIQUE (libraryID, key));
CREATE TABLE itemDataValues (valueID INTEGER PRIMARY KEY, value UNIQUE);
CREATE TABLE itemData (itemID INT, fieldID INT, valueID, PRIMARY KEY (itemID, fieldID));
CREATE TABLE itemAttachments (itemID INTEGER PRIMARY KEY, parentItemID INT, linkMode INT, contentType TEXT, charsetID INT,
    path TEXT, syncState INT DEFAULT 0, storageModTime INT, storageHash TEXT, lastProcessedModificationTime INT);
CREATE TABLE itemAnnotations (itemID INTEGER PRIMARY KEY, parentItemID INT NOT NULL, type INTEGER NOT NULL, authorName TEXT,
    text TEXT, comment TEXT, color TEXT, pageLabel TEXT, sortIndex TEXT NOT NULL, position TEXT NOT NULL, isExternal INT NOT NULL);
CREATE TABLE creators (creatorID INTEGER PRIMARY KEY, firstName TEXT, lastName TEXT, fieldMode INT, UNIQUE (lastName, firstName, fieldMode));
CREATE TABLE creatorTypes (creatorTypeID INTEGER PRIMARY KEY, creatorType TEXT);
INSERT INTO creatorTypes VALUES (8, 'author'), (10, 'editor');
CREATE TABLE itemCreators (itemID INT NOT NULL, creatorID INT NOT NULL, creatorTypeID INT NOT NULL DEFAULT 1,
    orderIndex INT NOT NULL DEFAULT 0, PRIMARY KEY (itemID, creatorID, creatorTypeID, orderIndex), UNIQUE (itemID, orderIndex));
CREATE TABLE deletedItems (itemID INTEGER PRIMARY KEY, dateDeleted DEFAULT CURRENT_TIMESTAMP NOT NULL);

-- A paper with two authors and an editor, its PDF, and five annotations on it.
INSERT INTO items (itemID, itemTypeID, dateAdded, libraryID, key) VALUES
  (1, 11, '2024-02-01 10:00:00', 1, 'PAPER001'), (2, 3, '2024-02-01 10:00:01', 1, 'PDF00001'),
  (10, 1, '2024-02-03 09:15:00', 1, 'ANNOT010'), (11, 1, '2024-02-03 09:16:00', 1, 'ANNOT011'),
  (12, 1, '2024-02-03 09:17:00', 1, 'ANNOT012'), (13, 1, '2024-02-03 09:18:00', 1, 'ANNOT013'),
  (14, 1, '2024-02-03 09:19:00', 1, 'ANNOT014'),
-- A book attached without a parent item, with one annotation; and a trashed paper.
  (3, 3, '2024-03-01 08:00:00', 1, 'EPUB0001'), (20, 1, '2024-03-02 20:00:00', 1, 'ANNOT020'),
  (4, 11, '2024-04-01 08:00:00', 1, 'PAPER004'), (5, 3, '2024-04-01 08:00:01', 1, 'PDF00005'), (30, 1, '2024-04-02 08:00:00', 1, 'ANNOT030');
INSERT INTO itemDataValues VALUES (1, 'Attention Is All You Need'), (2, 'notes-on-stoicism.epub'), (3, 'A Trashed Paper');
INSERT INTO itemData VALUES (1, 110, 1), (3, 110, 2), (4, 110, 3);
INSERT INTO creators VALUES (1, 'Ashish', 'Vaswani', 0), (2, 'Noam', 'Shazeer', 0), (3, 'Some', 'Editor', 0);
INSERT INTO itemCreators VALUES (1, 3, 10, 0), (1, 1, 8, 1), (1, 2, 8, 2);
INSERT INTO itemAttachments (itemID, parentItemID, linkMode, contentType, path) VALUES
  (2, 1, 0, 'application/pdf', 'storage:attention.pdf'), (3, NULL, 0, 'application/epub+zip', 'storage:notes-on-stoicism.epub'),
  (5, 4, 0, 'application/pdf', 'storage:trashed.pdf');
INSERT INTO itemAnnotations VALUES
  (10, 2, 1, NULL, 'The Transformer follows this overall architecture.', 'Key claim', '#ffd400', '3', '00002|001200|00090', '{"pageIndex":2,"rects":[[1,2,3,4]]}', 0),
  (11, 2, 5, NULL, 'Self-attention, sometimes called intra-attention', NULL, '#2ea8e5', '2', '00001|000500|00100', '{"pageIndex":1,"rects":[[1,2,3,4]]}', 0),
  (12, 2, 2, NULL, NULL, 'A sticky note on the margin.', '#ffd400', '3', '00002|001300|00010', '{"pageIndex":2,"rects":[[1,2,3,4]]}', 0),
  (13, 2, 3, NULL, NULL, NULL, '#aaaaaa', '4', '00003|000000|00000', '{"pageIndex":3,"rects":[[1,2,3,4]]}', 0),
  (14, 2, 1, NULL, 'A highlight in the trash.', NULL, '#ff6666', '5', '00004|000000|00000', '{"pageIndex":4,"rects":[[1,2,3,4]]}', 0),
  (20, 3, 1, NULL, 'We suffer more in imagination than in reality.', NULL, '#a28ae5', NULL, '00004|00001200', '{"type":"FragmentSelector","value":"epubcfi(/6/10!/4/2/1:0)"}', 0),
  (30, 5, 1, NULL, 'A highlight on a trashed paper.', NULL, '#ffd400', '1', '00000|000000|00000', '{"pageIndex":0,"rects":[[1,2,3,4]]}', 0);
INSERT INTO deletedItems (itemID) VALUES (14), (4);
