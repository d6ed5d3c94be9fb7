// A page whose code or messages did not arrive is marked for the error page, which
// asks once more (or reloads into a new version) before it offers a Reload.
import type { HandleClientError } from '@sveltejs/kit';
import { loadFailed } from '$lib/ui/load-retry';

export const handleError: HandleClientError = ({ error, message }) =>
  loadFailed(error) ? { message, load: true } : { message };
