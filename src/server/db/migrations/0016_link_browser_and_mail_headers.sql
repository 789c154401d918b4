-- Links that survive mail scanners
-- (docs/decisions/0048-emailed-links-open-at-once-only.md): the hash of the random nonce cookie of the browser that asked
-- for the link. Opened there, the link works at once; opened anywhere else (another browser, a mail
-- gateway that opens every link), only a click on the page's one button spends it. Null when no
-- browser asked (staff, a partner): the click is then always needed.
ALTER TABLE link_tokens ADD COLUMN browser_hash text;

-- Headers a mail carries beyond the usual ones (List-Unsubscribe and
-- List-Unsubscribe-Post on marketing mail,
-- docs/decisions/0052-emails-from-one-set-of-react.md); a JSON object of name to value.
ALTER TABLE outbox_mail ADD COLUMN headers jsonb NOT NULL DEFAULT '{}';
