/**
 * The one catalogue of error codes (SPEC §8). The server answers
 * `{ error: { code, message, fields? } }`; the PWA turns `code` (and each field's
 * code) into localised text, so `message` is only an English fallback for people
 * reading raw answers.
 */
const catalogue = {
  // Transport and generic (SPEC §8 "HTTP")
  BAD_REQUEST: [400, 'Bad request'],
  MALFORMED_JSON: [400, 'The request body is not valid JSON'],
  VALIDATION_ERROR: [422, 'Validation error'],
  UNAUTHORIZED: [401, 'Sign-in required'],
  FORBIDDEN: [403, 'Not allowed'],
  NOT_FOUND: [404, 'Not found'],
  METHOD_NOT_ALLOWED: [405, 'Method not allowed'],
  REQUEST_TIMEOUT: [408, 'Request timeout'],
  CONFLICT: [409, 'Conflict'],
  PAYLOAD_TOO_LARGE: [413, 'The request body is too large'],
  UNSUPPORTED_MEDIA_TYPE: [415, 'Send the body as application/json'],
  RATE_LIMITED: [429, 'Too many requests, try later'],
  SERVER_ERROR: [500, 'Server Error'],
  NOT_IMPLEMENTED: [501, 'Not implemented'],
  SERVICE_UNAVAILABLE: [503, 'Service unavailable'],
  // Refused before any work was done (decision 068): the same call may be sent again after Retry-After.
  SERVER_BUSY: [503, 'The server is busy, try again in a few seconds'],

  // Field rules (SPEC §5); used as per-field codes and, alone, as error codes
  REQUIRED: [422, 'Fill in the field'],
  EMAIL_INVALID: [422, 'Enter a valid e-mail'],
  PHONE_INVALID: [422, 'Enter a valid phone number'],
  // A field refused with one of these carries its limit (LIMIT_CODES below).
  TOO_SHORT: [422, 'Too short'],
  TOO_LONG: [422, 'Too long'],
  WRONG_LENGTH: [422, 'Wrong length'],
  TOO_MANY: [422, 'Too many items'],
  WRONG_TYPE: [422, 'Wrong value'],
  UNKNOWN_VALUE: [422, 'Unknown value'],
  PASSWORD_TOO_SHORT: [422, 'Password must be at least 8 characters.'],
  PASSWORD_WEAK: [422, 'Use upper and lower case letters and digits'],
  PASSWORD_CONTROL_CHARS: [422, 'The password cannot contain control characters'],
  PASSWORD_COMMON: [422, 'This password is too common, choose another'],
  PASSWORDS_DO_NOT_MATCH: [422, 'Passwords do not match'],
  CODE_FORMAT: [422, 'The code is 6 digits'],
  OFFER_NOT_ACCEPTED: [422, 'Agree to the partner offer'],
  COLOR_INVALID: [422, 'Enter a colour as #RRGGBB'],

  // Auth and account
  INVALID_CREDENTIALS: [401, 'Incorrect login or password'],
  ACCOUNT_LOCKED: [429, 'Too many failed sign-ins, try later'],
  EMAIL_IN_USE: [409, 'This e-mail is already in use'],
  EMAIL_NOT_CONFIRMED: [403, 'Confirm your e-mail first'],
  WRONG_CONFIRMATION_CODE: [422, 'Wrong confirmation code'],
  CODE_EXPIRED: [422, 'The code has expired, ask for a new one'],
  TOO_MANY_ATTEMPTS: [429, 'Too many attempts, try later'],
  RESEND_TOO_EARLY: [429, 'Wait before asking for another code'],
  USER_BLOCKED: [403, 'Access is blocked: ask the administrator of your company to unblock you'],
  INVALID_REFRESH_TOKEN: [401, 'The session has ended, sign in again'],
  REFRESH_TOKEN_REUSED: [401, 'The session was ended for safety, sign in again'],
  INVALID_LINK: [400, 'The link is invalid or has expired'],
  // Not 401: the session is fine, only the proof for this change is missing or wrong.
  CURRENT_PASSWORD_REQUIRED: [422, 'Enter the current password'],
  WRONG_CURRENT_PASSWORD: [422, 'The current password is wrong'],
  PASSWORD_SAME: [422, 'The new password must differ from the current one'],
  // Decision 074: a registration waiting for its code keeps its password; an invited address joins by the invitation.
  REGISTRATION_PENDING: [409, 'This address is waiting for its confirmation code: enter the code from the mail or open its link'],
  EMAIL_INVITED: [409, 'This address has been invited to a company: open the link in the invitation mail to set your password'],

  // Redemption (SPEC §8 "Redeem")
  CERTIFICATE_EXPIRED: [422, 'Certificate expired'],
  CERTIFICATE_REDEEMED: [422, 'Certificate redeemed'],
  AMOUNT_EXCEEDS_BALANCE: [422, 'The amount exceeds the balance'],
  // Typed money that is no amount (decision 83): the till's and the catalogue's fields; the API itself takes minor units.
  AMOUNT_FORMAT: [422, 'Enter an amount like 1,000.50 (at most two decimals)'],
  SUPPLIER_NOT_FOUND: [404, 'Supplier not found'],
  CERTIFICATE_NOT_FOUND: [404, 'Certificate not found'],
  REDEEM_FAILED: [422, 'Something happened'],
  CERTIFICATE_BLOCKED: [422, 'Certificate blocked'],
  CERTIFICATE_NUMBER_INVALID: [422, 'Check the certificate number'],
  INCORRECT_PIN: [422, 'Incorrect PIN'],
  CERTIFICATE_LOCKED: [429, 'Too many wrong PINs: the certificate is locked for a while'],
  TOO_MANY_LOOKUPS: [429, 'Too many failed checks, pause for a while'],
  REDEMPTION_LIMIT_REACHED: [422, 'No redemptions left on this certificate'],
  AMOUNT_NOT_INTEGER: [422, 'The amount is a whole number of minor units'],
  AMOUNT_TOO_SMALL: [422, 'The amount must be positive'],
  IDEMPOTENCY_KEY_REQUIRED: [400, 'Send an Idempotency-Key header'],
  IDEMPOTENCY_KEY_REUSED: [422, 'This Idempotency-Key was used for another request'],
  IDEMPOTENCY_IN_PROGRESS: [409, 'The first request with this Idempotency-Key is still running'],
  INVALID_API_KEY: [401, 'Invalid API key'],
  // A company's API keys and the register API (decision 093)
  API_KEY_REVOKED: [401, 'This API key was revoked: ask an administrator of the company for a new one'],
  API_KEY_SCOPE_MISSING: [403, 'This API key may not do this: its scopes do not include it'],
  API_KEY_SCOPE_REQUIRED: [422, 'Choose at least one permission'],
  API_KEY_LIMIT_REACHED: [409, 'A company has at most 20 active API keys: revoke one first'],
  API_KEY_NOT_FOUND: [404, 'API key not found'],

  // Users (SPEC §8 "Blocking", §5)
  ADMIN_CANNOT_BE_BLOCKED: [422, 'The administrator cannot be blocked'],
  ROLE_REQUIRED: [422, 'A user must keep at least one role'],
  // Users and invitations (decision 53)
  USER_NOT_FOUND: [404, 'This person is not in the company'],
  USER_ALREADY_MEMBER: [409, 'This person is already in the company'],
  LAST_ADMIN: [422, 'The company must keep at least one administrator'],
  OWN_ACCESS_LOCKED: [422, 'Your own roles and access are changed by another administrator'],
  MEMBERSHIP_BLOCKED: [403, 'Your access to this company is blocked'],
  INVITATION_EXPIRED: [410, 'The invitation has expired: ask the administrator to send it again'],
  INVITATION_NOT_PENDING: [409, 'The person has already accepted the invitation'],
  // Decision 074: joining is the person's choice.
  USER_ALREADY_INVITED: [409, 'This address is already invited: send the invitation again from the person’s page'],
  COMPANY_NOT_MODERATED: [409, 'A company invites people once it has passed moderation'],
  STAFF_NOT_INVITABLE: [422, 'Marketplace staff cannot join a supplier company'],
  INVITATION_NOT_FOUND: [404, 'There is no such invitation: it may have been withdrawn'],
  INVITATION_FOR_ACCOUNT: [409, 'You already have an account: sign in with your password to accept'],
  INVITATION_NEEDS_PASSWORD: [409, 'Set a password to accept the invitation'],

  // Supplier create (SPEC §8)
  LEGAL_TYPE_NOT_SET: [422, 'Legal type is not set'],
  LEGAL_TYPE_NOT_FOUND: [422, 'Legal type not found'],
  CATALOG_COEFFICIENT_NOT_FOUND: [422, 'Catalog coefficient not found'],
  AGENT_NOT_FOUND: [422, 'Agent not found'],
  LEGAL_DATA_NOT_FOUND: [422, 'Legal data not found'],
  BANK_DATA_NOT_FOUND: [422, 'Bank data not found'],
  NO_SUPPLIER_USERS: [422, 'The supplier has no users'],
  WIDGET_COEFFICIENT_NOT_FOUND: [422, 'Widget coefficient not found'],
  ITEM_NOT_FOUND: [404, 'Item not found'],
  WRONG_VAT_NUMBER: [422, 'Wrong VAT number'],
  TIN_ALREADY_REGISTERED: [409, 'This tax id is already registered'],
  TIN_EMPTY: [422, 'Enter the tax id'],
  TIN_DIGITS_ONLY: [422, 'The tax id has digits only'],
  TIN_LENGTH: [422, 'The tax id has 10 or 12 digits'],
  TIN_WRONG: [422, 'Wrong tax id'],
  PARENT_HAS_PARENT: [422, 'A parent supplier cannot have its own parent'],
  PARENT_NOT_ACTIVE: [422, 'Only an active (moderated) company can be a parent'],
  INVALID_PARENT_ID: [422, 'Invalid parent supplier'],
  INVALID_WEBSITE: [422, 'Enter a valid website address'],
  WRONG_WEBSITE: [422, 'Wrong website'],
  LINK_CODE_MISSING: [422, 'The link has no {code}: put it where the certificate code goes'],
  INCORRECT_ACCOUNT_NUMBER: [422, 'Incorrect account number'],
  SWIFT_IBAN_MISMATCH: [422, 'SWIFT does not match IBAN'],
  WRONG_NIF: [422, 'Wrong NIF'],
  BIK_NOT_FOUND: [422, 'BIK not found'],
  // Requisites per country (decision 49): one code per field, its message says what the field holds.
  TIN_LEGAL_TYPE_MISMATCH: [422, 'This tax id does not fit the legal type'],
  UNP_WRONG: [422, 'Check the UNP: 9 characters with a valid check digit'],
  BIN_WRONG: [422, 'Check the BIN or IIN: 12 digits with a valid check digit'],
  KPP_WRONG: [422, 'Check the KPP: 9 characters — 4 digits, 2 digits or capital Latin letters, 3 digits'],
  OGRN_WRONG: [422, 'Check the OGRN: 13 digits (a sole trader’s OGRNIP: 15) with a valid check digit'],
  BIK_WRONG: [422, 'The BIK has 9 digits and starts with 04'],
  IBAN_WRONG: [422, 'Check the IBAN: country code, check digits and length'],
  IBAN_COUNTRY_WRONG: [422, 'The IBAN belongs to another country'],
  SWIFT_WRONG: [422, 'Check the SWIFT (BIC) code: 8 or 11 characters'],
  KBE_WRONG: [422, 'The KBE has 2 digits: 1 or 2, then 1 to 9'],
  // Company lifecycle and moderation (decision 50)
  SUPPLIER_NOT_EDITABLE: [409, 'The company is on moderation or active: it cannot be changed now'],
  SUPPLIER_NOT_CANCELLABLE: [409, 'Only a draft that was never submitted can be cancelled'],
  SUPPLIER_NOT_ON_MODERATION: [409, 'The company is not waiting for moderation'],
  COUNTRY_MISMATCH: [422, "The country differs from the company's"],
  TIN_MISMATCH: [422, "The tax id differs from the company's"],
  OFFER_NOT_FOUND: [404, 'The company has not accepted the offer yet'],
  // Staff and the company structure (decisions 077, 078)
  STAFF_CANNOT_CREATE_COMPANY: [403, 'Marketplace staff cannot create companies'],
  OWN_COMPANY_MODERATION: [403, 'You belong to this company: another moderator decides on it and its products'],
  SUPPLIER_HAS_BRANCHES: [409, 'The company has branches: move them to another parent first'],
  OGRN_ALREADY_REGISTERED: [409, 'This OGRN is already registered'],

  // Catalogue (SPEC §3-§5, decision 055)
  DATE_INVALID: [422, 'Enter a date as DD.MM.YYYY'],
  VALUE_TOO_SMALL: [422, 'The value is too small'],
  VALUE_TOO_LARGE: [422, 'The value is too large'],
  DUPLICATE_VALUE: [422, 'This value is given twice'],
  PRODUCT_NOT_FOUND: [404, 'Product not found'],
  PRODUCT_NOT_EDITABLE: [409, 'The product is on moderation: it cannot be changed now'],
  PRODUCT_NOT_ON_MODERATION: [409, 'The product is not waiting for moderation'],
  PRODUCT_NOT_DELETABLE: [409, 'A certificate that has been on sale cannot be deleted: take it off sale instead'],
  PRODUCT_INCOMPLETE: [422, 'Fill in every step before submitting'],
  PRODUCT_NOT_ON_SALE: [422, 'The product is not on sale'],
  PROVIDER_CODES_NOT_ISSUED: [422, 'The product uses the provider’s codes: the platform does not issue them'],
  NAME_KZ_REQUIRED: [422, 'Enter the name in Kazakh'],
  DENOMINATION_REQUIRED: [422, 'Add at least one denomination'],
  DENOMINATION_DUPLICATE: [422, 'This denomination is given twice'],
  DENOMINATION_NOT_ALLOWED: [422, "The product's denominations do not include this amount"],
  RANGE_INVALID: [422, 'The largest amount must be greater than the smallest'],
  MULTIPLICITY_INVALID: [422, 'The step must divide the range from the smallest to the largest amount'],
  PATTERN_INVALID: [422, 'The pattern is not a valid expression (RE2 syntax, no back-references)'],
  PATTERN_NOT_FOR_OWN_CODES: [422, 'Own codes are the platform’s numbers: patterns apply to provider codes only'],
  PIN_PATTERN_WITHOUT_PIN: [422, 'A PIN pattern needs the PIN to be required'],
  SAMPLE_MISMATCH: [422, 'The sample does not match the pattern'],
  CODE_RESET_CONFIRMATION_REQUIRED: [409, 'Switching to own codes resets the code settings: confirm it'],
  POSTCODE_INVALID: [422, 'Check the postcode'],
  RECEPTION_POINT_REQUIRED: [422, 'Offline acceptance needs at least one reception point'],
  MULTI_USE_CONFLICT: [422, 'A disposable certificate is used once; a reusable one more than once'],
  EXTENSION_CONFLICT: [422, 'A perpetual certificate cannot be extended'],
  VALIDITY_DATE_PAST: [422, 'The expiry date must be in the future'],
  SYMBOLIC_CODE_INVALID: [422, 'Use lower-case Latin letters, digits and dashes'],
  SYMBOLIC_CODE_TAKEN: [409, 'Another product has this symbolic code'],
  IMAGE_REQUIRED: [422, 'Add at least one image'],
  IMAGE_NOT_FOUND: [404, 'Image not found'],
  PIN_FORMAT_INVALID: [422, 'Check the PIN'],

  // Images (SPEC §8 "Images")
  IMAGE_WRONG_RATIO: [422, 'The image must be 1360×620 px or larger in the same ratio, up to 5440×2480 px'],
  IMAGE_TOO_LARGE: [422, 'The image must be at most 1 MB'],
  IMAGE_WRONG_TYPE: [422, 'The image must be JPG or PNG'],
  IMAGE_LIMIT: [422, 'At most 8 images'],
  // Decision 076: a PNG whose compressed data inflates past what its pixels need (a decompression bomb).
  IMAGE_DATA_OUT_OF_PROPORTION: [
    422,
    'The image file holds more data than its picture needs: save it again in an image editor and upload the new file',
  ],

  // Analytics (decision 056)
  DATE_REQUIRED: [422, 'Pick both the first and the last day'],
  DATE_RANGE_INVALID: [422, 'The last day comes before the first'],
  DATE_RANGE_TOO_LONG: [422, 'A report covers at most five years'],
  REPORT_TOO_LARGE_FOR_MAIL: [422, 'The report is too large to e-mail: narrow the filter or download it'],

  // Webhooks (decision 094)
  WEBHOOK_URL_INVALID: [422, 'Enter a full address that starts with https://'],
  WEBHOOK_URL_NOT_HTTPS: [422, 'The address must start with https://'],
  WEBHOOK_URL_PRIVATE: [422, 'The address leads to a local or private network: give one reachable from the internet'],
  WEBHOOK_EVENTS_REQUIRED: [422, 'Pick at least one event'],
  WEBHOOK_ENDPOINT_LIMIT: [409, 'A company has at most 10 webhook endpoints: delete one first'],
  REPORT_SCHEDULE_LIMIT: [409, 'A company has at most 20 scheduled reports: delete one first'],
  WEBHOOK_ENDPOINT_DISABLED: [409, 'The endpoint is disabled: enable it first'],
} as const satisfies Record<string, readonly [number, string]>;

