import { maskUrlCredentials } from '../../schema/config.ts';

/**
 * An endpoint's URL, or a text that may quote one (a delivery's error), as the CLI and the sender's
 * logs show it: a user name's password and every query value masked. A receiver's URL is a secret
 * of its own: its token, when it has one, is in the query under whatever name the receiver chose.
 */
export const shownEndpointText = (text: string): string => maskUrlCredentials(text, { everyQueryValue: true });

/** Where a receiver's secret belongs instead of the URL's user name and password. */
export const RECEIVER_AUTHENTICATION =
  'receivers authenticate the sender by its signature (Ipo-Signature), and a secret token can go in the URL path or query';

/**
 * Whether the URL carries a user name or password: fetch refuses to build a request from one
 * ("Request cannot be constructed from a URL that includes credentials"), so it can never be delivered to.
 */
export function hasUrlCredentials(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.username !== '' || parsed.password !== '';
  } catch {
    return false;
  }
}

/** The error recorded for each attempt at an endpoint stored with credentials (added before `add` refused them). */
export const CREDENTIALS_NOT_SENT = `not sent: the URL has a user name or password, which fetch refuses; remove the endpoint and add it again without them (${RECEIVER_AUTHENTICATION})`;
