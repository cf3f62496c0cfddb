-- A reorder rewrites its sheet's row (a config of a few kilobytes and the version); no index holds either,
-- so the new row may stay on its page as a heap-only update, leaving the sheet's four indexes alone, if
-- the page has room for it. Sheets are now stored with that room (a row of a large sheet is about 2 kB);
-- rows written before keep their pages until the table is rewritten (VACUUM FULL).
ALTER TABLE sheets SET (fillfactor = 70);
