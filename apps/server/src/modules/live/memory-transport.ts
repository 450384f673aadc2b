import type { LiveEnvelope, LiveSink, LiveTransport } from './live-bus.js';

/** One process (SQLite deployments): a message reaches this instance's streams directly. */
export class MemoryTransport implements LiveTransport {
  private sink: LiveSink | null = null;

  async start(sink: LiveSink): Promise<void> {
    this.sink = sink;
  }

  async send(envelope: LiveEnvelope): Promise<void> {
    this.sink?.deliver(envelope);
  }

  async close(): Promise<void> {
    this.sink = null;
  }
}