export type ErrorCode = keyof typeof catalogue;
export const ERROR_CODES = Object.keys(catalogue) as ErrorCode[];

export const errorStatus = (code: ErrorCode): number => catalogue[code][0];
export const errorMessage = (code: ErrorCode): string => catalogue[code][1];
export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && Object.hasOwn(catalogue, value);

/**
 * The codes of a broken limit (SPEC §5 "Minimum length {min}; maximum length {max}; wrong length"), each with the
 * name its message gives the limit: a text's length, or a list's number of items (TOO_MANY).
 */
export const LIMIT_CODES = { TOO_SHORT: 'min', TOO_LONG: 'max', WRONG_LENGTH: 'length', TOO_MANY: 'max' } as const;
export type LimitCode = keyof typeof LIMIT_CODES;
export const isLimitCode = (code: string): code is LimitCode => Object.hasOwn(LIMIT_CODES, code);

/** A limit as its code's message names it: `{ max: 45 }` for TOO_LONG, `{ length: 9 }` for WRONG_LENGTH. */
export type FieldLimit = Partial<Record<(typeof LIMIT_CODES)[LimitCode], number>>;

/** A field's error as a form shows it: its code, with the limit when the code names one. */
export type FieldError = ErrorCode | { code: ErrorCode; limit: FieldLimit };

/** The field error of a code and, when the code names one, its limit (decision 078); a limit of another code is dropped. */
export const fieldError = (code: ErrorCode, limit: FieldLimit | undefined): FieldError =>
  limit && isLimitCode(code) ? { code, limit } : code;

/**
 * The limit a validation issue broke, when its code names one: a length check of the shared schemas keeps its bound
 * in `requirement` (valibot's minLength, maxLength, length), so form and server read the same number.
 */
export const issueLimit = (issue: { message: string; requirement?: unknown }): FieldLimit | undefined =>
  isLimitCode(issue.message) && typeof issue.requirement === 'number' ? { [LIMIT_CODES[issue.message]]: issue.requirement } : undefined;

/** The body of every failed answer. */
export interface ApiError {
  code: ErrorCode;
  message: string;
  /** Field name → error code of that field. */
  fields?: Record<string, ErrorCode>;
  /** Field name → the limit its code names (only fields with a code of LIMIT_CODES): `{ name: { max: 100 } }`. */
  limits?: Record<string, FieldLimit>;
  /** Seconds until the action may be tried again (rate limits, resend countdown). */
  retryAfterSeconds?: number;
}
