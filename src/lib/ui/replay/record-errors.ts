// Why a record file cannot be read, in the active language: every code of the
// record format has a message; the format's own sentence (with the details no
// code carries) is shown in English.
import type { RecordError, RecordErrorCode } from '$lib/record';
import site from '../i18n/site';
import { current } from '../i18n/locale.svelte';
import { sentence } from '../sentence';

const WORDS: Readonly<Record<RecordErrorCode, () => string>> = {
  EMPTY: () => site.replay_error_empty(),
  TRUNCATED: () => site.replay_error_truncated(),
  NOT_JSON: () => site.replay_error_not_json(),
  NOT_A_RECORD: () => site.replay_error_not_a_record(),
  UNSUPPORTED_VERSION: () => site.replay_error_unsupported_version(),
  MISSING_FIELD: () => site.replay_error_missing_field(),
  BAD_FIELD: () => site.replay_error_bad_field(),
  UNREADABLE: () => site.replay_error_unreadable(),
  TOO_LARGE: () => site.replay_error_too_large(),
};

export function recordErrorText(error: RecordError): string {
  return current.locale === 'en' ? sentence(error.message) : WORDS[error.code]();
}
