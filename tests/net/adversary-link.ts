// A raw link into a Mesh, for attacks: frames written by hand (payloads and
// control messages, anything at all), no session and no hello. What the mesh
// sends back is read into `payloads` and `controls`.
import { frameControl, framePayload, Reassembler } from '../../src/lib/net/frame';
import type { Link, Mesh } from '../../src/lib/net/mesh';
import type { Payload, PeerId } from '../../src/lib/net';
import { FakeLink } from './fake-rtc';

export class RawLink {
  readonly payloads: Payload[] = [];
  readonly controls: Record<string, unknown>[] = [];
  closed = false;
  readonly #link: FakeLink;

  /** Wraps our end of a link whose other end a mesh holds. */
  constructor(link: FakeLink) {
    this.#link = link;
    const reassembler = new Reassembler();
    link.listen({
      frame: (frame) => {
        const r = reassembler.push(frame);
        if (!r.ok || r.value === undefined) return;
        if (r.value.kind === 'payload') this.payloads.push(r.value.data);
        else this.controls.push(r.value.message as Record<string, unknown>);
      },
      closed: () => {
        this.closed = true;
      },
    });
  }

  /** A link to `mesh` that it knows as coming from `as`. */
  static into(mesh: Mesh, as: PeerId): RawLink {
    const ours = new FakeLink();
    const theirs = new FakeLink();
    ours.other = theirs;
    theirs.other = ours;
    mesh.adopt(as, theirs as Link);
    return new RawLink(ours);
  }

  payload(data: Payload): boolean {
    return this.#link.send(framePayload(data));
  }

  control(message: unknown): boolean {
    return this.#link.send(frameControl(message));
  }

  close(): void {
    this.#link.close();
  }
}
