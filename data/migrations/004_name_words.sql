-- Every word of every card's and face's normalized name, for the cards a player names by
-- one word of the name ("nyxbloom" for Nyxbloom Ancient, "kinnan", "coralhelm"). An import
-- or a cached card fills it in the same transaction as the cards; rulesbot fills it for
-- cards stored before this migration.
CREATE TABLE name_words (
    word        TEXT NOT NULL,
    oracle_id   TEXT NOT NULL,
    PRIMARY KEY (word, oracle_id)
) WITHOUT ROWID;
CREATE INDEX name_words_card ON name_words (oracle_id);
