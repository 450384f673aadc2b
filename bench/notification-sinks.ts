/**
 * The receivers of bench/notifications.ts in a process of their own (as they would be other machines): a
 * local SMTP server and a Web Push endpoint that decrypts every message. Driven over IPC by the bench.
 */
import { startMailSink, startPushSink } from '../apps/server/src/modules/notifications/test-receivers.js';

const [mail, push] = await Promise.all([startMailSink(), startPushSink()]);

type Request = { type: 'devices'; count: number } | { type: 'counts' } | { type: 'close' };

process.on('message', async (message: Request) => {
  if (message.type === 'devices') {
    const devices = Array.from({ length: message.count }, () => {
      const d = push.device();
      return { endpoint: d.endpoint, keys: d.keys };
    });
    process.send?.({ type: 'devices', devices });
  } else if (message.type === 'counts') {
    process.send?.({ type: 'counts', push: push.total(), mail: mail.mails.length });
  } else {
    await Promise.all([mail.close(), push.close()]);
    process.exit(0);
  }
});
process.send?.({ type: 'ready', smtpUrl: mail.url });
// The bench is gone (finished or killed): so are its receivers.
process.on('disconnect', () => process.exit(0));
