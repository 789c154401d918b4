-- A mail whose recipient must not stay on record (the confirmation of an account's deletion) is
-- deleted as soon as it is delivered instead of being kept for mail.retentionDays (docs/deletion.md).
ALTER TABLE outbox_mail ADD COLUMN forget_once_sent boolean NOT NULL DEFAULT false;
