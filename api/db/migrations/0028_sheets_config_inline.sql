-- A sheet's config is stored in its row up to 8 kB (about 190 questions) instead of from 2 kB. Past 2 kB
-- PostgreSQL first tried to compress it (a list of ids does not compress) and then moved it out to the
-- TOAST table, so every reorder wrote the config twice (row and TOAST, with its index) and every read
-- of it looked it up there: a reorder's update alone ran 23–37 % faster kept in the row. Larger configs
-- are compressed and moved out as before.
ALTER TABLE sheets SET (toast_tuple_target = 8160);
