"""Answers the bot gave, the votes on them and reviewers' verdicts."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.store.db import Connection, utc_now
from bot.store.records import FeedbackRecord, Vote


class Feedback(Connection):
    """The feedback and feedback_votes tables."""

    _FEEDBACK_SELECT = (
        "SELECT f.id, f.created_at, f.guild_id, f.channel_id, f.message_id, f.user_id, "
        "f.question, f.answer_json, f.scenario, f.vote, "
        "(SELECT COUNT(*) FROM feedback_votes v WHERE v.answer_id = f.id AND v.vote = 'correct'), "
        "(SELECT COUNT(*) FROM feedback_votes v WHERE v.answer_id = f.id AND v.vote = 'wrong'), "
        "f.reviewed_by, f.reviewed_verdict, f.private FROM feedback f "
    )

    @staticmethod
    def _feedback(row: Sequence[Any]) -> FeedbackRecord:
        data = dict(zip(FeedbackRecord.field_names(), row, strict=True))
        data["private"] = bool(data["private"])
        return FeedbackRecord(**data)

    async def record_answer(
        self,
        *,
        question: str,
        answer_json: str | dict[str, Any],
        scenario: str | None = None,
        guild_id: int | None = None,
        channel_id: int | None = None,
        message_id: int | None = None,
        user_id: int | None = None,
        private: bool = False,
    ) -> int:
        """Keep an answer the bot gave so people can vote on it; returns its id.

        A private answer keeps only its votes: its question, answer and scenario are
        not stored, so no review can ever show them.
        """
        if private:
            question, answer_json, scenario = "", "{}", None
        if not isinstance(answer_json, str):
            answer_json = json.dumps(answer_json, ensure_ascii=False)
        return await self._write(
            "INSERT INTO feedback (created_at, guild_id, channel_id, message_id, user_id, "
            "question, answer_json, scenario, private) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                utc_now(),
                guild_id,
                channel_id,
                message_id,
                user_id,
                question,
                answer_json,
                scenario,
                int(private),
            ),
        )

    async def set_answer_message(self, answer_id: int, message_id: int) -> None:
        """Attach the Discord message that showed an answer (known only after sending)."""
        await self._write(
            "UPDATE feedback SET message_id = ? WHERE id = ?", (message_id, answer_id)
        )

    async def feedback(self, answer_id: int) -> FeedbackRecord | None:
        rows = await self._all(self._FEEDBACK_SELECT + "WHERE f.id = ?", (answer_id,))
        return self._feedback(rows[0]) if rows else None

    @staticmethod
    def _check_vote(vote: str | None, *, allow_none: bool) -> None:
        if vote is None and allow_none:
            return
        if vote not in ("correct", "wrong"):
            raise ValueError(f"vote must be 'correct' or 'wrong', not {vote!r}")

    async def vote(self, answer_id: int, user_id: int, vote: Vote | None) -> FeedbackRecord | None:
        """Record one user's vote (None withdraws it); the majority becomes the answer's vote.

        Returns the updated record, or None if there is no such answer.
        """
        self._check_vote(vote, allow_none=True)
        db = self._conn()
        async with self._writing():
            await db.execute("BEGIN IMMEDIATE")
            try:
                async with db.execute("SELECT 1 FROM feedback WHERE id = ?", (answer_id,)) as cur:
                    exists = await cur.fetchone()
                if not exists:
                    await db.execute("ROLLBACK")
                    return None
                if vote is None:
                    await db.execute(
                        "DELETE FROM feedback_votes WHERE answer_id = ? AND user_id = ?",
                        (answer_id, user_id),
                    )
                else:
                    await db.execute(
                        "INSERT INTO feedback_votes (answer_id, user_id, vote, voted_at) "
                        "VALUES (?, ?, ?, ?) ON CONFLICT (answer_id, user_id) DO UPDATE SET "
                        "vote = excluded.vote, voted_at = excluded.voted_at",
                        (answer_id, user_id, vote, utc_now()),
                    )
                await db.execute(
                    "UPDATE feedback SET vote = (SELECT CASE "
                    "WHEN SUM(vote = 'correct') > SUM(vote = 'wrong') THEN 'correct' "
                    "WHEN SUM(vote = 'wrong') > SUM(vote = 'correct') THEN 'wrong' END "
                    "FROM feedback_votes WHERE answer_id = ?) WHERE id = ?",
                    (answer_id, answer_id),
                )
                await db.execute("COMMIT")
            except BaseException:
                await self._rollback()
                raise
        return await self.feedback(answer_id)

    async def review(
        self, answer_id: int, judge_id: int, verdict: Vote | None, *, guild_id: int
    ) -> FeedbackRecord | None:
        """A reviewer's verdict on an answer given in ``guild_id``, overriding votes.

        None clears it. Returns None when that guild has no such answer.
        """
        self._check_vote(verdict, allow_none=True)
        db = self._conn()
        async with self._writing():
            cursor = await db.execute(
                "UPDATE feedback SET reviewed_by = ?, reviewed_verdict = ? "
                "WHERE id = ? AND guild_id = ?",
                (judge_id if verdict else None, verdict, answer_id, guild_id),
            )
            changed = cursor.rowcount
            await cursor.close()
        return await self.feedback(answer_id) if changed else None

    async def recent_wrong(self, limit: int = 20, *, guild_id: int) -> list[FeedbackRecord]:
        """Public answers given in ``guild_id`` judged wrong (review, else votes), newest first."""
        rows = await self._all(
            self._FEEDBACK_SELECT + "WHERE f.guild_id = ? AND NOT f.private "
            "AND COALESCE(f.reviewed_verdict, f.vote) = 'wrong' "
            "ORDER BY f.created_at DESC, f.id DESC LIMIT ?",
            (guild_id, max(0, int(limit))),
        )
        return [self._feedback(r) for r in rows]
