-- A redemption after its read and PIN check, in one call (decision 101): the key, the counters that may refuse a
-- right PIN, the conditional debit, its ledger row (a refusal's too), the audit entry, the webhook outbox event, the
-- holder notice and the stored answer, committed together or not at all. Node builds what needs Node (the event's
-- text around the balance, the rendered notice, the transaction number) and derives the answer from the facts stored
-- here (server/modules/redemption/spend.ts). Outcomes: 'done' (body: the key's stored text, new or replayed),
-- 'in_progress' (another call holds the key), 'reused' (the key was sent with another body), 'busy' (a running attempt
-- of the step-by-step path holds the key), 'limited' (a counter refuses: nothing written, the step-by-step path answers).
CREATE OR REPLACE FUNCTION certdesk_redeem(
  p_owner uuid,
  p_key text,
  p_request_hash text,
  p_attempt uuid,
  p_counter_keys text[],
  p_counter_max integer[],
  p_certificate_id uuid,
  p_amount integer,
  p_now timestamptz,
  p_transaction_number text,
  p_user_id uuid,
  p_api_key_id uuid,
  p_history_limit integer,
  p_event_id uuid,
  p_event_head text,
  p_event_tail text,
  p_mail_to text,
  p_mail_subject text,
  p_mail_text text,
  p_mail_html text,
  p_mail_balance integer
) RETURNS TABLE (outcome text, status integer, body text)
LANGUAGE plpgsql AS $$
-- The answer's column names are also variables here; in statements the table's columns win.
#variable_conflict use_column
DECLARE
  held idempotency_keys%ROWTYPE;
  spent certificates%ROWTYPE;
  refusal text;
  facts text;
BEGIN
  -- A second call with the key while this one runs is told so at once (409), not queued behind it.
  IF NOT pg_try_advisory_xact_lock(hashtext(p_owner::text), hashtext(p_key)) THEN
    RETURN QUERY SELECT 'in_progress', NULL::integer, NULL::text;
    RETURN;
  END IF;

  -- A right PIN waits in the wrong PINs' line (decision 037), locked in countEvent's order; the step-by-step path
  -- (p_attempt) has decided them itself just before.
  IF p_attempt IS NULL THEN
    PERFORM 1 FROM rate_limits WHERE key = ANY (p_counter_keys) ORDER BY key COLLATE "C" FOR UPDATE;
    IF EXISTS (
      SELECT 1 FROM rate_limits r JOIN unnest(p_counter_keys, p_counter_max) AS l (key, max) ON r.key = l.key
      WHERE r.expires_at > p_now AND r.count >= l.max
    ) THEN
      RETURN QUERY SELECT 'limited', NULL::integer, NULL::text;
      RETURN;
    END IF;
  END IF;

  INSERT INTO idempotency_keys (user_id, key, request_hash, state, attempt, claimed_at, created_at)
  VALUES (p_owner, p_key, p_request_hash, 'running', coalesce(p_attempt, gen_random_uuid()), p_now, p_now)
  ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    SELECT * INTO held FROM idempotency_keys WHERE user_id = p_owner AND key = p_key FOR UPDATE;
    IF held.request_hash <> p_request_hash THEN
      RETURN QUERY SELECT 'reused', NULL::integer, NULL::text;
      RETURN;
    ELSIF held.state = 'done' THEN
      RETURN QUERY SELECT 'done', held.response_status, held.response_body;
      RETURN;
    ELSIF p_attempt IS NULL THEN
      RETURN QUERY SELECT 'busy', NULL::integer, NULL::text;
      RETURN;
    ELSIF held.attempt <> p_attempt THEN
      -- Taken over by a retry: this attempt commits nothing.
      RETURN QUERY SELECT 'in_progress', NULL::integer, NULL::text;
      RETURN;
    END IF;
  END IF;

  -- The balance can only fall by a recorded amount and never below zero, however many tills try at once.
  UPDATE certificates SET
    balance = balance - p_amount,
    redemptions_left = redemptions_left - 1,
    status = CASE WHEN balance = p_amount OR redemptions_left = 1 THEN 'redeemed' ELSE status END
  WHERE id = p_certificate_id AND status = 'active' AND balance >= p_amount AND valid_until > p_now
    AND (redemptions_left IS NULL OR redemptions_left > 0)
  RETURNING * INTO spent;

  IF NOT FOUND THEN
    -- Why it matched no row, read again under the statement's snapshot (statusOf's order: blocked, spent, expired).
    SELECT * INTO spent FROM certificates WHERE id = p_certificate_id;
    refusal := CASE
      WHEN spent.status = 'blocked' THEN 'CERTIFICATE_BLOCKED'
      WHEN spent.valid_until <= p_now AND spent.status <> 'redeemed' AND spent.balance <> 0
        AND spent.redemptions_left IS DISTINCT FROM 0 THEN 'CERTIFICATE_EXPIRED'
      WHEN spent.redemptions_left = 0 THEN 'REDEMPTION_LIMIT_REACHED'
      WHEN spent.status = 'redeemed' OR spent.balance = 0 THEN 'CERTIFICATE_REDEEMED'
      WHEN p_amount > spent.balance THEN 'AMOUNT_EXCEEDS_BALANCE'
      ELSE 'REDEEM_FAILED'
    END;
    INSERT INTO redemptions (transaction_number, certificate_id, certificate_number, order_number, currency, supplier_id,
      user_id, api_key_id, amount, status, error_code, idempotency_key, created_at)
    VALUES (p_transaction_number, spent.id, spent.number, spent.order_number, spent.currency, spent.supplier_id,
      p_user_id, p_api_key_id, p_amount, 'error', refusal, p_key, p_now);
    facts := json_build_object('facts', json_build_object('refusal', refusal))::text;
    UPDATE idempotency_keys SET state = 'done', response_status = 422, response_body = facts
    WHERE user_id = p_owner AND key = p_key;
    RETURN QUERY SELECT 'done', 422, facts;
    RETURN;
  END IF;

  -- The notice was rendered for the balance the read predicted; a redemption committed in between changed it, and
  -- the caller renders again for the balance it reads then.
  IF p_mail_to IS NOT NULL AND spent.balance <> p_mail_balance THEN
    RAISE EXCEPTION 'holder notice rendered for another balance' USING ERRCODE = 'CD001';
  END IF;

  INSERT INTO redemptions (transaction_number, certificate_id, certificate_number, order_number, currency, supplier_id,
    user_id, api_key_id, amount, status, idempotency_key, created_at)
  VALUES (p_transaction_number, spent.id, spent.number, spent.order_number, spent.currency, spent.supplier_id,
    p_user_id, p_api_key_id, p_amount, 'success', p_key, p_now);

  INSERT INTO audit_log (action, user_id, api_key_id, supplier_id, certificate_id, details, created_at)
  VALUES ('redemption', p_user_id, p_api_key_id, spent.supplier_id, spent.id,
    jsonb_build_object('amount', p_amount, 'transactionNumber', p_transaction_number), p_now);

  -- The company's webhooks hear of it only if this commits (decision 094): a delivery per subscribed endpoint.
  WITH subscribed AS (
    SELECT id AS endpoint_id FROM webhook_endpoints
    WHERE supplier_id = spent.supplier_id AND status = 'enabled' AND 'certificate.redeemed' = ANY (events)
  ), event AS (
    INSERT INTO webhook_events (id, supplier_id, type, body, created_at)
    SELECT p_event_id, spent.supplier_id, 'certificate.redeemed', p_event_head || spent.balance || p_event_tail, p_now
    WHERE EXISTS (SELECT 1 FROM subscribed)
    RETURNING id
  )
  INSERT INTO webhook_deliveries (endpoint_id, event_id, next_attempt_at, created_at)
  SELECT subscribed.endpoint_id, event.id, p_now, p_now FROM subscribed CROSS JOIN event;

  -- The cardholder's notice (decision 096), unless the company turned notices off.
  IF p_mail_to IS NOT NULL THEN
    INSERT INTO mail_outbox ("to", subject, "text", html, status, created_at, next_attempt_at)
    SELECT p_mail_to, p_mail_subject, p_mail_text, p_mail_html, 'pending', p_now, p_now
    WHERE EXISTS (SELECT 1 FROM suppliers WHERE id = spent.supplier_id AND holder_notices);
  END IF;

  -- The facts the answer is derived from, the first time and on every replay; the history sees the new row.
  facts := json_build_object('facts', json_build_object(
    'at', p_now,
    'transactionNumber', p_transaction_number,
    'amount', p_amount,
    'certificate', json_build_object(
      'id', spent.id, 'number', spent.number, 'status', spent.status, 'orderNumber', spent.order_number,
      'purchasedAt', spent.purchased_at, 'validUntil', spent.valid_until, 'denomination', spent.denomination,
      'balance', spent.balance, 'redemptionsLeft', spent.redemptions_left, 'currency', spent.currency,
      'holderEmail', spent.holder_email),
    'product', (SELECT json_build_object('id', p.id, 'name', p.name) FROM products p WHERE p.id = spent.product_id),
    'history', (
      SELECT coalesce(json_agg(json_build_object('createdAt', e.created_at, 'amount', e.amount,
        'transactionNumber', e.transaction_number) ORDER BY e.created_at DESC, e.latest DESC), '[]')
      FROM (
        SELECT r.created_at, r.amount, r.transaction_number, r.transaction_number = p_transaction_number AS latest
        FROM redemptions r WHERE r.certificate_id = spent.id AND r.status = 'success'
        ORDER BY r.created_at DESC, latest DESC LIMIT p_history_limit
      ) e)
  ))::text;
  UPDATE idempotency_keys SET state = 'done', response_status = 200, response_body = facts
  WHERE user_id = p_owner AND key = p_key;
  RETURN QUERY SELECT 'done', 200, facts;
END
$$;
