-- Feedback is reviewed per guild, and private answers never reach a review.
-- Earlier versions didn't record whether an answer was private, so rows kept before
-- this migration count as private (the default): none of them can leak into a review.
ALTER TABLE feedback ADD COLUMN private INTEGER NOT NULL DEFAULT 1 CHECK (private IN (0, 1));
CREATE INDEX feedback_guild ON feedback (guild_id, created_at);
