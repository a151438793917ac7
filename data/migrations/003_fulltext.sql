-- Full-text indexes over the rules, glossary and rulings, ranked by bm25().
-- An import fills them in the same transaction as the data they index; rulesbot fills
-- them for data stored before this migration.

-- A rule's or glossary entry's words without stop words (bot.words.terms), keyed by
-- its position.
CREATE VIRTUAL TABLE rules_fts USING fts5(
    number UNINDEXED, body, tokenize = 'unicode61 remove_diacritics 2'
);
CREATE VIRTUAL TABLE glossary_fts USING fts5(
    term UNINDEXED, body, tokenize = 'unicode61 remove_diacritics 2'
);

-- Rulings are many: the index reads their text from the table rather than keeping a copy.
CREATE VIRTUAL TABLE rulings_fts USING fts5(
    comment, content = 'rulings', content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2'
);

-- How many rulings use each word, for ranking one card's rulings with the pool's weights.
CREATE VIRTUAL TABLE rulings_vocab USING fts5vocab(rulings_fts, row);

-- Every word the rules text and glossary terms use, normalized: a lone word among these
-- is read as English, not as a card name.
CREATE TABLE rule_words (word TEXT PRIMARY KEY) WITHOUT ROWID;

-- Bumped by every change to cards, rulings or rules (not by feedback), so readers in
-- other processes know when to drop what they cached.
INSERT INTO meta (key, value) VALUES ('data_generation', '0');
