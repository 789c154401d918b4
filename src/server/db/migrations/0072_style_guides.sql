-- Style guides: the scheme's bi-weekly editorial pieces, written by staff in each locale, published at
-- a scheduled moment (when publish_at has passed), announced by a marketing campaign ('style-guide').
-- docs/decisions/0088-style-guides.md. Members' reads are not recorded.
CREATE TABLE style_guides (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Words per locale ({"en-GB": "...", "da-DK": "..."}); the body is Markdown, rendered with HTML off.
  title jsonb NOT NULL CHECK (jsonb_typeof(title) = 'object'),
  body jsonb NOT NULL CHECK (jsonb_typeof(body) = 'object'),
  cover_image_id uuid NOT NULL REFERENCES images (id),
  publish_at timestamptz NOT NULL,
  created_by uuid REFERENCES staff_members (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX style_guides_publish_at ON style_guides (publish_at DESC, id);
