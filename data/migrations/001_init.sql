-- Cards, rulings, Comprehensive Rules, provenance and answer feedback.

CREATE TABLE cards (
    oracle_id   TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    norm_name   TEXT NOT NULL,
    layout      TEXT,
    is_token    INTEGER NOT NULL DEFAULT 0,
    type_line   TEXT,
    mana_cost   TEXT,
    json        TEXT NOT NULL,
    fetched_at  TEXT            -- set for cards cached from on-demand Scryfall lookups
);
CREATE INDEX cards_name ON cards (name);
CREATE INDEX cards_norm_name ON cards (norm_name);

CREATE TABLE card_faces (
    oracle_id   TEXT NOT NULL,
    face_index  INTEGER NOT NULL,
    name        TEXT NOT NULL,
    norm_name   TEXT NOT NULL,
    PRIMARY KEY (oracle_id, face_index)
);
CREATE INDEX card_faces_name ON card_faces (name);
CREATE INDEX card_faces_norm_name ON card_faces (norm_name);

CREATE TABLE rulings (
    id            INTEGER PRIMARY KEY,
    oracle_id     TEXT NOT NULL,
    card_name     TEXT,
    published_at  TEXT NOT NULL,
    comment       TEXT NOT NULL,
    source        TEXT NOT NULL
);
CREATE INDEX rulings_oracle_id ON rulings (oracle_id);

CREATE TABLE rules (
    number    TEXT PRIMARY KEY,
    parent    TEXT,
    text      TEXT NOT NULL,
    examples  TEXT NOT NULL DEFAULT '[]',
    more      TEXT NOT NULL DEFAULT '[]',
    position  INTEGER NOT NULL
);
CREATE INDEX rules_parent ON rules (parent);
CREATE INDEX rules_position ON rules (position);

CREATE TABLE glossary (
    term       TEXT PRIMARY KEY,
    norm_term  TEXT NOT NULL,
    text       TEXT NOT NULL,
    position   INTEGER NOT NULL
);
CREATE INDEX glossary_norm_term ON glossary (norm_term);

CREATE TABLE meta (
    key    TEXT PRIMARY KEY,
    value  TEXT
);

CREATE TABLE sources (
    dataset     TEXT PRIMARY KEY CHECK (dataset IN ('cards', 'rulings', 'rules')),
    source      TEXT NOT NULL,
    loaded_at   TEXT NOT NULL,
    etag        TEXT,
    updated_at  TEXT,
    count       INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE feedback (
    id                INTEGER PRIMARY KEY,
    created_at        TEXT NOT NULL,
    guild_id          INTEGER,
    channel_id        INTEGER,
    message_id        INTEGER,
    user_id           INTEGER,
    question          TEXT NOT NULL,
    answer_json       TEXT NOT NULL,
    scenario          TEXT,
    vote              TEXT CHECK (vote IN ('correct', 'wrong')),
    reviewed_by       INTEGER,
    reviewed_verdict  TEXT CHECK (reviewed_verdict IN ('correct', 'wrong'))
);
CREATE INDEX feedback_message ON feedback (message_id);

CREATE TABLE feedback_votes (
    answer_id  INTEGER NOT NULL REFERENCES feedback (id) ON DELETE CASCADE,
    user_id    INTEGER NOT NULL,
    vote       TEXT NOT NULL CHECK (vote IN ('correct', 'wrong')),
    voted_at   TEXT NOT NULL,
    PRIMARY KEY (answer_id, user_id)
);
