-- A Kobo's .kobo/KoboReader.sqlite, made up for citefeed's tests: the tables and columns the
-- firmware writes (see SOURCES.md), with invented books and highlights; no one's data.
-- Bookmark is whole; content keeps the columns readers use and those without a default.
CREATE TABLE DbVersion(version INTEGER NOT NULL, PRIMARY KEY(version));
INSERT INTO DbVersion VALUES (174);
CREATE TABLE Bookmark (
  BookmarkID TEXT NOT NULL, VolumeID TEXT NOT NULL, ContentID TEXT NOT NULL,
  StartContainerPath TEXT NOT NULL, StartContainerChildIndex INTEGER NOT NULL, StartOffset INTEGER NOT NULL,
  EndContainerPath TEXT NOT NULL, EndContainerChildIndex INTEGER NOT NULL, EndOffset INTEGER NOT NULL,
  Text TEXT, Annotation TEXT, ExtraAnnotationData BLOB, DateCreated TEXT,
  ChapterProgress REAL NOT NULL DEFAULT 0, Hidden BOOL NOT NULL DEFAULT 0, Version TEXT,
  DateModified TEXT, Creator TEXT, UUID TEXT, UserID TEXT, SyncTime TEXT,
  Published BIT default false, ContextString TEXT, Type TEXT, Color INTEGER DEFAULT 0,
  PRIMARY KEY (BookmarkID));
CREATE TABLE content(
  ContentID TEXT NOT NULL, ContentType TEXT NOT NULL, MimeType TEXT NOT NULL, BookID TEXT,
  BookTitle TEXT, ImageId TEXT, Title TEXT COLLATE NOCASE, Attribution TEXT COLLATE NOCASE,
  Description TEXT, DateCreated TEXT, Publisher TEXT, DateLastRead TEXT, ChapterIDBookmarked TEXT,
  VolumeIndex INTEGER, ReadStatus INTEGER, ___UserID TEXT NOT NULL, ___FileOffset INTEGER,
  ___FileSize INTEGER, ___PercentRead INTEGER, FavouritesIndex NOT NULL DEFAULT -1, Language TEXT,
  Depth INTEGER, ISBN TEXT, WishlistedDate TEXT DEFAULT "0000-00-00T00:00:00.000", Series TEXT,
  SeriesNumber TEXT, Subtitle TEXT, DateAdded TEXT, TimeSpentReading INTEGER,
  DateModified TEXT DEFAULT "0000-00-00T00:00:00.000",
  PRIMARY KEY (ContentID));

-- A sideloaded kepub: the book's row (ContentType 6) and two chapters (899).
INSERT INTO content (ContentID, ContentType, MimeType, BookID, Title, Attribution, ___UserID, VolumeIndex) VALUES
  ('file:///mnt/onboard/Books/Anomalies.kepub.epub', '6', 'application/x-kobo-epub+zip', NULL, 'The Winner''s Curse', 'Richard H. Thaler, Alex Imas', 'adobe_user', -1),
  ('file:///mnt/onboard/Books/Anomalies.kepub.epub!OEBPS!ch01.xhtml', '899', 'application/xhtml+xml', 'file:///mnt/onboard/Books/Anomalies.kepub.epub', 'Chapter 1: Cooperation', NULL, 'adobe_user', 1),
  ('file:///mnt/onboard/Books/Anomalies.kepub.epub!OEBPS!ch02.xhtml', '899', 'application/xhtml+xml', 'file:///mnt/onboard/Books/Anomalies.kepub.epub', 'Chapter 2: Auctions', NULL, 'adobe_user', 2),
-- A store book (a GUID volume id) whose chapter rows were not written.
  ('0f6a1b2c-3d4e-5f60-7182-93a4b5c6d7e8', '6', 'application/x-kobo-epub+zip', NULL, 'A Store Book', 'Jane Doe', 'f00dfeed-0000-4000-8000-000000000000', -1);

INSERT INTO Bookmark (BookmarkID, VolumeID, ContentID, StartContainerPath, StartContainerChildIndex, StartOffset,
    EndContainerPath, EndContainerChildIndex, EndOffset, Text, Annotation, DateCreated, ChapterProgress, Hidden,
    DateModified, Type, Color) VALUES
  ('b1', 'file:///mnt/onboard/Books/Anomalies.kepub.epub', 'file:///mnt/onboard/Books/Anomalies.kepub.epub!OEBPS!ch01.xhtml',
   'span#kobo\.3\.1', 1, 0, 'span#kobo\.3\.2', 1, 40,
   'People are more cooperative than the standard model predicts.', NULL, '2024-01-15T14:30:00.000', 0.2, 'false',
   '2024-01-15T14:30:00Z', 'highlight', 0),
  ('b2', 'file:///mnt/onboard/Books/Anomalies.kepub.epub', 'file:///mnt/onboard/Books/Anomalies.kepub.epub!OEBPS!ch02.xhtml',
   'span#kobo\.7\.1', 1, 3, 'span#kobo\.7\.4', 1, 12,
   '  The winner''s curse:
the highest bidder overpays.  ', 'Compare with chapter 1.', '2024-01-16T08:00:05Z', 0.5, 'false',
   '2024-01-16T08:10:00Z', 'note', 2),
  ('b3', 'file:///mnt/onboard/Books/Anomalies.kepub.epub', 'file:///mnt/onboard/Books/Anomalies.kepub.epub!OEBPS!ch02.xhtml',
   'span#kobo\.9\.1', 0, 0, 'span#kobo\.9\.1', 0, 0, NULL, NULL, '2024-01-16T09:00:00.000', 0.7, 'false', NULL, 'dogear', 0),
  ('b4', 'file:///mnt/onboard/Books/Anomalies.kepub.epub', 'file:///mnt/onboard/Books/Anomalies.kepub.epub!OEBPS!ch02.xhtml',
   'span#kobo\.9\.2', 1, 0, 'span#kobo\.9\.3', 1, 9, 'A highlight the reader removed.', NULL, '2024-01-16T09:30:00.000', 0.8,
   'true', NULL, 'highlight', 1),
  ('b5', 'file:///mnt/onboard/Books/Anomalies.kepub.epub', 'file:///mnt/onboard/Books/Anomalies.kepub.epub!OEBPS!ch02.xhtml',
   'span#kobo\.9\.4', 1, 0, 'span#kobo\.9\.5', 1, 9, '', NULL, '2024-01-16T10:00:00.000', 0.9, 'false', NULL, 'markup', 0),
  ('b6', '0f6a1b2c-3d4e-5f60-7182-93a4b5c6d7e8', '0f6a1b2c-3d4e-5f60-7182-93a4b5c6d7e8-1',
   'span#kobo\.1\.1', 1, 0, 'span#kobo\.1\.2', 1, 5, 'A store book''s pink passage.', NULL, NULL, 0.1, 'false',
   '2023-05-01T12:00:00Z', 'highlight', 1);
