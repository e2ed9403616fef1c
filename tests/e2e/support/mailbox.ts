/** The one-time codes the auth stand-in "sent", read from its local mailbox (/dev/mailbox). */
import { expect, type APIRequestContext } from '@playwright/test';

/** The newest code sent to `to` (an e-mail address or an E.164 number), waiting for it to arrive. */
export async function mailboxCode(request: APIRequestContext, to: string, after = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/dev/mailbox?format=json&to=${encodeURIComponent(to)}`);
      // E-mails from the outbox share the mailbox; only one-time codes count here.
      const messages = ((await res.json()) as { messages: { code: string }[] }).messages.filter((m) => m.code);
      code = messages.length > after ? messages[0].code : undefined;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}
